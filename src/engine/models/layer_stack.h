// A model as a sequence of named layers. The C++ frontend has no forward hooks, so
// forward() takes an optional observer that sees every layer's output: the stand-in
// for register_forward_hook, used by probes and the model summary.
#pragma once

#include <torch/torch.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace trainscope {

// Called after each layer with (layer index, output).
using LayerObserver = std::function<void(size_t, const torch::Tensor&)>;

class LayerStackImpl;
// The forward pass with model.activation_checkpointing (models/activation_checkpoint.cpp).
torch::Tensor forwardCheckpointed(LayerStackImpl& stack, torch::Tensor x, const LayerObserver& observe);
// What a checkpointed segment's grad_fn saved for backward: the segment's input (and its
// parameters), the only activation it keeps; empty for any other node.
std::vector<std::pair<std::string, torch::Tensor>> checkpointedSegmentSaved(torch::autograd::Node* node);

class LayerStackImpl : public torch::nn::Module {
 public:
  struct Layer {
    std::string name;  // "conv1", "layer2_0", ...
    std::string type;  // "Conv2d", "BasicBlock", ...
    torch::nn::AnyModule module;
  };

  template <typename ModuleHolder>
  void add(const std::string& name, const std::string& type, ModuleHolder module) {
    layers_.push_back({name, type, torch::nn::AnyModule(register_module(name, module))});
  }

  torch::Tensor forward(torch::Tensor x) { return forward(std::move(x), LayerObserver{}); }
  torch::Tensor forward(torch::Tensor x, const LayerObserver& observe) {
    if (recomputesInBackward()) return forwardCheckpointed(*this, std::move(x), observe);
    for (size_t i = 0; i < layers_.size(); ++i) {
      x = layers_[i].module.forward(x);
      if (observe) observe(i, x);
    }
    return x;
  }
  // Layers [first, end) only: a gradient taken at an inner layer's output (token saliency).
  torch::Tensor forwardRange(size_t first, size_t end, torch::Tensor x, const LayerObserver& observe = {}) {
    for (size_t i = first; i < std::min(end, layers_.size()); ++i) {
      x = layers_[i].module.forward(x);
      if (observe) observe(i, x);
    }
    return x;
  }
  const std::vector<Layer>& layers() const { return layers_; }

  // model.activation_checkpointing: checkpoint_sequential's segments (0 or 1 = off).
  void setCheckpointSegments(int segments) { checkpointSegments_ = segments; }
  int checkpointSegments() const { return checkpointSegments_; }
  // Only a training forward that builds a graph recomputes: eval and no_grad run plainly.
  bool recomputesInBackward() const {
    return checkpointSegments_ > 1 && layers_.size() > 1 && is_training() && torch::GradMode::is_enabled();
  }

 private:
  std::vector<Layer> layers_;
  int checkpointSegments_ = 0;
};
TORCH_MODULE(LayerStack);

}  // namespace trainscope
