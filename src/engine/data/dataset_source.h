// Opens the dataset an experiment names, and lists the built-in ones.
#pragma once

#include "engine/config/config.h"
#include "engine/data/dataset.h"

namespace trainscope {

// Problems with the dataset that a run cannot start with (missing files or folder),
// each naming the config field. Empty when the dataset is there.
Problems checkDatasetAvailable(const DatasetConfig& config);

// Opens the train and validation splits (after subsets). Throws std::runtime_error.
DatasetSplits openDataset(const ExperimentConfig& config);

// [C, H, W] of the first loadable sample after the pipeline. Throws std::runtime_error.
std::vector<int64_t> inputShapeOf(const Dataset& dataset, const std::vector<TransformSpec>& pipeline, uint64_t seed);

}  // namespace trainscope
