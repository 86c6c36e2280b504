// MaxPool2d with a direct CPU kernel. LibTorch 1.13's own max_pool2d forward on
// contiguous NCHW input branches on every element (a compare and an isnan test the
// branch predictor cannot learn on noisy activations): about a quarter of a LeNet
// training step. This kernel computes the same values and the same indices (the first
// maximum in the window, a NaN wins) with selects instead of branches; the backward
// pass is LibTorch's max_pool2d_with_indices_backward on those indices, so gradients
// are PyTorch's exactly. Inputs it does not cover (channels_last, half precision, CUDA)
// go to torch::max_pool2d.
#pragma once

#include <torch/torch.h>

namespace trainscope {

// torch::max_pool2d's result for (N, C, H, W) or (C, H, W) input.
torch::Tensor maxPool2d(const torch::Tensor& x, const torch::nn::MaxPool2dOptions& options);

// The values and indices (flat within each H x W plane), as at::max_pool2d_with_indices.
std::tuple<torch::Tensor, torch::Tensor> maxPool2dWithIndices(const torch::Tensor& x,
                                                              const torch::nn::MaxPool2dOptions& options);

// Whether maxPool2d runs the direct kernel for this input (else LibTorch's).
bool directMaxPoolApplies(const torch::Tensor& x, const torch::nn::MaxPool2dOptions& options);

// What a direct max pool's grad_fn saved for backward, as LibTorch's
// MaxPool2DWithIndicesBackward0 names them ({"self", input}, {"result1", indices});
// empty for any other node.
std::vector<std::pair<std::string, torch::Tensor>> directMaxPoolSaved(torch::autograd::Node* node);

// nn::MaxPool2d whose forward is maxPool2d: still a MaxPool2dImpl to the exporters
// (ONNX, TorchScript) and to the model summary.
class FastMaxPool2dImpl : public torch::nn::MaxPool2dImpl {
 public:
  using torch::nn::MaxPool2dImpl::MaxPool2dImpl;
  torch::Tensor forward(const torch::Tensor& input) { return maxPool2d(input, options); }
};
TORCH_MODULE(FastMaxPool2d);

}  // namespace trainscope
