// The augmentation preview: an image as the training data loader will see it, the
// original then versions drawn by the training transforms' image steps (ToTensor and
// Normalize make no picture) and by MixUp/CutMix with another image of the split.
// Torch-free (OpenCV), so the Data page and the CLI share the recipe's draws.
#pragma once

#include "engine/config/config.h"
#include "engine/data/dataset.h"

#include <opencv2/core.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct PreviewDraw {
  cv::Mat image;          // RGB or grey; empty when the pipeline failed on this draw
  double mixup_lam = 0;   // the original's share when MixUp mixed in another image, else 0
  double cutmix_lam = 0;  // the original's share of pixels when CutMix pasted a box, else 0
};

// True when another draw may look different: a random transform, MixUp or CutMix.
bool previewDrawsAtRandom(const ExperimentConfig& config);

// `count` pictures of `data[index]`: the original, then draws `reroll * count + i`
// (seeded by the config's seed, so a reroll shows new ones and the same reroll the
// same). Empty, with `error`, when the image cannot be loaded.
std::vector<PreviewDraw> previewAugmentation(const Dataset& data, int64_t index, const ExperimentConfig& config,
                                             uint64_t reroll, int count, std::string* error);

}  // namespace trainscope
