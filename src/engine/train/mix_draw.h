// The random draws of MixUp and CutMix for one batch, apart from the tensors: the
// trainer applies them to the batch (train/batch_mixing.h), the Data page's
// augmentation preview to two images. Plain C++ and OpenCV.
#pragma once

#include "engine/config/config.h"

#include <opencv2/core.hpp>

#include <cstdint>
#include <vector>

namespace trainscope {

struct MixDraw {
  bool mixed = false, cutmix = false;
  double lam = 1.0;                        // the share of the original image (CutMix: of its pixels)
  int64_t y0 = 0, y1 = 0, x0 = 0, x1 = 0;  // CutMix: the pasted box, [y0, y1) x [x0, x1)
  std::vector<int64_t> permutation;        // the partner of each image in the batch
};

// Seeded by (seed, step): the same batch of a resumed run draws the same.
MixDraw drawMix(const TrainingConfig& config, uint64_t seed, int64_t step, int64_t batch, int64_t height,
                int64_t width);

// `image` mixed with `partner` (resized to its size) as the draw says, for showing.
cv::Mat mixImages(const cv::Mat& image, const cv::Mat& partner, const MixDraw& draw);

}  // namespace trainscope
