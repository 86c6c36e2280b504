// Probes: what happens inside the network while it trains. Every step, cheap
// statistics of every layer's output and of the gradient with respect to it (the C++
// stand-in for forward hooks and tensor hooks), and of every parameter and its
// gradient; every `histogram_every` steps, full histograms and update-to-weight ratios.
//
// Cost is budgeted (docs/benchmarks.md): per-step statistics come from an evenly
// strided sample of each tensor, read straight from memory without LibTorch ops;
// histograms, which need full passes, are sampled in time instead.
#pragma once

#include "engine/config/config.h"
#include "engine/inspect/tensor_scan.h"
#include "engine/models/layer_stack.h"
#include "engine/run/events.h"

#include <torch/torch.h>

#include <chrono>

namespace trainscope {

// Statistics of values (NaN and Inf included as they are). `bounded`: "sigmoid" or
// "tanh" for saturation, else none.
TensorStats statsOf(const std::vector<float>& values, const std::string& bounded);
// bins counts over [min, max] of the tensor; counts sum to the finite element count.
Histogram histogramOf(const torch::Tensor& t, int bins);

class Probes {
 public:
  Probes(const ProbeConfig& config, LayerStack model);

  bool enabled() const { return config_.enabled; }
  bool histogramsDue(int64_t step) const;
  // The forward observer for a step: samples outputs and hooks their gradients.
  LayerObserver observer(int64_t step);
  // After backward: parameter statistics; before/after the optimizer step: update ratios.
  void afterBackward(int64_t step);
  void beforeOptimizerStep(int64_t step);
  void afterOptimizerStep(int64_t step);
  // What the step measured (the layers' gradients arrive during backward).
  ProbeSample takeSample(int64_t step);
  std::vector<Histogram> takeHistograms(int64_t step);

  // Names and kinds of every tensor measured, in order (layers, then parameters).
  const std::vector<std::pair<std::string, std::string>>& tensors() const { return tensors_; }
  // L2 norm of all gradients, as afterBackward measured it (NaN/Inf when any is).
  double gradNorm() const { return gradNorm_; }
  // The probes' own time since the last takeSample (the sample reports it).
  double spentMs() const { return spent_.count() / 1e6; }
  bool onCuda() const { return !parameters_.empty() && parameters_.front().is_cuda(); }

 private:
  // Statistics of one tensor, and its histogram on histogram steps.
  TensorStats measure(const torch::Tensor& t, const std::string& name, const char* kind, const std::string& bounded);

  ProbeConfig config_;
  LayerStack model_;
  std::vector<std::string> parameterNames_;
  std::vector<torch::Tensor> parameters_;
  std::vector<std::pair<std::string, std::string>> tensors_;
  std::vector<std::string> bounded_;  // per layer: sigmoid, tanh or ""
  std::vector<TensorStats> activation_, activationGrad_;
  std::vector<TensorStats> weights_, weightGrads_;
  std::vector<torch::Tensor> before_;  // parameters before the step, on histogram steps
  std::vector<Histogram> histograms_;
  double gradNorm_ = 0;
  bool histogramStep_ = false;
  std::chrono::nanoseconds spent_{0};
};

}  // namespace trainscope
