#include "engine/data/channel_stats.h"

#include "engine/data/transforms.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace trainscope {

namespace {
bool isRandom(const std::string& name) {
  return name == "RandomResizedCrop" || name == "RandomHorizontalFlip" || name == "ColorJitter";
}
}  // namespace

ChannelStats computeChannelStats(const Dataset& dataset, const std::vector<TransformSpec>& pipeline, int64_t maxSamples,
                                 const std::function<bool(int64_t, int64_t)>& progress) {
  std::vector<TransformSpec> deterministic;
  for (const auto& t : pipeline) {
    if (t.name == "Normalize") break;
    if (!isRandom(t.name)) deterministic.push_back(t);
  }
  if (std::none_of(deterministic.begin(), deterministic.end(),
                   [](const TransformSpec& t) { return t.name == "ToTensor"; })) {
    TransformSpec toTensor;
    toTensor.name = "ToTensor";
    deterministic.push_back(toTensor);
  }
  const Compose transform(deterministic);
  const int64_t n = dataset.size();
  const int64_t count = maxSamples > 0 ? std::min(maxSamples, n) : n;

  std::mutex mutex;
  std::vector<double> sum, sumSq;
  double pixels = 0;
  int64_t measured = 0, failed = 0;
  std::atomic<int64_t> next{0}, done{0};
  std::atomic<bool> cancelled{false};
  auto work = [&] {
    std::vector<double> s, sq;
    double px = 0;
    int64_t ok = 0, bad = 0;
    for (int64_t k = next++; k < count && !cancelled; k = next++) {
      const int64_t index = count == n ? k : k * n / count;  // evenly spread subset
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
      if (!img.isTensor) {
        ++bad;
      } else {
        if (s.empty()) s.assign(img.channels, 0.0), sq.assign(img.channels, 0.0);
        const size_t plane = static_cast<size_t>(img.height) * img.width;
        for (int c = 0; c < img.channels && c < static_cast<int>(s.size()); ++c) {
          const float* p = img.tensor.data() + c * plane;
          double a = 0, b = 0;
          for (size_t i = 0; i < plane; ++i) a += p[i], b += static_cast<double>(p[i]) * p[i];
          s[c] += a, sq[c] += b;
        }
        px += static_cast<double>(plane);
        ++ok;
      }
      const int64_t d = ++done;
      if (progress && (d % 256 == 0 || d == count)) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!progress(d, count)) cancelled = true;
      }
    }
    std::lock_guard<std::mutex> lock(mutex);
    if (sum.empty()) sum.assign(s.size(), 0.0), sumSq.assign(s.size(), 0.0);
    for (size_t c = 0; c < s.size() && c < sum.size(); ++c) sum[c] += s[c], sumSq[c] += sq[c];
    pixels += px;
    measured += ok;
    failed += bad;
  };
  std::vector<std::thread> pool;
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
  for (auto& t : pool) t.join();
  if (cancelled) throw std::runtime_error("cancelled");
  if (measured == 0) throw std::runtime_error("no image could be loaded to measure");

  ChannelStats stats;
  stats.samples = measured;
  stats.skipped = failed;
  for (size_t c = 0; c < sum.size(); ++c) {
    const double mean = sum[c] / pixels;
    const double std = std::sqrt(std::max(0.0, sumSq[c] / pixels - mean * mean));
    stats.mean.push_back(mean);
    if (std < 1e-4) stats.constant_channels.push_back(static_cast<int>(c));
    stats.std.push_back(std < 1e-4 ? 1.0 : std);
  }
  return stats;
}

}  // namespace trainscope
