#include "engine/train/fine_tuning.h"

#include "engine/config/config_fields.h"
#include "engine/train/optimizers.h"

#include <algorithm>

namespace trainscope {

namespace {
bool hasPrefix(const std::string& name, const std::string& prefix) {
  return name == prefix ||
         (name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0 && name[prefix.size()] == '.');
}
bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}
}  // namespace

std::vector<std::string> headParameterNames(LayerStack& model, int64_t classes) {
  std::string owner;
  bool found = false;
  const auto params = model->named_parameters(/*recurse=*/true);
  for (const auto& p : params) {
    const std::string& name = p.key();
    const size_t dot = name.rfind('.');
    if (p.value().dim() == 2 && p.value().size(0) == classes && dot != std::string::npos &&
        name.substr(dot + 1) == "weight")
      owner = name.substr(0, dot), found = true;
  }
  std::vector<std::string> head;
  if (!found) return head;
  for (const auto& p : params)
    if (p.key().rfind(owner + ".", 0) == 0 && p.key().find('.', owner.size() + 1) == std::string::npos)
      head.push_back(p.key());
  return head;
}

int64_t applyFreezing(LayerStack& model, const ModelConfig& c, int64_t classes, int64_t epoch) {
  const bool frozenNow = c.unfreeze_epoch == 0 || epoch + 1 < c.unfreeze_epoch;
  const std::vector<std::string> head = headParameterNames(model, classes);
  const auto params = model->named_parameters(/*recurse=*/true);
  const std::string freeze = configField(&ExperimentConfig::model, &ModelConfig::freeze).key;
  Problems problems;
  if (head.empty() && std::find(c.freeze.begin(), c.freeze.end(), "backbone") != c.freeze.end())
    problems.push_back({freeze,
                        "\"backbone\" needs a classifier head (a final Linear layer with one output per "
                        "class), and this model has none; name the layers to freeze instead"});
  for (const auto& prefix : c.freeze) {
    if (prefix == "backbone") continue;
    const bool matches =
        std::any_of(params.begin(), params.end(), [&](const auto& p) { return hasPrefix(p.key(), prefix); });
    if (!matches)
      problems.push_back(
          {freeze, "no parameter is named \"" + prefix + "\" or starts with it (the model summary lists the layers)"});
  }
  if (!problems.empty()) throw ConfigError(problems);
  int64_t frozen = 0;
  for (const auto& p : params) {
    bool freeze = false;
    for (const auto& prefix : c.freeze)
      freeze = freeze || (prefix == "backbone" ? !contains(head, p.key()) : hasPrefix(p.key(), prefix));
    freeze = freeze && frozenNow;
    p.value().set_requires_grad(!freeze);
    frozen += freeze ? 1 : 0;
  }
  return frozen;
}

std::unique_ptr<torch::optim::Optimizer> makeFineTuningOptimizer(const OptimizerConfig& o, const ModelConfig& m,
                                                                 LayerStack& stack, int64_t classes) {
  if (m.backbone_lr_factor == 1.0) return makeOptimizer(o, stack->parameters());
  const std::vector<std::string> head = headParameterNames(stack, classes);
  if (head.empty())
    throw ConfigError(configField(&ExperimentConfig::model, &ModelConfig::backbone_lr_factor).key,
                      "needs a classifier head (a final Linear layer with one output per class), and this model has "
                      "none");
  std::vector<torch::Tensor> backboneParams, headParams;
  for (const auto& p : stack->named_parameters(/*recurse=*/true))
    (contains(head, p.key()) ? headParams : backboneParams).push_back(p.value());
  auto optimizer = makeOptimizer(o, backboneParams);
  optimizer->add_param_group(torch::optim::OptimizerParamGroup(headParams, optimizer->defaults().clone()));
  setLearningRate(*optimizer, o.lr, m.backbone_lr_factor);
  return optimizer;
}

std::optional<std::string> freezeForEpoch(LayerStack& model, const ModelConfig& config, int64_t classes, int64_t epoch,
                                          int64_t& frozenTensors) {
  if (config.freeze.empty()) return std::nullopt;
  const int64_t frozen = applyFreezing(model, config, classes, epoch);
  if (frozen == frozenTensors) return std::nullopt;
  frozenTensors = frozen;
  const std::string freeze = configField(&ExperimentConfig::model, &ModelConfig::freeze).key;
  return frozen > 0 ? std::to_string(frozen) + " parameter tensors frozen (" + freeze + ")"
                    : freeze + ": every layer trains from epoch " + std::to_string(epoch + 1);
}

}  // namespace trainscope
