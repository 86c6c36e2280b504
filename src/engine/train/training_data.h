// The data side of a run, set up as torch.utils.data would: the experiment's dataset
// (the teaching pitfalls applied to its transforms), a DataLoader per split, and the
// input shape the model will see.
#pragma once

#include "engine/config/config.h"
#include "engine/data/data_loader.h"
#include "engine/data/dataset.h"

#include <memory>
#include <vector>

namespace trainscope {

struct TrainingData {
  DatasetSplits splits;
  std::unique_ptr<DataLoader> train, val;
  std::vector<int64_t> input_shape;  // [channels, height, width]
};

// Throws ConfigError naming the field when the data cannot serve the run: an unusable
// dataset, a batch larger than the training set with drop_last, validation images of
// another size than training ones.
// `shard` of `shards`: this process's part of a data-parallel run (data_loader.h).
TrainingData openTrainingData(const ExperimentConfig& config, bool pinMemory, int shard = 0, int shards = 1);

}  // namespace trainscope
