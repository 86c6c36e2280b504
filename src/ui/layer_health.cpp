#include "ui/layer_health.h"

#include <cmath>
#include <sstream>

namespace trainscope::ui {

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

const char* flagName(HealthFlag flag) {
  switch (flag) {
    case HealthFlag::Dead: return "dead units";
    case HealthFlag::Saturated: return "saturated";
    case HealthFlag::Vanishing: return "vanishing gradient";
    case HealthFlag::Exploding: return "exploding gradient";
    case HealthFlag::UpdateTooSmall: return "updates too small";
    case HealthFlag::UpdateTooLarge: return "updates too large";
  }
  return "";
}

std::string explain(HealthFlag flag, const HealthThresholds& t) {
  switch (flag) {
    case HealthFlag::Dead:
      return "More than " + number(t.dead * 100) + "% of this ReLU's outputs are exactly zero: those units pass no "
             "gradient and stop learning (dead ReLUs). Try a lower learning rate, He (kaiming) initialisation, "
             "BatchNorm before the activation, or LeakyReLU/GELU.";
    case HealthFlag::Saturated:
      return "More than " + number(t.saturated * 100) + "% of the outputs sit at the flat ends of the sigmoid/tanh, "
             "where the gradient is almost zero. Try ReLU, normalised inputs, Xavier initialisation, or BatchNorm.";
    case HealthFlag::Vanishing:
      return "The gradient reaching this layer's parameters is below " + number(t.vanishing) + ": it barely learns "
             "(vanishing gradients, typical of deep sigmoid/tanh stacks). Try ReLU, residual connections, "
             "normalisation (BatchNorm), or a better initialisation.";
    case HealthFlag::Exploding:
      return "The gradient of this layer's parameters is above " + number(t.exploding) + " (exploding gradients): "
             "training may diverge to NaN. Lower the learning rate, set training.clip_grad_norm, or add "
             "normalisation.";
    case HealthFlag::UpdateTooSmall:
      return "Each step changes the weights by less than " + number(t.updateLow) + " of their size (a healthy ratio "
             "is around 1e-3): the layer learns very slowly. Try a higher learning rate, or check the schedule has not "
             "decayed it to nothing.";
    case HealthFlag::UpdateTooLarge:
      return "Each step changes the weights by more than " + number(t.updateHigh) + " of their size (a healthy ratio "
             "is around 1e-3): training is likely unstable. Lower the learning rate or add warmup.";
  }
  return "";
}

std::vector<LayerHealth> assessLayers(const ProbeHistory& history, const HealthThresholds& t) {
  std::vector<LayerHealth> out;
  for (const auto& layer : history.layers()) {
    LayerHealth h;
    h.layer = layer.name;
    h.type = layer.type;
    const StatSeries* act = history.stats(layer.name, "activation");
    const bool reluLike = layer.type == "ReLU" || layer.type == "BasicBlock";  // a block ends in a ReLU
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

}  // namespace trainscope::ui
