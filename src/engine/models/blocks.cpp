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

namespace {
int64_t embeddingWidth(const TabularInputOptions& o, int64_t size) {
  return o.embedding_dim() > 0 ? o.embedding_dim() : std::min<int64_t>(16, (size + 1) / 2);
}
}  // namespace

TabularInputImpl::TabularInputImpl(const TabularInputOptions& options) : options_(options) {
  if (!options_.embed()) return;
  for (size_t k = 0; k < options_.category_sizes().size(); ++k) {
    const int64_t size = options_.category_sizes()[k];
    embeddings_.push_back(
        register_module("embed" + std::to_string(k + 1), torch::nn::Embedding(size, embeddingWidth(options_, size))));
  }
}

torch::Tensor TabularInputImpl::forward(torch::Tensor x) {
  std::vector<torch::Tensor> parts{x.narrow(1, 0, options_.numbers())};
  const auto& sizes = options_.category_sizes();
  for (size_t k = 0; k < sizes.size(); ++k) {
    // Codes travel as floats in the batch; a code outside the training levels is "unseen" (0).
    torch::Tensor code = x.select(1, options_.numbers() + static_cast<int64_t>(k)).to(torch::kLong);
    code = code.clamp(0, sizes[k] - 1);
    parts.push_back(options_.embed() ? embeddings_[k](code) : torch::one_hot(code, sizes[k]).to(x.scalar_type()));
  }
  return torch::cat(parts, 1);
}

int64_t TabularInputImpl::outputWidth() const {
  int64_t width = options_.numbers();
  for (int64_t size : options_.category_sizes()) width += options_.embed() ? embeddingWidth(options_, size) : size;
  return width;
}

}  // namespace trainscope
