#include "engine/inspect/probes.h"

#include "engine/inspect/tensor_scan.h"

#include <ATen/Parallel.h>
#include <torch/cuda.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace trainscope {

namespace {
// Adds its lifetime to `spent`: what probing cost the step.
class SpentTimer {
 public:
  // On CUDA the queued kernels finish first: copying a sample to the CPU would wait for them.
  SpentTimer(std::chrono::nanoseconds& spent, bool cuda) : spent_(spent), start_(startAfter(cuda)) {}
  ~SpentTimer() { spent_ += std::chrono::steady_clock::now() - start_; }
  SpentTimer(const SpentTimer&) = delete;
  SpentTimer& operator=(const SpentTimer&) = delete;

 private:
  static std::chrono::steady_clock::time_point startAfter(bool cuda) {
    if (cuda) torch::cuda::synchronize();
    return std::chrono::steady_clock::now();
  }
  std::chrono::nanoseconds& spent_;
  std::chrono::steady_clock::time_point start_;
};
}  // namespace

TensorStats statsOf(const std::vector<float>& values, const std::string& bounded) {
  TensorStats s;
  if (values.empty()) return s;
  // The bound is decided once, not per value: this runs for ~40 tensors every step.
  const bool sigmoid = bounded == "sigmoid", tanh = bounded == "tanh";
  double sum = 0, sumSq = 0;
  float lo = std::numeric_limits<float>::infinity(), hi = -lo;
  size_t zeros = 0, saturated = 0;
  for (float v : values) {
    sum += v;
    sumSq += static_cast<double>(v) * v;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    zeros += v == 0.0f;
  }
  if (sigmoid)
    for (float v : values) saturated += v < 0.01f || v > 0.99f;
  if (tanh)
    for (float v : values) saturated += std::abs(v) > 0.99f;
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

namespace {
// A CPU float32 tensor's values in memory order, copying only when it is not already one.
torch::Tensor contiguousCpuFloat(const torch::Tensor& t) {
  return t.detach().to(torch::kCPU, torch::kFloat32).contiguous();
}
}  // namespace

namespace {
struct Range {
  float lo = std::numeric_limits<float>::infinity(), hi = -std::numeric_limits<float>::infinity();
};

// Min and max of p[begin, end). NaN compares false and so drops out by itself; eight
// independent lanes let the loop vectorise (8x faster than one running min/max).
Range rangeOf(const float* p, int64_t begin, int64_t end) {
  Range r;
  float lo[8], hi[8];
  std::fill(lo, lo + 8, r.lo);
  std::fill(hi, hi + 8, r.hi);
  int64_t i = begin;
  for (; i + 8 <= end; i += 8)
    for (int k = 0; k < 8; ++k) {
      lo[k] = p[i + k] < lo[k] ? p[i + k] : lo[k];
      hi[k] = p[i + k] > hi[k] ? p[i + k] : hi[k];
    }
  for (; i < end; ++i) {
    lo[0] = p[i] < lo[0] ? p[i] : lo[0];
    hi[0] = p[i] > hi[0] ? p[i] : hi[0];
  }
  for (int k = 0; k < 8; ++k) r.lo = std::min(r.lo, lo[k]), r.hi = std::max(r.hi, hi[k]);
  return r;
}

// Adds the bin counts of p[begin, end) to counts (4 interleaved tables of bins + 1
// slots; the last slot of each takes NaN and +-Inf). Indices are computed 256 at a
// time in a loop that vectorises; four tables keep runs of equal bins (ReLU zeros)
// from serialising on one counter. The top edge (and rounding just past it) belongs
// to the last bin, as in torch.histc.
void countBins(const float* p, int64_t begin, int64_t end, float first, float scale, int bins, int64_t* counts) {
  const int slots = bins + 1;
  const float limit = bins + 1.0f, last = bins - 0.5f, overflow = static_cast<float>(bins);
  int32_t index[256];
  for (int64_t chunk = begin; chunk < end; chunk += 256) {
    const int m = static_cast<int>(std::min<int64_t>(256, end - chunk));
    for (int j = 0; j < m; ++j) {
      const float f = (p[chunk + j] - first) * scale;
      index[j] = static_cast<int32_t>((f >= 0.0f && f < limit) ? std::min(f, last) : overflow);
    }
    int j = 0;
    for (; j + 4 <= m; j += 4) {
      ++counts[index[j]];
      ++counts[slots + index[j + 1]];
      ++counts[2 * slots + index[j + 2]];
      ++counts[3 * slots + index[j + 3]];
    }
    for (; j < m; ++j) ++counts[index[j]];
  }
}

// Runs body(begin, end, part) over [0, n) split across LibTorch's intra-op threads,
// which otherwise spin idle while the training thread does this serial work.
template <typename Body>
void splitAcrossThreads(int64_t n, int parts, const Body& body) {
  if (parts <= 1) {
    body(0, n, 0);
    return;
  }
  const int64_t per = (n + parts - 1) / parts;
  at::parallel_for(0, parts, /*grain_size=*/1, [&](int64_t from, int64_t to) {
    for (int64_t part = from; part < to; ++part)
      body(part * per, std::min(n, (part + 1) * per), static_cast<int>(part));
  });
}
}  // namespace

Histogram histogramOf(const torch::Tensor& t, int bins) {
  // Two plain passes over memory (min/max, then counts): several times cheaper than
  // isfinite + masked_select + aminmax + histc, which allocate and sync per op.
  Histogram h;
  const torch::Tensor x = contiguousCpuFloat(t);
  const float* p = x.data_ptr<float>();
  const int64_t n = x.numel();
  const int parts = n >= 65536 ? std::max(1, at::get_num_threads()) : 1;

  std::vector<Range> ranges(static_cast<size_t>(parts));
  splitAcrossThreads(n, parts, [&](int64_t begin, int64_t end, int part) { ranges[part] = rangeOf(p, begin, end); });
  float lo = std::numeric_limits<float>::infinity(), hi = -lo;
  for (const Range& r : ranges) lo = std::min(lo, r.lo), hi = std::max(hi, r.hi);
  if (std::isinf(lo) || std::isinf(hi)) {  // rare: the range of the finite values only
    lo = std::numeric_limits<float>::infinity(), hi = -lo;
    for (int64_t i = 0; i < n; ++i)
      if (std::isfinite(p[i])) lo = std::min(lo, p[i]), hi = std::max(hi, p[i]);
    if (lo > hi) lo = hi = 0;  // no finite value at all
  }
  // A constant tensor: one bin holds it all (a unit range, widened where lo + 1 == lo).
  const double top = hi > lo ? static_cast<double>(hi) : lo + std::max(1.0, std::abs(static_cast<double>(lo)) * 1e-6);
  h.counts.assign(static_cast<size_t>(bins), 0.0);
  // A range beyond float, or one so narrow that bins / range overflows: count in double.
  if (!std::isfinite(static_cast<float>(top - lo)) || !std::isfinite(static_cast<float>(bins / (top - lo)))) {
    for (int64_t i = 0; i < n; ++i)
      if (std::isfinite(p[i]))
        h.counts[std::min<int64_t>(bins - 1,
                                   static_cast<int64_t>((p[i] - static_cast<double>(lo)) / (top - lo) * bins))] += 1;
  } else {
    const float scale = static_cast<float>(bins / (top - lo));
    const size_t table = 4 * static_cast<size_t>(bins + 1);
    std::vector<int64_t> counts(table * static_cast<size_t>(parts), 0);
    splitAcrossThreads(n, parts, [&](int64_t begin, int64_t end, int part) {
      countBins(p, begin, end, lo, scale, bins, counts.data() + table * static_cast<size_t>(part));
    });
    for (size_t k = 0; k < counts.size(); ++k) {
      const size_t slot = k % static_cast<size_t>(bins + 1);
      if (slot < static_cast<size_t>(bins)) h.counts[slot] += static_cast<double>(counts[k]);
    }
  }
  for (int i = 0; i <= bins; ++i) h.edges.push_back(lo + (top - lo) * i / bins);
  return h;
}

namespace {
double l2(const torch::Tensor& t) { return std::sqrt(squaredSum(t)); }
}  // namespace

Probes::Probes(const ProbeConfig& config, LayerStack model) : config_(config), model_(std::move(model)) {
  for (const auto& layer : model_->layers()) {
    tensors_.emplace_back(layer.name, "activation");
    tensors_.emplace_back(layer.name, "activation_grad");
    bounded_.push_back(layer.type == "Sigmoid" ? "sigmoid" : layer.type == "Tanh" ? "tanh" : "");
  }
  // Parameter handles share storage with the model's, so they stay valid across
  // optimizer steps and checkpoint loads; listing them once saves a walk per step.
  for (const auto& p : model_->named_parameters()) {
    parameterNames_.push_back(p.key());
    parameters_.push_back(p.value());
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
    SpentTimer timer(spent_, out.is_cuda());
    const std::string& name = model_->layers()[i].name;
    activation_[i] = measure(out, name, "activation", bounded_[i]);
    activationGrad_[i].name = name;  // stays empty of values when no gradient reaches it
    activationGrad_[i].kind = "activation_grad";
    if (out.requires_grad()) {
      // The gradient of the loss with respect to this output, when backward reaches it.
      const_cast<torch::Tensor&>(out).register_hook([this, i](const torch::Tensor& grad) {
        SpentTimer timer(spent_, grad.is_cuda());
        activationGrad_[i] = measure(grad, model_->layers()[i].name, "activation_grad", "");
      });
    }
  };
}

TensorStats Probes::measure(const torch::Tensor& t, const std::string& name, const char* kind,
                            const std::string& bounded) {
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
  SpentTimer timer(spent_, onCuda());
  weights_.clear();
  weightGrads_.clear();
  double total = 0;
  for (size_t i = 0; i < parameters_.size(); ++i) {
    const std::string& name = parameterNames_[i];
    const torch::Tensor& w = parameters_[i];
    const torch::Tensor& g = w.grad();
    TensorStats ws = measure(w, name, "weight", "");
    ws.norm = histogramStep_ ? l2(w) : std::nan("");  // for update ratios; a full pass, so not every step
    TensorStats gs;
    if (g.defined()) gs = measure(g, name, "weight_grad", "");
    gs.name = name, gs.kind = "weight_grad", gs.norm = l2(g);
    total += gs.norm * gs.norm;
    weights_.push_back(ws);
    weightGrads_.push_back(gs);
  }
  gradNorm_ = std::sqrt(total);
}

void Probes::beforeOptimizerStep(int64_t step) {
  before_.clear();
  if (!config_.enabled || !histogramStep_) return;
  SpentTimer timer(spent_, onCuda());
  for (const auto& p : parameters_) before_.push_back(p.detach().clone());
}

void Probes::afterOptimizerStep(int64_t step) {
  if (before_.empty()) return;
  SpentTimer timer(spent_, onCuda());
  for (size_t i = 0; i < parameters_.size() && i < weights_.size(); ++i) {
    const double weight = l2(before_[i]);
    const double update = l2(parameters_[i].detach() - before_[i]);
    weights_[i].update_ratio = weight > 0 ? update / weight : std::nan("");
  }
  before_.clear();
}

ProbeSample Probes::takeSample(int64_t step) {
  ProbeSample s;
  s.step = step;
  s.cost_ms = spentMs();
  spent_ = std::chrono::nanoseconds(0);
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
