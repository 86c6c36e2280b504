// The loss a run trains with, as torch.nn's criteria: CrossEntropyLoss for a
// classification, MSELoss or HuberLoss (delta 1) for a regression, whose model has one
// output and learns the target standardised with the training split's statistics.
#pragma once

#include "engine/config/config.h"

#include <torch/torch.h>

#include <string>

namespace trainscope {

struct Criterion {
  bool regression = false;
  std::string loss = "cross_entropy";  // cross_entropy | mse | huber
  double target_std = 1;               // regression: MAE and RMSE are reported in the target's units
};

// training.loss resolved for the task (`auto`: cross_entropy or mse). Throws ConfigError
// when the loss or a classification-only option does not fit a regression.
Criterion criterionFor(const ExperimentConfig& config, bool regression, double targetStd);

// A regression's per-sample losses: outputs [N, 1] against standardised targets [N].
torch::Tensor regressionLosses(const Criterion& c, const torch::Tensor& outputs, const torch::Tensor& targets);

}  // namespace trainscope
