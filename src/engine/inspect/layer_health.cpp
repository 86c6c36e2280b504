#include "engine/inspect/layer_health.h"

#include "engine/config/config_fields.h"

#include <cmath>
#include <sstream>

namespace trainscope {

namespace {
double lastFinite(const std::vector<double>& values) {
  for (auto it = values.rbegin(); it != values.rend(); ++it)
    if (std::isfinite(*it)) return *it;
  return std::nan("");
}

std::string number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}
}  // namespace

constexpr const char* kContext = "trainscope::LayerHealth";

Message flagName(HealthFlag flag) {
  switch (flag) {
    case HealthFlag::Dead: return {kContext, QT_TRANSLATE_NOOP("trainscope::LayerHealth", "dead units"), {}};
    case HealthFlag::Saturated: return {kContext, QT_TRANSLATE_NOOP("trainscope::LayerHealth", "saturated"), {}};
    case HealthFlag::Vanishing:
      return {kContext, QT_TRANSLATE_NOOP("trainscope::LayerHealth", "vanishing gradient"), {}};
    case HealthFlag::Exploding:
      return {kContext, QT_TRANSLATE_NOOP("trainscope::LayerHealth", "exploding gradient"), {}};
    case HealthFlag::UpdateTooSmall:
      return {kContext, QT_TRANSLATE_NOOP("trainscope::LayerHealth", "updates too small"), {}};
    case HealthFlag::UpdateTooLarge:
      return {kContext, QT_TRANSLATE_NOOP("trainscope::LayerHealth", "updates too large"), {}};
  }
  return {};
}

Message explain(HealthFlag flag, const HealthThresholds& t) {
  switch (flag) {
    case HealthFlag::Dead:
      return {kContext,
              QT_TRANSLATE_NOOP(
                  "trainscope::LayerHealth",
                  "More than %1% of this ReLU's outputs are exactly zero: those units pass no gradient and stop "
                  "learning (dead ReLUs). Try a lower learning rate, He (kaiming) initialisation, BatchNorm before "
                  "the activation, or LeakyReLU/GELU."),
              {number(t.dead * 100)}};
    case HealthFlag::Saturated:
      return {kContext,
              QT_TRANSLATE_NOOP(
                  "trainscope::LayerHealth",
                  "More than %1% of the outputs sit at the flat ends of the sigmoid/tanh, where the gradient is "
                  "almost zero. Try ReLU, normalised inputs, Xavier initialisation, or BatchNorm."),
              {number(t.saturated * 100)}};
    case HealthFlag::Vanishing:
      return {kContext,
              QT_TRANSLATE_NOOP(
                  "trainscope::LayerHealth",
                  "The gradient reaching this layer's parameters is below %1: it barely learns (vanishing "
                  "gradients, typical of deep sigmoid/tanh stacks). Try ReLU, residual connections, normalisation "
                  "(BatchNorm), or a better initialisation."),
              {number(t.vanishing)}};
    case HealthFlag::Exploding:
      return {
          kContext,
          QT_TRANSLATE_NOOP("trainscope::LayerHealth",
                            "The gradient of this layer's parameters is above %1 (exploding gradients): training may "
                            "diverge to NaN. Lower the learning rate, set %2, or add normalisation."),
          {number(t.exploding), configField(&ExperimentConfig::training, &TrainingConfig::clip_grad_norm).key}};
    case HealthFlag::UpdateTooSmall:
      return {kContext,
              QT_TRANSLATE_NOOP(
                  "trainscope::LayerHealth",
                  "Each step changes the weights by less than %1 of their size (a healthy ratio is around 1e-3): "
                  "the layer learns very slowly. Try a higher learning rate, or check the schedule has not decayed "
                  "it to nothing."),
              {number(t.updateLow)}};
    case HealthFlag::UpdateTooLarge:
      return {kContext,
              QT_TRANSLATE_NOOP(
                  "trainscope::LayerHealth",
                  "Each step changes the weights by more than %1 of their size (a healthy ratio is around 1e-3): "
                  "training is likely unstable. Lower the learning rate or add warmup."),
              {number(t.updateHigh)}};
  }
  return {};
}

std::vector<LayerHealth> assessLayers(const ProbeHistory& history, const HealthThresholds& t) {
  std::vector<LayerHealth> out;
  for (const auto& layer : history.layers()) {
    LayerHealth h;
    h.layer = layer.name;
    h.type = layer.type;
    const StatSeries* act = history.stats(layer.name, "activation");
    const bool reluLike = endsInRelu(layer.type);
    if (act && !act->steps.empty()) {
      if (reluLike) h.dead = act->zero_fraction.back();
      if (layer.type == "Sigmoid" || layer.type == "Tanh") h.saturated = act->saturation_fraction.back();
    }
    const auto norms = history.layerGradNorms().find(layer.name);
    if (norms != history.layerGradNorms().end() && !norms->second.norm.empty()) h.grad_norm = norms->second.norm.back();
    for (const auto& p : history.parametersOf(layer.name)) {
      const StatSeries* w = history.stats(p, "weight");
      if (!w) continue;
      const double r = lastFinite(w->update_ratio);
      if (std::isfinite(r) && !(h.update_ratio >= r)) h.update_ratio = r;
    }
    if (h.dead > t.dead) h.flags.push_back(HealthFlag::Dead);
    if (h.saturated > t.saturated) h.flags.push_back(HealthFlag::Saturated);
    if (h.grad_norm < t.vanishing) h.flags.push_back(HealthFlag::Vanishing);
    if (h.grad_norm > t.exploding || (!std::isnan(h.grad_norm) && !std::isfinite(h.grad_norm)))
      h.flags.push_back(HealthFlag::Exploding);
    if (h.update_ratio < t.updateLow) h.flags.push_back(HealthFlag::UpdateTooSmall);
    if (h.update_ratio > t.updateHigh) h.flags.push_back(HealthFlag::UpdateTooLarge);
    out.push_back(std::move(h));
  }
  return out;
}

}  // namespace trainscope
