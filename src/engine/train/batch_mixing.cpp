#include "engine/train/batch_mixing.h"

#include "engine/train/mix_draw.h"

namespace trainscope {

MixedBatch mixBatch(const torch::Tensor& x, const torch::Tensor& y, const TrainingConfig& c, uint64_t seed,
                    int64_t step) {
  MixedBatch out{x, y, {}, 1.0};
  const MixDraw d = drawMix(c, seed, step, x.size(0), x.dim() == 4 ? x.size(2) : 1, x.dim() == 4 ? x.size(3) : 1);
  if (!d.mixed) return out;
  const torch::Tensor perm = torch::tensor(d.permutation, torch::kLong).to(x.device());
  const torch::Tensor shuffled = x.index_select(0, perm);
  if (d.cutmix && x.dim() == 4) {
    using torch::indexing::Slice;
    out.inputs = x.clone();
    out.inputs.index_put_({Slice(), Slice(), Slice(d.y0, d.y1), Slice(d.x0, d.x1)},
                          shuffled.index({Slice(), Slice(), Slice(d.y0, d.y1), Slice(d.x0, d.x1)}));
  } else {
    out.inputs = x * d.lam + shuffled * (1.0 - d.lam);
  }
  out.shuffled_targets = y.index_select(0, perm);
  out.lam = d.lam;
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
