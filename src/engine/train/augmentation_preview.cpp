#include "engine/train/augmentation_preview.h"

#include "engine/config/transforms_config.h"
#include "engine/data/rng.h"
#include "engine/data/transforms.h"
#include "engine/train/mix_draw.h"

namespace trainscope {

namespace {

std::vector<TransformSpec> imageSteps(const std::vector<TransformSpec>& pipeline) {
  std::vector<TransformSpec> steps;
  for (const auto& t : pipeline)
    if (const TransformKind* kind = transformKind(t.name); kind && kind->makesAnImage) steps.push_back(t);
  return steps;
}

// The pipeline on `pixels`; empty when a step fails on them.
cv::Mat augmented(const Compose& augment, const cv::Mat& pixels, Rng& rng) {
  PipelineImage img;
  img.pixels = pixels;
  try {
    augment.apply(img, rng);
    return img.pixels;
  } catch (const std::exception&) {
    return cv::Mat();
  }
}

// MixUp or CutMix of `draw` with another image of the split, augmented the same way.
void mixWithAnother(PreviewDraw& draw, const Dataset& data, const Compose& augment, const ExperimentConfig& config,
                    uint64_t drawIndex) {
  if (draw.image.empty() || data.size() < 2) return;
  const MixDraw mix =
      drawMix(config.training, config.seed, static_cast<int64_t>(drawIndex), 2, draw.image.rows, draw.image.cols);
  if (!mix.mixed) return;
  Rng pick(mixSeed(config.seed, drawIndex, 77));
  std::string error;
  const cv::Mat partnerPixels = data.load(pick.randint(0, data.size()), &error);
  if (partnerPixels.empty()) return;
  const cv::Mat partner = augmented(augment, partnerPixels, pick);
  if (partner.empty()) return;
  try {
    draw.image = mixImages(draw.image, partner, mix);
  } catch (const std::exception&) {
    return;
  }
  (mix.cutmix ? draw.cutmix_lam : draw.mixup_lam) = mix.lam;
}

}  // namespace

bool previewDrawsAtRandom(const ExperimentConfig& config) {
  if (config.training.mixup_alpha > 0 || config.training.cutmix_alpha > 0) return true;
  for (const auto& t : config.train_transforms)
    if (const TransformKind* kind = transformKind(t.name); kind && kind->random) return true;
  return false;
}

std::vector<PreviewDraw> previewAugmentation(const Dataset& data, int64_t index, const ExperimentConfig& config,
                                             uint64_t reroll, int count, std::string* error) {
  const cv::Mat original = data.load(index, error);
  if (original.empty()) return {};
  const Compose augment(imageSteps(config.train_transforms));
  std::vector<PreviewDraw> draws(static_cast<size_t>(std::max(count, 1)));
  draws[0].image = original;
  for (size_t i = 1; i < draws.size(); ++i) {
    const uint64_t drawIndex = reroll * static_cast<uint64_t>(count) + i;
    Rng rng(mixSeed(config.seed, drawIndex));
    draws[i].image = augmented(augment, original, rng);
    mixWithAnother(draws[i], data, augment, config, drawIndex);
  }
  return draws;
}

}  // namespace trainscope
