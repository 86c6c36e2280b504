// A TorchScript module saved from Python (torch.jit.script / trace + torch.jit.save)
// as a LayerStack the trainer, probes and checkpoints use like a built-in model.
#pragma once

#include "engine/config/config.h"
#include "engine/models/layer_stack.h"

#include <torch/script.h>

namespace trainscope {

// One TorchScript module as a layer. Its parameters and buffers are the scripted
// module's own tensors, registered under PyTorch's names ("layer1.0.conv1.weight"),
// so the optimizer, the probes and state_dict checkpoints see them.
class ScriptLayerImpl : public torch::nn::Module {
 public:
  explicit ScriptLayerImpl(torch::jit::Module module);
  torch::Tensor forward(torch::Tensor x);
  void train(bool on = true) override;
  torch::jit::Module& script() { return module_; }

 private:
  torch::jit::Module module_;
};
TORCH_MODULE(ScriptLayer);

// Loads config.path. When the module's forward is its children called in order (with
// a flatten, or a global average pool and flatten, where a classifier needs one), each
// child becomes a layer, so probes see every layer's output; otherwise the module is
// one layer. model.head: "auto" replaces the last Linear when its outputs differ from
// the classes, "replace" always, "keep" never. Throws ConfigError naming model.path or
// model.head.
LayerStack buildScriptedModel(const ModelConfig& config, const std::vector<int64_t>& inputShape, int64_t classes);

}  // namespace trainscope
