// The built-in models, built for a given input shape and class count.
#pragma once

#include "engine/config/config.h"
#include "engine/models/layer_stack.h"

namespace trainscope {

// input_shape is [C, H, W]. Throws std::invalid_argument when the input is too small
// for the model (e.g. LeNet on 8x8 images).
LayerStack buildModel(const ModelConfig& config, const std::vector<int64_t>& input_shape, int64_t num_classes);

}  // namespace trainscope
