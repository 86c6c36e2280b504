// model.image_size: one number that sets the input size of both transform pipelines,
// so a user picks 96 px instead of editing every Resize and crop. Plain C++.
#pragma once

#include "engine/config/config.h"

#include <string>
#include <vector>

namespace trainscope {

// Rewrites a pipeline for square size x size inputs: crops take the size; a Resize
// followed by a crop keeps its ratio to the crop (256/224 stays 8/7); a last Resize
// becomes [size, size]; a pipeline without any becomes Resize [size, size] before
// ToTensor. Idempotent, so a config written back and read again is unchanged.
void applyImageSize(std::vector<TransformSpec>& pipeline, int size);

// The smallest input side the model can take (its poolings and strides), or 0 when
// unknown (a TorchScript module).
int minimumImageSize(const std::string& modelName);

// The largest image_size accepted: beyond it a single batch would not fit in memory.
constexpr int kMaximumImageSize = 1024;

}  // namespace trainscope
