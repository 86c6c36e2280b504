#include "engine/train/weight_average.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace trainscope {

namespace {
// The module's parameters and buffers, in named_parameters() then named_buffers()
// order: the same order in two models of one architecture.
std::vector<torch::Tensor> stateOf(LayerStack& model) {
  std::vector<torch::Tensor> out;
  for (const auto& p : model->named_parameters()) out.push_back(p.value());
  for (const auto& b : model->named_buffers()) out.push_back(b.value());
  return out;
}

std::string decimal(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", v);
  return buffer;
}
}  // namespace

WeightAverage::WeightAverage(LayerStack trained, LayerStack average, double decay)
    : trained_(std::move(trained)), average_(std::move(average)), decay_(decay) {
  from_ = stateOf(trained_), to_ = stateOf(average_);
  if (from_.size() != to_.size()) throw std::logic_error("WeightAverage: the two models differ");
  for (auto& p : average_->parameters()) p.set_requires_grad(false);
  average_->eval();  // only ever validated
  restart();
}

void WeightAverage::restart() {
  torch::NoGradGuard noGrad;
  for (size_t i = 0; i < to_.size(); ++i) to_[i].copy_(from_[i]);
  updates_ = 0;
}

double WeightAverage::decayAt(int64_t updates) const {
  const double n = static_cast<double>(updates);
  return std::min(decay_, (1.0 + n) / (10.0 + n));
}

void WeightAverage::update() {
  torch::NoGradGuard noGrad;
  const double d = decayAt(updates_);
  for (size_t i = 0; i < to_.size(); ++i) {
    if (to_[i].is_floating_point())
      to_[i].mul_(d).add_(from_[i].detach(), 1.0 - d);  // lerp_(w, 1 - d), as timm
    else
      to_[i].copy_(from_[i]);
  }
  ++updates_;
}

Message WeightAverage::policy(const std::string& chosenBy) const {
  return {"trainscope::Run",
          QT_TRANSLATE_NOOP("trainscope::Run",
                            "weight averaging: after each step the average moves towards the weights with decay %1 "
                            "(less in the first steps); it is validated after each epoch, and the best epoch is "
                            "chosen by %2"),
          {decimal(decay_), chosenBy}};
}

}  // namespace trainscope
