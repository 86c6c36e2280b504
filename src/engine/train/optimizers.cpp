#include "engine/train/optimizers.h"

namespace trainscope {

std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const OptimizerConfig& c, std::vector<torch::Tensor> params) {
  namespace optim = torch::optim;
  if (c.name == "adam") {
    return std::make_unique<optim::Adam>(
        params, optim::AdamOptions(c.lr).betas({c.betas[0], c.betas[1]}).eps(c.eps).weight_decay(c.weight_decay));
  }
  if (c.name == "adamw") {
    return std::make_unique<optim::AdamW>(
        params, optim::AdamWOptions(c.lr).betas({c.betas[0], c.betas[1]}).eps(c.eps).weight_decay(c.weight_decay));
  }
  return std::make_unique<optim::SGD>(
      params, optim::SGDOptions(c.lr).momentum(c.momentum).nesterov(c.nesterov).weight_decay(c.weight_decay));
}

void setLearningRate(torch::optim::Optimizer& optimizer, double lr, double backboneFactor) {
  auto& groups = optimizer.param_groups();
  for (size_t i = 0; i < groups.size(); ++i)
    groups[i].options().set_lr(groups.size() == 2 && i == 0 ? lr * backboneFactor : lr);
}

}  // namespace trainscope
