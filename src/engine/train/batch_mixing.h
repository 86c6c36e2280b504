// MixUp and CutMix (Zhang et al. 2018; Yun et al. 2019) as timm and torchvision's
// v2 transforms do them: a batch is blended with a shuffled copy of itself, and the
// loss is lam * CE(logits, y) + (1 - lam) * CE(logits, y[perm]).
#pragma once

#include "engine/config/config.h"

#include <torch/torch.h>

namespace trainscope {

struct MixedBatch {
  torch::Tensor inputs;
  torch::Tensor targets, shuffled_targets;  // y and y[perm]; shuffled is undefined when not mixed
  double lam = 1.0;                         // the share of the original images
  bool mixed() const { return shuffled_targets.defined(); }
};

// Mixes a batch when the config asks (training.mixup_alpha / cutmix_alpha / mix_prob).
// Its draws come from (seed, step), so a resumed run mixes as the original did.
MixedBatch mixBatch(const torch::Tensor& x, const torch::Tensor& y, const TrainingConfig& config, uint64_t seed,
                    int64_t step);

// Cross-entropy of a (possibly mixed) batch, label smoothing included.
torch::Tensor mixedCrossEntropy(const torch::Tensor& logits, const MixedBatch& batch, double labelSmoothing);

// Correct predictions, counting each target by its share (lam and 1 - lam).
double mixedCorrect(const torch::Tensor& logits, const MixedBatch& batch);

}  // namespace trainscope
