#include "engine/train/batch_mixing.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

// Images whose value is their index: a mixed image tells what it was mixed from.
torch::Tensor indexImages(int64_t n) {
  return torch::arange(n, torch::kFloat32).view({n, 1, 1, 1}).expand({n, 3, 8, 8}).contiguous();
}

TEST(BatchMixing, OffLeavesTheBatchAlone) {
  TrainingConfig c;
  const torch::Tensor x = indexImages(4), y = torch::arange(4);
  const MixedBatch b = mixBatch(x, y, c, 1, 0);
  EXPECT_FALSE(b.mixed());
  EXPECT_TRUE(b.inputs.equal(x));
}

TEST(BatchMixing, MixUpBlendsWithAShuffledCopyAndTheLossFollowsLam) {
  TrainingConfig c;
  c.mixup_alpha = 0.4;
  const torch::Tensor x = indexImages(8), y = torch::arange(8);
  const MixedBatch b = mixBatch(x, y, c, 7, 3);
  ASSERT_TRUE(b.mixed());
  ASSERT_GT(b.lam, 0.0);
  ASSERT_LT(b.lam, 1.0);
  // Each image is lam * itself + (1 - lam) * its partner, the partner's label kept.
  for (int64_t i = 0; i < 8; ++i) {
    const double expected = b.lam * i + (1 - b.lam) * b.shuffled_targets[i].item<double>();
    EXPECT_NEAR(b.inputs[i][0][0][0].item<double>(), expected, 1e-5);
  }
  // The standard loss: lam * CE(y) + (1 - lam) * CE(y[perm]).
  const torch::Tensor logits = torch::randn({8, 8});
  namespace F = torch::nn::functional;
  const double expected = b.lam * F::cross_entropy(logits, y).item<double>() +
                          (1 - b.lam) * F::cross_entropy(logits, b.shuffled_targets).item<double>();
  EXPECT_NEAR(mixedCrossEntropy(logits, b, 0.0).item<double>(), expected, 1e-5);
  // Same seed and step, same mix (a resumed run repeats it); another step, another.
  EXPECT_TRUE(mixBatch(x, y, c, 7, 3).inputs.equal(b.inputs));
  EXPECT_FALSE(mixBatch(x, y, c, 7, 4).inputs.equal(b.inputs));
}

TEST(BatchMixing, CutMixPastesABoxAndLamIsTheShareOfPixelsKept) {
  TrainingConfig c;
  c.cutmix_alpha = 1.0;
  const torch::Tensor x = indexImages(6), y = torch::arange(6);
  for (int64_t step = 0; step < 20; ++step) {
    const MixedBatch b = mixBatch(x, y, c, 11, step);
    ASSERT_TRUE(b.mixed());
    for (int64_t i = 0; i < 6; ++i) {
      const int64_t partner = b.shuffled_targets[i].item<int64_t>();
      const torch::Tensor img = b.inputs[i][0];
      const double own = img.eq(static_cast<double>(i)).sum().item<double>() / 64.0;
      // Pixels are either the image's own or its partner's; lam counts the own ones.
      if (partner != i) {
        EXPECT_NEAR(own, b.lam, 1e-9) << "step " << step;
        EXPECT_NEAR(img.eq(static_cast<double>(partner)).sum().item<double>() / 64.0, 1 - b.lam, 1e-9);
      }
    }
  }
}

TEST(BatchMixing, MixProbZeroMixesNothing) {
  TrainingConfig c;
  c.mixup_alpha = c.cutmix_alpha = 1.0;
  c.mix_prob = 0.0;
  EXPECT_FALSE(mixBatch(indexImages(4), torch::arange(4), c, 1, 0).mixed());
}

}  // namespace
}  // namespace trainscope
