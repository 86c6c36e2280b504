// What a run is called in the run list, legends and CSV columns. Plain C++.
#pragma once

#include "engine/config/config.h"

#include <string>

namespace trainscope {

// "<model>-<dataset>": "lenet-fashion-mnist", "fastcnn-holiday_photos". The dataset of
// an image folder is its folder's name; a TorchScript model is its file's stem.
std::string modelAndDataset(const ExperimentConfig& config);

// The run's name: config.run_name when set, else modelAndDataset() and the start
// time the run folder was named with ("lenet-fashion-mnist 14:32:07"), so two runs of
// one preset differ in every legend.
std::string runDisplayName(const ExperimentConfig& config, const std::string& folderName);

}  // namespace trainscope
