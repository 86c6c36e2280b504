#include "engine/probes.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trainscope {

TensorStats statsOf(const std::vector<float>& values, const std::string& bounded) {
  TensorStats s;
  if (values.empty()) return s;
  double sum = 0, sumSq = 0;
  float lo = std::numeric_limits<float>::infinity(), hi = -lo;
  size_t zeros = 0, saturated = 0;
  for (float v : values) {
    sum += v;
    sumSq += static_cast<double>(v) * v;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    zeros += v == 0.0f;
    if (bounded == "sigmoid") saturated += v < 0.01f || v > 0.99f;
    if (bounded == "tanh") saturated += std::abs(v) > 0.99f;
  }
  const double n = static_cast<double>(values.size());
  s.mean = sum / n;
  s.std = std::sqrt(std::max(0.0, sumSq / n - s.mean * s.mean));
  // NaN compares false: a sample with NaN keeps its NaN visible in mean/std.
  s.min = std::isfinite(s.mean) ? lo : std::nan("");
  s.max = std::isfinite(s.mean) ? hi : std::nan("");
  s.zero_fraction = static_cast<double>(zeros) / n;
  s.saturation_fraction = static_cast<double>(saturated) / n;
  return s;
}

std::vector<float> sampleOf(const torch::Tensor& t, int n) {
  std::vector<float> out;
  const int64_t size = t.numel();
  if (size == 0 || n <= 0) return out;
  const int64_t stride = std::max<int64_t>(1, size / n);
  const int64_t count = std::min<int64_t>(n, (size + stride - 1) / stride);
  out.resize(static_cast<size_t>(count));
  if (t.device().is_cpu() && t.scalar_type() == torch::kFloat32) {
    // Straight from memory: no LibTorch op, no copy of the tensor. Gradients often
    // arrive non-contiguous (expanded, channels-last): walk their strides.
    const float* p = t.data_ptr<float>();
    if (t.is_contiguous()) {
      for (int64_t i = 0; i < count; ++i) out[i] = p[i * stride];
      return out;
    }
    const auto sizes = t.sizes();
    const auto strides = t.strides();
    for (int64_t i = 0; i < count; ++i) {
      int64_t linear = i * stride, offset = 0;
      for (int64_t d = t.dim() - 1; d >= 0; --d) {
        offset += (linear % sizes[d]) * strides[d];
        linear /= sizes[d];
      }
      out[i] = p[offset];
    }
    return out;
  }
  const torch::Tensor s = t.detach().reshape({-1}).slice(0, 0, count * stride, stride).to(torch::kCPU, torch::kFloat32).contiguous();
  std::copy(s.data_ptr<float>(), s.data_ptr<float>() + count, out.begin());
  return out;
}

Histogram histogramOf(const torch::Tensor& t, int bins) {
  Histogram h;
  torch::Tensor x = t.detach().to(torch::kFloat32).reshape({-1});
  x = x.masked_select(torch::isfinite(x));
  double lo = 0, hi = 0;
  if (x.numel() > 0) {
    const auto [mn, mx] = torch::aminmax(x);
    lo = mn.item<double>();
    hi = mx.item<double>();
  }
  if (!(hi > lo)) hi = lo + 1.0;  // a constant tensor: one bin holds it all
  const torch::Tensor counts = x.numel() > 0 ? torch::histc(x, bins, lo, hi).to(torch::kCPU, torch::kFloat64).contiguous()
                                             : torch::zeros({bins}, torch::kFloat64);
  h.counts.assign(counts.data_ptr<double>(), counts.data_ptr<double>() + bins);
  for (int i = 0; i <= bins; ++i) h.edges.push_back(lo + (hi - lo) * i / bins);
  return h;
}

namespace {
double l2(const torch::Tensor& t) {
  if (!t.defined()) return 0;
  if (t.device().is_cpu() && t.scalar_type() == torch::kFloat32 && t.is_contiguous()) {
    const float* p = t.data_ptr<float>();
    double sum = 0;
    for (int64_t i = 0; i < t.numel(); ++i) sum += static_cast<double>(p[i]) * p[i];
    return std::sqrt(sum);
  }
  return t.detach().norm().item<double>();
}
}  // namespace

Probes::Probes(const ProbeConfig& config, LayerStack model) : config_(config), model_(std::move(model)) {
  for (const auto& layer : model_->layers()) {
    tensors_.emplace_back(layer.name, "activation");
    tensors_.emplace_back(layer.name, "activation_grad");
    bounded_.push_back(layer.type == "Sigmoid" ? "sigmoid" : layer.type == "Tanh" ? "tanh" : "");
  }
  for (const auto& p : model_->named_parameters()) {
    tensors_.emplace_back(p.key(), "weight");
    tensors_.emplace_back(p.key(), "weight_grad");
  }
}

bool Probes::histogramsDue(int64_t step) const {
  return config_.enabled && config_.histogram_every > 0 && step % config_.histogram_every == 0;
}

LayerObserver Probes::observer(int64_t step) {
  if (!config_.enabled) return {};
  histogramStep_ = histogramsDue(step);
  const size_t n = model_->layers().size();
  activation_.assign(n, TensorStats{});
  activationGrad_.assign(n, TensorStats{});
  histograms_.clear();
  return [this](size_t i, const torch::Tensor& out) {
    const std::string& name = model_->layers()[i].name;
    activation_[i] = measure(out, name, "activation", bounded_[i]);
    activationGrad_[i].name = name;  // stays empty of values when no gradient reaches it
    activationGrad_[i].kind = "activation_grad";
    if (out.requires_grad()) {
      // The gradient of the loss with respect to this output, when backward reaches it.
      const_cast<torch::Tensor&>(out).register_hook([this, i](const torch::Tensor& grad) {
        activationGrad_[i] = measure(grad, model_->layers()[i].name, "activation_grad", "");
      });
    }
  };
}

TensorStats Probes::measure(const torch::Tensor& t, const std::string& name, const char* kind, const std::string& bounded) {
  TensorStats s = statsOf(sampleOf(t, config_.sample), bounded);
  s.name = name;
  s.kind = kind;
  if (histogramStep_) {
    Histogram h = histogramOf(t, config_.bins);
    h.name = name, h.kind = kind;
    histograms_.push_back(std::move(h));
  }
  return s;
}

void Probes::afterBackward(int64_t step) {
  if (!config_.enabled) return;
  weights_.clear();
  weightGrads_.clear();
  double total = 0;
  for (const auto& p : model_->named_parameters()) {
    const torch::Tensor& w = p.value();
    const torch::Tensor& g = w.grad();
    TensorStats ws = measure(w, p.key(), "weight", "");
    ws.norm = l2(w);
    TensorStats gs;
    if (g.defined()) gs = measure(g, p.key(), "weight_grad", "");
    gs.name = p.key(), gs.kind = "weight_grad", gs.norm = l2(g);
    total += gs.norm * gs.norm;
    weights_.push_back(ws);
    weightGrads_.push_back(gs);
  }
  gradNorm_ = std::sqrt(total);
}

void Probes::beforeOptimizerStep(int64_t step) {
  before_.clear();
  if (!config_.enabled || !histogramStep_) return;
  for (const auto& p : model_->parameters()) before_.push_back(p.detach().clone());
}

void Probes::afterOptimizerStep(int64_t step) {
  if (before_.empty()) return;
  size_t i = 0;
  for (const auto& p : model_->parameters()) {
    const double weight = before_[i].norm().item<double>();
    const double update = (p.detach() - before_[i]).norm().item<double>();
    if (i < weights_.size()) weights_[i].update_ratio = weight > 0 ? update / weight : std::nan("");
    ++i;
  }
  before_.clear();
}

ProbeSample Probes::takeSample(int64_t step) {
  ProbeSample s;
  s.step = step;
  s.grad_norm = gradNorm_;
  s.tensors.reserve(activation_.size() * 2 + weights_.size() * 2);
  for (size_t i = 0; i < activation_.size(); ++i) {
    s.tensors.push_back(activation_[i]);
    s.tensors.push_back(activationGrad_[i]);
  }
  for (size_t i = 0; i < weights_.size(); ++i) {
    s.tensors.push_back(weights_[i]);
    s.tensors.push_back(weightGrads_[i]);
  }
  return s;
}

std::vector<Histogram> Probes::takeHistograms(int64_t step) {
  std::vector<Histogram> out;
  out.swap(histograms_);
  for (auto& h : out) h.step = step;
  return out;
}

}  // namespace trainscope
