// "Step one batch": pictures of what each layer made of a batch's first image (feature
// maps of conv layers, the features of the others), with the loss and the prediction,
// for the app to show layer by layer (the "what does the network see" view of CNN
// Explainer, on the user's own model and data).
#pragma once

#include "engine/models/layer_stack.h"
#include "engine/run/events.h"

#include <torch/torch.h>

#include <string>
#include <vector>

namespace trainscope {

class BatchSnapshotter {
 public:
  explicit BatchSnapshotter(LayerStack model);
  // The forward observer: keeps the first image's output of each layer.
  void observe(size_t layer, const torch::Tensor& output);
  BatchSnapshot finish(int64_t step, double loss, const torch::Tensor& inputs, const torch::Tensor& logits,
                       const torch::Tensor& targets, const std::vector<std::string>& classes) const;

 private:
  LayerStack model_;
  std::vector<LayerSnapshot> layers_;
};

// One sample's activations as a picture: a [C, H, W] map as up to `maxMaps` channels
// side by side, each scaled to its own range; anything else as a strip of its values.
Picture activationPicture(const torch::Tensor& sample, int maxMaps, int* shown, int* total);
// An input image [C, H, W] (1 or 3 channels) as a picture, its range stretched to 0..255.
Picture imagePicture(const torch::Tensor& sample);

}  // namespace trainscope
