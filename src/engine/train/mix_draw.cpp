#include "engine/train/mix_draw.h"

#include "engine/data/rng.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace trainscope {

namespace {
double sampleBeta(double alpha, std::mt19937_64& engine) {
  std::gamma_distribution<double> gamma(alpha, 1.0);
  const double a = gamma(engine), b = gamma(engine);
  return a + b > 0 ? a / (a + b) : 0.5;
}
}  // namespace

MixDraw drawMix(const TrainingConfig& c, uint64_t seed, int64_t step, int64_t batch, int64_t h, int64_t w) {
  MixDraw d;
  const bool mixup = c.mixup_alpha > 0, cutmix = c.cutmix_alpha > 0;
  if ((!mixup && !cutmix) || batch < 2) return d;
  Rng rng(mixSeed(seed, 0x6D6978ull /* "mix" */, static_cast<uint64_t>(step)));
  if (!rng.bernoulli(c.mix_prob)) return d;
  // Both on: each batch is one or the other, half and half (timm's switch_prob 0.5).
  d.mixed = true;
  d.cutmix = cutmix && (!mixup || rng.bernoulli(0.5));
  d.lam = sampleBeta(d.cutmix ? c.cutmix_alpha : c.mixup_alpha, rng.engine());
  d.permutation.resize(static_cast<size_t>(batch));
  std::iota(d.permutation.begin(), d.permutation.end(), 0);
  std::shuffle(d.permutation.begin(), d.permutation.end(), rng.engine());
  if (d.cutmix) {
    // A box of area (1 - lam) at a uniform centre, clipped to the image; lam then
    // becomes the share of pixels actually kept.
    const double cut = std::sqrt(1.0 - d.lam);
    const int64_t ch = static_cast<int64_t>(h * cut), cw = static_cast<int64_t>(w * cut);
    const int64_t cy = rng.randint(0, h), cx = rng.randint(0, w);
    d.y0 = std::clamp<int64_t>(cy - ch / 2, 0, h), d.y1 = std::clamp<int64_t>(cy + ch / 2, 0, h);
    d.x0 = std::clamp<int64_t>(cx - cw / 2, 0, w), d.x1 = std::clamp<int64_t>(cx + cw / 2, 0, w);
    d.lam = 1.0 - static_cast<double>((d.y1 - d.y0) * (d.x1 - d.x0)) / static_cast<double>(h * w);
  }
  return d;
}

cv::Mat mixImages(const cv::Mat& image, const cv::Mat& partner, const MixDraw& d) {
  if (!d.mixed || image.empty() || partner.empty()) return image;
  cv::Mat other;
  cv::resize(partner, other, image.size(), 0, 0, cv::INTER_AREA);
  if (other.channels() != image.channels())
    cv::cvtColor(other, other, image.channels() == 1 ? cv::COLOR_RGB2GRAY : cv::COLOR_GRAY2RGB);
  cv::Mat out;
  if (!d.cutmix) {
    cv::addWeighted(image, d.lam, other, 1.0 - d.lam, 0.0, out);
    return out;
  }
  out = image.clone();
  // The caller draws the box for this image's size.
  const cv::Rect box(static_cast<int>(d.x0), static_cast<int>(d.y0), static_cast<int>(d.x1 - d.x0),
                     static_cast<int>(d.y1 - d.y0));
  const cv::Rect inside = box & cv::Rect(0, 0, out.cols, out.rows);
  if (inside.area() > 0) other(inside).copyTo(out(inside));
  return out;
}

}  // namespace trainscope
