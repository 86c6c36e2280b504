// torch.utils.data.DataLoader in C++: worker threads build whole batches (load,
// transform, collate) ahead of the training loop, within a bounded prefetch window,
// and hand them over in order. Shuffling and augmentation are seeded per (seed,
// epoch, sample), so results do not depend on the number of workers and an epoch can
// be restarted at any batch.
#pragma once

#include "engine/data/dataset.h"
#include "engine/data/transforms.h"

#include <torch/torch.h>

#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

namespace trainscope {

struct Batch {
  torch::Tensor inputs;           // [N, C, H, W] float; a table's [N, F] float; text's [N, L] int64 token ids, 0-padded
  torch::Tensor targets;          // [N] int64
  torch::Tensor samples;          // [N] int64: each sample's index in the dataset (after a fallback, the one used)
  int64_t index = 0;              // batch number within the epoch
  int64_t tokens = 0, slots = 0;  // text: the documents' tokens, and N x L (the rest is padding)
};

struct DataLoaderOptions {
  int64_t batch_size = 64;
  int num_workers = 2;      // 0 = load in the calling thread
  int prefetch_factor = 2;  // batches in flight per worker
  bool shuffle = true;
  bool drop_last = false;
  bool pin_memory = false;  // page-locked batches for faster, non_blocking copies to CUDA
  uint64_t seed = 0;
  // Data parallelism, as torch.utils.data.DistributedSampler: after the (seed, epoch)
  // shuffle, shard `shard` of `shards` takes every shards-th sample from position
  // `shard`. With pad_shards the order is first padded with its own start to a multiple
  // of `shards`, so every process has as many batches (training); without, shards
  // differ by at most one sample and each sample is in exactly one (validation).
  int shard = 0, shards = 1;
  bool pad_shards = true;
  // Text (Dataset::tokenCount): every batch padded to this length (the "dataset-longest"
  // padding); 0 pads each batch to its own longest document.
  int64_t pad_to = 0;
  // Text: the shuffled order sorted by length within windows of 50 batches, then those
  // batches shuffled, so documents of a batch have similar lengths.
  bool bucket_by_length = false;
};

class DataLoader {
 public:
  DataLoader(std::shared_ptr<const Dataset> dataset, std::shared_ptr<const Compose> transform,
             DataLoaderOptions options);
  ~DataLoader();
  DataLoader(const DataLoader&) = delete;
  DataLoader& operator=(const DataLoader&) = delete;

  int64_t batchesPerEpoch() const;
  int64_t datasetSize() const { return dataset_->size(); }
  const Dataset& dataset() const { return *dataset_; }
  int64_t shardSize() const;  // the samples this process sees per epoch
  // Starts (or restarts) iteration over `epoch`, beginning at batch `firstBatch`.
  void startEpoch(int64_t epoch, int64_t firstBatch = 0);
  // The next batch in order; blocks until a worker has it. nullopt at the epoch's end.
  // A failure inside a worker is rethrown here as std::runtime_error.
  std::optional<Batch> next();
  // Samples that could not be loaded since the last call (each reported once).
  std::vector<SkippedItem> takeSkipped();
  // The indices of the samples in a batch of this epoch, as the loader orders them.
  std::vector<int64_t> batchIndices(int64_t batch) const;

 private:
  struct Slot {
    std::optional<Batch> batch;
    std::string error;
  };
  void stopWorkers();
  void workerLoop();
  Batch buildBatch(int64_t batch);
  Batch buildTextBatch(const std::vector<int64_t>& indices);
  void bucketByLength(uint64_t seed);
  // The sample, or the next loadable one (reported), loaded and transformed.
  void loadWithFallback(int64_t index, int64_t& used, PipelineImage& img);

  std::shared_ptr<const Dataset> dataset_;
  std::shared_ptr<const Compose> transform_;
  DataLoaderOptions options_;

  int64_t epoch_ = 0;
  std::vector<int64_t> order_;
  int64_t nextBatch_ = 0, endBatch_ = 0;
  // The next batch no worker has taken yet: each worker takes the next one free, so a
  // worker that waits for a core (a busy machine) holds back one batch, not every n-th.
  int64_t unclaimed_ = 0;

  std::mutex mutex_;
  std::condition_variable produced_, consumed_;
  std::map<int64_t, Slot> ready_;
  bool cancel_ = false;
  std::vector<std::thread> workers_;

  std::mutex skippedMutex_;
  std::set<std::string> skippedSeen_;
  std::vector<SkippedItem> skippedNew_;
};

}  // namespace trainscope
