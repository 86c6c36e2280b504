// torch.optim from the config: SGD (momentum, nesterov, weight decay), Adam, AdamW.
#pragma once

#include "engine/config/config.h"

#include <torch/torch.h>

#include <memory>

namespace trainscope {

std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const OptimizerConfig& config,
                                                       std::vector<torch::Tensor> parameters);
// Sets every group's rate; with two groups (fine-tuning), group 0, the backbone, gets
// lr * backboneFactor.
void setLearningRate(torch::optim::Optimizer& optimizer, double lr, double backboneFactor = 1.0);

}  // namespace trainscope
