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

struct TabularInputOptions {
  TabularInputOptions(int64_t numbers, std::vector<int64_t> category_sizes)
      : numbers_(numbers), category_sizes_(std::move(category_sizes)) {}
  TORCH_ARG(int64_t, numbers);                      // leading columns passed through
  TORCH_ARG(std::vector<int64_t>, category_sizes);  // then one code column per category
  TORCH_ARG(bool, embed) = true;                    // Embedding, or one-hot
  TORCH_ARG(int64_t, embedding_dim) = 0;            // 0 = min(16, (size + 1) / 2)
};

// A table's first layer: [N, numbers + categories] with each category as its code
// becomes [N, numbers + sum of widths], every code embedded (nn.Embedding) or one-hot.
class TabularInputImpl : public torch::nn::Module {
 public:
  explicit TabularInputImpl(const TabularInputOptions& options);
  torch::Tensor forward(torch::Tensor x);
  int64_t outputWidth() const;
  const TabularInputOptions& options() const { return options_; }

 private:
  TabularInputOptions options_;
  std::vector<torch::nn::Embedding> embeddings_;
};
TORCH_MODULE(TabularInput);

}  // namespace trainscope
