// Grad-CAM on a LayerStack: the class's logit's gradient (not its probability's, which
// vanishes as the prediction saturates) at the last layer whose output is a spatial map
// (the forward observer stands in for a hook), averaged per channel into weights; the
// weighted sum of the maps, ReLU'd, upsampled to the input, scaled to 0..1.
#pragma once

#include "engine/models/layer_stack.h"

#include <torch/torch.h>

#include <string>

namespace trainscope {

struct GradCamMap {
  std::string layer;
  int64_t target = 0;
  torch::Tensor probabilities;  // [classes]
  torch::Tensor heat;           // [H, W] at the input's size, from 0 (its minimum) to 1
};

// `input` [1, C, H, W]. The model's parameters get no gradients (only the activations
// do), so its optimizer state, if any, is untouched. Throws std::runtime_error when no
// layer gives a spatial map.
GradCamMap computeGradCam(LayerStack& model, const torch::Tensor& input, int64_t target);

}  // namespace trainscope
