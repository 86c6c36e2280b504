// trainscope-cli check: the dataset health check (engine/data/dataset_health.h) of an
// image folder, an experiment's dataset, or the built-in Fashion-MNIST.
#pragma once

#include <string>
#include <vector>

namespace trainscope::cli {

// `folder` (an image folder) or `config` (an experiment's dataset); neither: Fashion-MNIST.
int checkCommand(const std::string& folder, const std::string& config, const std::vector<std::string>& overrides,
                 bool json);

}  // namespace trainscope::cli
