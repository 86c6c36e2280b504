#include "engine/data/channel_stats.h"

#include "engine/config/transforms_config.h"
#include "engine/data/transforms.h"
#include "engine/system/usable_cores.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace trainscope {

namespace {

// The pipeline's deterministic image steps up to Normalize, ending in ToTensor: what
// the model's input looks like before it is normalised, without random draws.
std::vector<TransformSpec> measuringPipeline(const std::vector<TransformSpec>& pipeline) {
  std::vector<TransformSpec> deterministic;
  for (const auto& t : pipeline) {
    if (t.name == "Normalize") break;
    const TransformKind* kind = transformKind(t.name);
    if (kind && !kind->random) deterministic.push_back(t);
  }
  if (std::none_of(deterministic.begin(), deterministic.end(),
                   [](const TransformSpec& t) { return t.name == "ToTensor"; })) {
    TransformSpec toTensor;
    toTensor.name = "ToTensor";
    deterministic.push_back(toTensor);
  }
  return deterministic;
}

// Per-channel sums of the values and their squares, over the images measured.
struct ChannelSums {
  std::vector<double> sum, sum_sq;
  double pixels = 0;
  int64_t measured = 0, failed = 0;

  void add(const PipelineImage& img) {
    if (!img.isTensor) {
      ++failed;
      return;
    }
    if (sum.empty()) sum.assign(img.channels, 0.0), sum_sq.assign(img.channels, 0.0);
    const size_t plane = static_cast<size_t>(img.height) * img.width;
    for (int c = 0; c < img.channels && c < static_cast<int>(sum.size()); ++c) {
      const float* p = img.tensor.data() + c * plane;
      double a = 0, b = 0;
      for (size_t i = 0; i < plane; ++i) a += p[i], b += static_cast<double>(p[i]) * p[i];
      sum[c] += a, sum_sq[c] += b;
    }
    pixels += static_cast<double>(plane);
    ++measured;
  }

  void merge(const ChannelSums& other) {
    if (sum.empty()) sum.assign(other.sum.size(), 0.0), sum_sq.assign(other.sum.size(), 0.0);
    for (size_t c = 0; c < other.sum.size() && c < sum.size(); ++c)
      sum[c] += other.sum[c], sum_sq[c] += other.sum_sq[c];
    pixels += other.pixels;
    measured += other.measured;
    failed += other.failed;
  }
};

// One image through the measuring pipeline; not a tensor when it cannot be used.
PipelineImage measuredImage(const Dataset& dataset, int64_t index, const Compose& transform) {
  PipelineImage img;
  std::string error;
  try {  // one bad image is counted, never a crash of the pool
    img.pixels = dataset.load(index, &error);
    if (!img.pixels.empty()) {
      Rng rng(0);
      transform.apply(img, rng);
    }
  } catch (const std::exception&) {
    img = PipelineImage{};
  }
  return img;
}

ChannelStats statsOf(const ChannelSums& all) {
  ChannelStats stats;
  stats.samples = all.measured;
  stats.skipped = all.failed;
  for (size_t c = 0; c < all.sum.size(); ++c) {
    const double mean = all.sum[c] / all.pixels;
    const double std = std::sqrt(std::max(0.0, all.sum_sq[c] / all.pixels - mean * mean));
    stats.mean.push_back(mean);
    if (std < 1e-4) stats.constant_channels.push_back(static_cast<int>(c));
    stats.std.push_back(std < 1e-4 ? 1.0 : std);
  }
  return stats;
}

}  // namespace

ChannelStats computeChannelStats(const Dataset& dataset, const std::vector<TransformSpec>& pipeline, int64_t maxSamples,
                                 const std::function<bool(int64_t, int64_t)>& progress) {
  const Compose transform(measuringPipeline(pipeline));
  const int64_t n = dataset.size();
  const int64_t count = maxSamples > 0 ? std::min(maxSamples, n) : n;
  std::mutex mutex;
  ChannelSums all;
  std::atomic<int64_t> next{0}, done{0};
  std::atomic<bool> cancelled{false};
  auto work = [&] {
    ChannelSums mine;
    for (int64_t k = next++; k < count && !cancelled; k = next++) {
      const int64_t index = count == n ? k : k * n / count;  // evenly spread subset
      mine.add(measuredImage(dataset, index, transform));
      const int64_t d = ++done;
      if (progress && (d % 256 == 0 || d == count)) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!progress(d, count)) cancelled = true;
      }
    }
    std::lock_guard<std::mutex> lock(mutex);
    all.merge(mine);
  };
  std::vector<std::thread> pool;
  const unsigned threads = static_cast<unsigned>(usableCores().count);
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
  for (auto& t : pool) t.join();
  if (cancelled) throw std::runtime_error("cancelled");
  if (all.measured == 0) throw std::runtime_error("no image could be loaded to measure");
  return statsOf(all);
}

}  // namespace trainscope
