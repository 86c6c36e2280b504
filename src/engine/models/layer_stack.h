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

  torch::Tensor forward(torch::Tensor x) {
    for (auto& layer : layers_) x = layer.module.forward(x);
    return x;
  }
  torch::Tensor forward(torch::Tensor x, const LayerObserver& observe) {
    for (size_t i = 0; i < layers_.size(); ++i) {
      x = layers_[i].module.forward(x);
      if (observe) observe(i, x);
    }
    return x;
  }
  // Layers [first, end) only: a gradient taken at an inner layer's output (token saliency).
  torch::Tensor forwardRange(size_t first, size_t end, torch::Tensor x) {
    for (size_t i = first; i < std::min(end, layers_.size()); ++i) x = layers_[i].module.forward(x);
    return x;
  }
  const std::vector<Layer>& layers() const { return layers_; }

 private:
  std::vector<Layer> layers_;
};
TORCH_MODULE(LayerStack);

}  // namespace trainscope
