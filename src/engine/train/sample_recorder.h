// A run's per-sample records, from the forward passes training and validation already
// do (no extra pass): the training dynamics (samples.h5, record/sample_file.h), where
// each training batch's logits give every sample's loss, the probability of its label,
// its margin and its prediction (a mixed MixUp/CutMix batch is not recorded, its
// labels being blended); and the validation predictions (predictions.h5,
// record/prediction_file.h): each epoch's confusion matrix, the last epoch's predictions.
// A regression records only its validation predictions against the truth (residuals.h5).
#pragma once

#include "engine/data/dataset.h"
#include "engine/models/layer_stack.h"
#include "engine/record/prediction_file.h"
#include "engine/record/residual_file.h"
#include "engine/record/sample_file.h"
#include "engine/train/validation.h"

#include <torch/torch.h>

#include <string>

namespace trainscope {

// Each sample's loss (cross-entropy of its label), the probability of its label, the
// margin of its label's logit over the largest other, and its predicted class, from a
// batch's logits [N, C] and labels [N]: CPU and contiguous (float, float, float, int32).
struct SampleOutcomes {
  torch::Tensor loss, p_label, margin, predicted;
};
SampleOutcomes sampleOutcomes(const torch::Tensor& logits, const torch::Tensor& labels);

// saliency.h5 (record/saliency_file.h) for a text run's validation mistakes: "" or why it
// could not be written (a view: the run goes on without it).
std::string recordTokenSaliency(LayerStack& model, const Dataset& val, const ValidationResult& validation,
                                const torch::Device& device, const std::string& runDir);

class SampleRecorder {
 public:
  // NoisyLabels' flips in the training split are recorded too. On a resume the epochs
  // already in the run folder are kept.
  SampleRecorder(const DatasetSplits& splits, const std::string& runDir, bool resuming);
  void startEpoch();
  void record(const torch::Tensor& samples, const torch::Tensor& logits, const torch::Tensor& targets);
  // Writes samples.h5 and predictions.h5 with the epoch just completed; "" or why they
  // could not be (they are a view: the run goes on without them).
  std::string endEpoch(const ValidationResult& validation);
  // The epoch in progress, for a data-parallel run to merge what each rank saw.
  std::vector<std::vector<float>*> floatRowsOfEpoch() {
    return {&d_.loss.back(), &d_.p_label.back(), &d_.margin.back()};
  }
  std::vector<int32_t>& predictedOfEpoch() { return d_.predicted.back(); }
  // A resume from a checkpoint `epochsDone` epochs and `batchInEpoch` batches in: the
  // epochs past it are dropped (a kill between samples.h5 and the checkpoint), and the
  // epoch in progress starts from what its batches before the checkpoint recorded
  // (saveInEpoch's file), so no entry of a trained batch stays NaN.
  void resumeAt(int64_t epochsDone, int64_t batchInEpoch);
  // Before a checkpoint inside an epoch: the epoch's row so far, in
  // checkpoints/samples-epoch<E>-batch<B>.h5 (samples.h5 keeps whole epochs alone);
  // "" or why it could not be written; nothing at an epoch's start (batchInEpoch 0).
  std::string saveInEpoch(int64_t epoch, int64_t batchInEpoch);
  // A data-parallel follower records (to merge) but never writes: rank 0 does.
  void setWriter(bool writer) { writer_ = writer; }
  // Seconds spent recording and writing so far (its cost: run.json's samples_seconds).
  double seconds() const { return seconds_; }

 private:
  SampleDynamics d_;
  ValidationPredictions v_;
  ValidationResiduals residuals_;
  double targetMean_ = 0, targetStd_ = 1;  // a regression's predictions are standardised
  bool regression_ = false;
  std::string path_, predictionsPath_, residualsPath_, checkpointsDir_;
  SampleDynamics seed_;  // the epoch in progress as recorded before the checkpoint resumed from
  bool inEpoch_ = false, writer_ = true;
  double seconds_ = 0;
};

}  // namespace trainscope
