// Building blocks that are one layer of a LayerStack but hold several modules.
#pragma once

#include <torch/torch.h>

namespace trainscope {

struct BasicBlockOptions {
  BasicBlockOptions(int64_t in, int64_t out) : in_channels_(in), out_channels_(out) {}
  TORCH_ARG(int64_t, in_channels);
  TORCH_ARG(int64_t, out_channels);
  TORCH_ARG(int64_t, stride) = 1;
};

// ResNet's BasicBlock: two 3x3 convolutions with BatchNorm and a residual shortcut
// (a 1x1 projection when the shape changes).
class BasicBlockImpl : public torch::nn::Module {
 public:
  explicit BasicBlockImpl(const BasicBlockOptions& options);
  torch::Tensor forward(torch::Tensor x);

 private:
  torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
  torch::nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
  torch::nn::Sequential downsample{nullptr};
};
TORCH_MODULE(BasicBlock);

// x + activation(Linear(x)): a hidden MLP layer with a residual connection, so the
// gradient has a path around the activation (lesson 5: depth and vanishing gradients).
class ResidualLinearImpl : public torch::nn::Module {
 public:
  ResidualLinearImpl(int64_t features, std::string activation);
  torch::Tensor forward(torch::Tensor x);
  const std::string& activation() const { return activation_; }

 private:
  torch::nn::Linear fc{nullptr};
  std::string activation_;
};
TORCH_MODULE(ResidualLinear);

}  // namespace trainscope
