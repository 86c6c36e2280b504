#include "engine/models/blocks.h"

namespace trainscope {

namespace nn = torch::nn;

BasicBlockImpl::BasicBlockImpl(const BasicBlockOptions& o) {
  conv1 = register_module(
      "conv1",
      nn::Conv2d(nn::Conv2dOptions(o.in_channels(), o.out_channels(), 3).stride(o.stride()).padding(1).bias(false)));
  bn1 = register_module("bn1", nn::BatchNorm2d(o.out_channels()));
  conv2 = register_module(
      "conv2", nn::Conv2d(nn::Conv2dOptions(o.out_channels(), o.out_channels(), 3).stride(1).padding(1).bias(false)));
  bn2 = register_module("bn2", nn::BatchNorm2d(o.out_channels()));
  if (o.stride() != 1 || o.in_channels() != o.out_channels()) {
    downsample = register_module(
        "downsample",
        nn::Sequential(
            nn::Conv2d(nn::Conv2dOptions(o.in_channels(), o.out_channels(), 1).stride(o.stride()).bias(false)),
            nn::BatchNorm2d(o.out_channels())));
  }
}

torch::Tensor BasicBlockImpl::forward(torch::Tensor x) {
  torch::Tensor identity = downsample ? downsample->forward(x) : x;
  torch::Tensor out = torch::relu(bn1->forward(conv1->forward(x)));
  out = bn2->forward(conv2->forward(out));
  return torch::relu(out + identity);
}

ResidualLinearImpl::ResidualLinearImpl(int64_t features, std::string activation)
    : fc(register_module("fc", torch::nn::Linear(features, features))), activation_(std::move(activation)) {}

torch::Tensor ResidualLinearImpl::forward(torch::Tensor x) {
  torch::Tensor h = fc->forward(x);
  h = activation_ == "sigmoid" ? torch::sigmoid(h) : activation_ == "tanh" ? torch::tanh(h) : torch::relu(h);
  return x + h;
}

}  // namespace trainscope
