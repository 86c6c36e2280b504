// Saving chosen layers' tensors at a step to the run's tensors.h5, for offline analysis
// in numpy: a layer's output ("activation") and the gradient of the loss with respect
// to it ("activation_grad"), and the layer's parameters ("weight") and their gradients
// ("weight_grad"), each copied while the step runs and written after it.
#pragma once

#include "engine/config/config.h"
#include "engine/models/layer_stack.h"

#include <torch/torch.h>

#include <string>
#include <vector>

namespace trainscope {

// Problems with a request against a model ("tensors.layers[1]: no layer \"conv9\"..."),
// empty when it is fine. `field` prefixes the messages.
Problems checkTensorDumpRequest(const TensorDumpRequest& request, const LayerStack& model, const std::string& field);

class TensorCapture {
 public:
  TensorCapture(LayerStack model, TensorDumpRequest request);

  // The forward observer for the step: copies the chosen outputs and hooks their
  // gradients.
  void observe(size_t layer, const torch::Tensor& output);
  // After backward, before the optimizer step: the parameters as this step used them,
  // and their gradients.
  void afterBackward();
  // Writes everything captured under /step_<step>/<layer>/ in `path` (appending to
  // the file; `epoch` is 1-based). Returns the number of datasets written.
  int write(const std::string& path, int64_t step, int64_t epoch);

 private:
  struct Captured {
    std::string layer, layerType, kind, name;  // name: the dataset's name in the layer's group
    torch::Tensor value;
  };
  bool wants(const std::string& kind) const;
  bool wantsLayer(const std::string& layer) const;

  LayerStack model_;
  TensorDumpRequest request_;
  std::vector<Captured> captured_;
  std::vector<torch::Tensor> activationGrads_;  // per layer; filled during backward
};

// "/step_000123": groups sort in step order in h5py and HDFView.
std::string tensorStepGroup(int64_t step);

}  // namespace trainscope
