#include "engine/train/criterion.h"

#include "engine/config/config_checks.h"
#include "engine/config/config_fields.h"

namespace trainscope {

Criterion criterionFor(const ExperimentConfig& config, bool regression, double targetStd) {
  using C = ExperimentConfig;
  Criterion c;
  c.regression = regression;
  c.target_std = targetStd;
  const std::string& loss = config.training.loss;
  c.loss = loss != "auto" ? loss : regression ? "mse" : "cross_entropy";
  const std::string key = configField(&C::training, &TrainingConfig::loss).key;
  if (const std::string mismatch = lossMismatch(loss, regression); !mismatch.empty()) throw ConfigError(key, mismatch);
  if (regression && config.training.label_smoothing > 0)
    throw ConfigError(configField(&C::training, &TrainingConfig::label_smoothing).key,
                      "smooths class labels: not for a regression");
  if (regression && config.training.mixup_alpha > 0)
    throw ConfigError(configField(&C::training, &TrainingConfig::mixup_alpha).key,
                      "mixes class labels: not for a regression");
  return c;
}

torch::Tensor regressionLosses(const Criterion& c, const torch::Tensor& outputs, const torch::Tensor& targets) {
  namespace F = torch::nn::functional;
  const torch::Tensor predicted = outputs.reshape({-1});
  if (c.loss == "huber")
    return F::huber_loss(predicted, targets, F::HuberLossFuncOptions().reduction(torch::kNone).delta(1.0));
  return F::mse_loss(predicted, targets, F::MSELossFuncOptions().reduction(torch::kNone));
}

}  // namespace trainscope
