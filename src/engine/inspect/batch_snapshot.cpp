#include "engine/inspect/batch_snapshot.h"

#include <algorithm>
#include <cmath>

namespace trainscope {

namespace {
// Values scaled from [lo, hi] to 0..255 (a constant map is mid-grey).
uint8_t toByte(float v, float lo, float hi) {
  if (!(hi > lo)) return 128;
  return static_cast<uint8_t>(std::clamp((v - lo) / (hi - lo) * 255.0f + 0.5f, 0.0f, 255.0f));
}
}  // namespace

Picture activationPicture(const torch::Tensor& sample, int maxMaps, int* shown, int* total) {
  torch::Tensor t = sample.detach().to(torch::kCPU, torch::kFloat).contiguous();
  Picture p;
  if (t.dim() == 3 && t.size(1) * t.size(2) > 1) {  // feature maps
    const int c = static_cast<int>(t.size(0)), h = static_cast<int>(t.size(1)), w = static_cast<int>(t.size(2));
    const int n = std::min(c, maxMaps);
    const int cols = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))));
    const int rows = (n + cols - 1) / cols;
    p.width = cols * (w + 1) - 1, p.height = rows * (h + 1) - 1;
    p.pixels.assign(static_cast<size_t>(p.width) * p.height, 255);  // white between maps
    for (int m = 0; m < n; ++m) {
      const float* data = t[m].data_ptr<float>();
      const auto [lo, hi] = std::minmax_element(data, data + h * w);
      const int x0 = (m % cols) * (w + 1), y0 = (m / cols) * (h + 1);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          p.pixels[static_cast<size_t>(y0 + y) * p.width + x0 + x] = toByte(data[y * w + x], *lo, *hi);
    }
    if (shown) *shown = n;
    if (total) *total = c;
    return p;
  }
  // Features (after Flatten, Linear, global pooling): a strip, 32 values a row.
  const torch::Tensor flat = t.reshape({-1});
  const int n = static_cast<int>(std::min<int64_t>(flat.numel(), 1024));
  const float* data = flat.data_ptr<float>();
  const auto [lo, hi] = std::minmax_element(data, data + n);
  p.width = std::min(n, 32), p.height = (n + 31) / 32;
  p.pixels.assign(static_cast<size_t>(p.width) * p.height, 255);
  for (int i = 0; i < n; ++i) p.pixels[static_cast<size_t>(i)] = toByte(data[i], n ? *lo : 0, n ? *hi : 0);
  if (shown) *shown = n;
  if (total) *total = static_cast<int>(flat.numel());
  return p;
}

Picture imagePicture(const torch::Tensor& sample) {
  torch::Tensor t = sample.detach().to(torch::kCPU, torch::kFloat).contiguous();
  Picture p;
  if (t.dim() != 3 || (t.size(0) != 1 && t.size(0) != 3)) return p;
  const int c = static_cast<int>(t.size(0)), h = static_cast<int>(t.size(1)), w = static_cast<int>(t.size(2));
  const float lo = t.min().item<float>(), hi = t.max().item<float>();  // undoes Normalize, near enough
  p.width = w, p.height = h, p.channels = c;
  p.pixels.resize(static_cast<size_t>(w) * h * c);
  const float* data = t.data_ptr<float>();
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int k = 0; k < c; ++k)  // planar CHW to interleaved HWC
        p.pixels[(static_cast<size_t>(y) * w + x) * c + k] = toByte(data[(k * h + y) * w + x], lo, hi);
  return p;
}

BatchSnapshotter::BatchSnapshotter(LayerStack model) : model_(std::move(model)) {}

void BatchSnapshotter::observe(size_t layer, const torch::Tensor& output) {
  if (output.dim() == 0 || output.size(0) == 0 || layer >= model_->layers().size()) return;
  LayerSnapshot s;
  s.name = model_->layers()[layer].name;
  s.type = model_->layers()[layer].type;
  s.shape = output.sizes().vec();
  s.picture = activationPicture(output[0], /*maxMaps=*/16, &s.channels_shown, &s.channels);
  layers_.push_back(std::move(s));
}

BatchSnapshot BatchSnapshotter::finish(int64_t step, double loss, const torch::Tensor& inputs,
                                       const torch::Tensor& logits, const torch::Tensor& targets,
                                       const std::vector<std::string>& classes) const {
  BatchSnapshot out;
  out.step = step;
  out.loss = loss;
  out.layers = layers_;
  if (inputs.dim() == 4 && inputs.size(0) > 0) out.input = imagePicture(inputs[0]);  // not a table's row
  if (logits.dim() == 2 && logits.size(0) > 0 && !classes.empty()) {                 // a regression has no classes
    const torch::Tensor probs = torch::softmax(logits[0].detach().to(torch::kCPU, torch::kFloat), /*dim=*/0);
    const int64_t best = probs.argmax().item<int64_t>();
    out.confidence = probs[best].item<double>();
    out.predicted = best < static_cast<int64_t>(classes.size()) ? classes[best] : std::to_string(best);
    for (int64_t c = 0; c < probs.size(0); ++c) {
      out.classes.push_back(c < static_cast<int64_t>(classes.size()) ? classes[c] : std::to_string(c));
      out.probabilities.push_back(probs[c].item<double>());
    }
  }
  if (targets.dim() >= 1 && targets.size(0) > 0 && targets.scalar_type() == torch::kLong) {
    const int64_t label = targets[0].item<int64_t>();
    out.label = label < static_cast<int64_t>(classes.size()) ? classes[label] : std::to_string(label);
  }
  return out;
}

}  // namespace trainscope
