// trainscope-cli check: the dataset health check (engine/data/dataset_health.h) of an
// image folder, an experiment's dataset, or the built-in Fashion-MNIST.
#pragma once

#include <string>
#include <vector>

namespace trainscope::cli {

struct CheckRequest {
  std::string folder, config;  // an image folder, or an experiment's dataset; neither: Fashion-MNIST
  std::vector<std::string> overrides;
  std::vector<std::string> thresholds;  // KEY=VALUE: a quality check's threshold
  bool all_pairs = false;               // near duplicates by comparing every pair
  bool json = false;
};

int checkCommand(const CheckRequest& request);

}  // namespace trainscope::cli
