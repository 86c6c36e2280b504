// A dataset's own per-channel mean and std, for Normalize: the seed's advice for
// data that is not ImageNet.
#pragma once

#include "engine/config/config.h"
#include "engine/data/dataset.h"

#include <functional>

namespace trainscope {

struct ChannelStats {
  std::vector<double> mean, std;  // one value per channel, on the ToTensor scale (0..1)
  int64_t samples = 0;            // images measured
  int64_t skipped = 0;            // images that failed to load
  // Channels with (almost) no variation: their std is reported as 1, since Normalize
  // cannot divide by zero.
  std::vector<int> constant_channels;
};

// Measures the images as `pipeline` delivers them up to ToTensor, leaving out random
// steps (crops, flips, jitter) and Normalize, over at most max_samples images (0 =
// all) spread evenly over the dataset. Uses every core. progress(done, total) may
// return false to cancel, which throws std::runtime_error("cancelled").
ChannelStats computeChannelStats(const Dataset& dataset, const std::vector<TransformSpec>& pipeline,
                                 int64_t max_samples = 0, const std::function<bool(int64_t, int64_t)>& progress = {});

}  // namespace trainscope
