#include "engine/train/batch_mixing.h"

#include "engine/data/rng.h"

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

MixedBatch mixBatch(const torch::Tensor& x, const torch::Tensor& y, const TrainingConfig& c, uint64_t seed,
                    int64_t step) {
  MixedBatch out{x, y, {}, 1.0};
  const bool mixup = c.mixup_alpha > 0, cutmix = c.cutmix_alpha > 0;
  if ((!mixup && !cutmix) || x.size(0) < 2) return out;
  Rng rng(mixSeed(seed, 0x6D6978ull /* "mix" */, static_cast<uint64_t>(step)));
  if (!rng.bernoulli(c.mix_prob)) return out;
  // Both on: each batch is one or the other, half and half (timm's switch_prob 0.5).
  const bool useCutMix = cutmix && (!mixup || rng.bernoulli(0.5));
  double lam = sampleBeta(useCutMix ? c.cutmix_alpha : c.mixup_alpha, rng.engine());
  std::vector<int64_t> order(static_cast<size_t>(x.size(0)));
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng.engine());
  const torch::Tensor perm = torch::tensor(order, torch::kLong).to(x.device());
  const torch::Tensor shuffled = x.index_select(0, perm);
  if (useCutMix) {
    // A box of area (1 - lam) at a uniform centre, clipped to the image; lam then
    // becomes the share of pixels actually kept.
    const int64_t h = x.size(2), w = x.size(3);
    const double cut = std::sqrt(1.0 - lam);
    const int64_t ch = static_cast<int64_t>(h * cut), cw = static_cast<int64_t>(w * cut);
    const int64_t cy = rng.randint(0, h), cx = rng.randint(0, w);
    const int64_t y0 = std::clamp<int64_t>(cy - ch / 2, 0, h), y1 = std::clamp<int64_t>(cy + ch / 2, 0, h);
    const int64_t x0 = std::clamp<int64_t>(cx - cw / 2, 0, w), x1 = std::clamp<int64_t>(cx + cw / 2, 0, w);
    out.inputs = x.clone();
    using torch::indexing::Slice;
    out.inputs.index_put_({Slice(), Slice(), Slice(y0, y1), Slice(x0, x1)},
                          shuffled.index({Slice(), Slice(), Slice(y0, y1), Slice(x0, x1)}));
    lam = 1.0 - static_cast<double>((y1 - y0) * (x1 - x0)) / static_cast<double>(h * w);
  } else {
    out.inputs = x * lam + shuffled * (1.0 - lam);
  }
  out.shuffled_targets = y.index_select(0, perm);
  out.lam = lam;
  return out;
}

torch::Tensor mixedCrossEntropy(const torch::Tensor& logits, const MixedBatch& b, double labelSmoothing) {
  namespace F = torch::nn::functional;
  const auto options = F::CrossEntropyFuncOptions().label_smoothing(labelSmoothing);
  torch::Tensor loss = F::cross_entropy(logits, b.targets, options);
  if (!b.mixed()) return loss;
  return loss * b.lam + F::cross_entropy(logits, b.shuffled_targets, options) * (1.0 - b.lam);
}

double mixedCorrect(const torch::Tensor& logits, const MixedBatch& b) {
  const torch::Tensor predicted = logits.argmax(/*dim=*/1);
  const double correct = predicted.eq(b.targets).sum().item<double>();
  if (!b.mixed()) return correct;
  return correct * b.lam + predicted.eq(b.shuffled_targets).sum().item<double>() * (1.0 - b.lam);
}

}  // namespace trainscope
