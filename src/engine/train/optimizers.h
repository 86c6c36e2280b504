// torch.optim from the config: SGD (momentum, nesterov, weight decay), Adam, AdamW.
#pragma once

#include "engine/config/config.h"

#include <torch/torch.h>

#include <memory>

namespace trainscope {

std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const OptimizerConfig& config,
                                                       std::vector<torch::Tensor> parameters);
void setLearningRate(torch::optim::Optimizer& optimizer, double lr);

}  // namespace trainscope
