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
// The most classes a classification may have: every epoch's confusion matrix is kept
// (classes² counts: 8 MB an epoch at this limit, ImageNet-1k's count). More is refused
// by openDataset, naming dataset.root (or dataset.target for a table).
constexpr int64_t kMaxClasses = 1000;

// [C, H, W] of the first loadable sample after the pipeline. Throws std::runtime_error.
std::vector<int64_t> inputShapeOf(const Dataset& dataset, const std::vector<TransformSpec>& pipeline, uint64_t seed);

}  // namespace trainscope
