// Data parallelism on c10d's collectives: there is no DistributedDataParallel in the
// C++ frontend (pytorch#48959), so this is its core. Parameters and buffers start from
// rank 0's; gradients are all-reduced in buckets launched from per-parameter hooks while
// the backward pass goes on, then averaged; BatchNorm's running statistics are averaged
// at each epoch's end (there is no SyncBatchNorm in C++); a step's loss, accuracy and
// its stop, pause and NaN-guard flags are agreed in one small all-reduce, so every rank
// takes the same decision at the same step.
#pragma once

#include "engine/models/layer_stack.h"
#include "engine/train/distributed/process_group.h"
#include "engine/train/validation.h"

#include <torch/torch.h>

#include <memory>
#include <vector>

namespace trainscope {

class GradientBuckets {
 public:
  GradientBuckets(std::shared_ptr<DistributedGroup> group, LayerStack model, double bucketMb);
  ~GradientBuckets();
  // Before the backward pass of a step's last micro-batch (the one that synchronises:
  // earlier ones accumulate locally, as DDP's no_sync). Rebuilds the buckets when the
  // trainable parameters changed (model.freeze).
  void beginSync();
  // After it (also when this rank skipped its backward): launches the buckets not yet
  // launched, waits for all, and leaves every rank the same averaged gradients.
  void finish();
  // Seconds this rank waited for gradients after its backward ended (communication not
  // hidden by the overlap).
  double waitedSeconds() const { return waited_; }
  int64_t bucketCount() const;

 private:
  struct Bucket;
  void rebuild();
  void ready(size_t param, const torch::Tensor& incoming);
  void launchReady();
  void launch(Bucket& b);

  std::shared_ptr<DistributedGroup> group_;
  LayerStack model_;
  std::vector<torch::Tensor> params_;
  std::vector<bool> trainable_, hooked_;
  double bucketBytes_;
  std::vector<Bucket> buckets_;
  std::vector<std::pair<size_t, int64_t>> where_;  // per parameter: bucket, offset (bucket -1 = none)
  size_t nextLaunch_ = 0;
  bool syncing_ = false;
  double waited_ = 0;
};

// Rank 0's parameters and buffers on every rank.
void broadcastModel(DistributedGroup& group, LayerStack& model);
// Floating-point buffers (BatchNorm's running mean and variance) averaged over the ranks.
void averageBuffers(DistributedGroup& group, LayerStack& model);

struct StepAgreement {
  double loss_sum = 0, correct = 0, seen = 0;     // summed over the ranks
  bool bad = false, stop = false, pause = false;  // true on any rank
};
StepAgreement agree(DistributedGroup& group, const StepAgreement& mine);

// Each rank validated its shard: the whole split's loss, accuracy, confusion matrix and
// per-sample predictions on every rank, exactly.
void mergeValidation(DistributedGroup& group, ValidationResult& r);

// One epoch's per-sample rows (samples.h5): each rank saw its shard, NaN (and -1) where
// it did not; every rank ends with all of them (a padded sample seen twice: the mean).
void mergeSampleRows(DistributedGroup& group, const std::vector<std::vector<float>*>& rows,
                     std::vector<int32_t>& predicted);

}  // namespace trainscope
