// The direct MaxPool2d kernel against LibTorch's: the same values, the same indices
// (ties to the first maximum, NaN wins) and so the same gradients, for every geometry
// it takes; and what it does not take goes to LibTorch unchanged.
#include "engine/models/max_pool.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

namespace nn = torch::nn;

struct PoolCase {
  std::vector<int64_t> shape;
  nn::MaxPool2dOptions options;
  torch::Dtype dtype = torch::kFloat;
};

void PrintTo(const PoolCase& c, std::ostream* os) {
  *os << c.shape << " k" << c.options.kernel_size() << " s" << c.options.stride() << " p" << c.options.padding() << " d"
      << c.options.dilation() << (c.options.ceil_mode() ? " ceil" : "") << " " << c.dtype;
}

// Noisy activations after ReLU: many exact zeros (ties), a few NaNs and repeats.
torch::Tensor activations(const PoolCase& c) {
  torch::manual_seed(7);
  torch::Tensor x = torch::relu(torch::randn(c.shape, torch::TensorOptions().dtype(c.dtype)));
  x.view(-1).index_put_({torch::randint(x.numel(), {std::max<int64_t>(1, x.numel() / 97)})}, NAN);
  x.view(-1).slice(0, 0, x.numel() / 3, 5).fill_(0.5);  // equal positive values in some windows
  return x;
}

class DirectMaxPool : public ::testing::TestWithParam<PoolCase> {};

TEST_P(DirectMaxPool, MatchesLibTorchValuesIndicesAndGradients) {
  const PoolCase& c = GetParam();
  const torch::Tensor x = activations(c);
  ASSERT_TRUE(directMaxPoolApplies(x, c.options));
  const auto& o = c.options;
  const auto [expected, expectedIndices] =
      at::max_pool2d_with_indices(x, o.kernel_size(), o.stride(), o.padding(), o.dilation(), o.ceil_mode());
  const auto [values, indices] = maxPool2dWithIndices(x, o);
  EXPECT_EQ(values.sizes(), expected.sizes());
  EXPECT_TRUE(torch::equal(indices, expectedIndices));
  EXPECT_TRUE(torch::equal(torch::isnan(values), torch::isnan(expected)));
  EXPECT_TRUE(torch::equal(values.nan_to_num(-1), expected.nan_to_num(-1)));

  const torch::Tensor upstream = torch::randn(expected.sizes(), x.options());
  const torch::Tensor a = x.clone().requires_grad_(), b = x.clone().requires_grad_();
  (torch::max_pool2d(a, o.kernel_size(), o.stride(), o.padding(), o.dilation(), o.ceil_mode()) * upstream)
      .nansum()
      .backward();
  (maxPool2d(b, o) * upstream).nansum().backward();
  EXPECT_TRUE(torch::equal(a.grad(), b.grad()));
}

INSTANTIATE_TEST_SUITE_P(
    Geometries, DirectMaxPool,
    ::testing::Values(PoolCase{{64, 6, 28, 28}, nn::MaxPool2dOptions(2)},  // LeNet's first pool
                      PoolCase{{3, 16, 10, 10}, nn::MaxPool2dOptions(2)},  // a width not a multiple of 8
                      PoolCase{{2, 3, 7, 9}, nn::MaxPool2dOptions(2)},     // odd sides: the last row dropped
                      PoolCase{{2, 3, 5, 5}, nn::MaxPool2dOptions(2), torch::kDouble},
                      PoolCase{{4, 9, 9}, nn::MaxPool2dOptions(2)},                            // no batch dimension
                      PoolCase{{2, 4, 15, 15}, nn::MaxPool2dOptions(3).stride(2).padding(1)},  // ResNet's stem
                      PoolCase{{2, 4, 11, 13}, nn::MaxPool2dOptions({3, 2}).stride({1, 2})},   // overlapping windows
                      PoolCase{{2, 2, 9, 9}, nn::MaxPool2dOptions(2).ceil_mode(true)},
                      PoolCase{{2, 2, 12, 12}, nn::MaxPool2dOptions(3).dilation(2).padding(1)},
                      PoolCase{{1, 1, 1, 1}, nn::MaxPool2dOptions(1)}));

TEST(DirectMaxPool, LeavesOtherInputsToLibTorch) {
  const nn::MaxPool2dOptions two(2);
  const torch::Tensor x = torch::randn({2, 3, 8, 8});
  EXPECT_FALSE(directMaxPoolApplies(x.contiguous(at::MemoryFormat::ChannelsLast), two));
  EXPECT_FALSE(directMaxPoolApplies(x.transpose(2, 3), two));
  EXPECT_FALSE(directMaxPoolApplies(x.to(torch::kBFloat16), two));
  EXPECT_FALSE(directMaxPoolApplies(torch::randn({8, 8}), two));
  const torch::Tensor cl = x.contiguous(at::MemoryFormat::ChannelsLast);
  EXPECT_TRUE(torch::equal(maxPool2d(cl, two), torch::max_pool2d(cl, 2)));
  // What LibTorch rejects it still rejects, with its own message.
  EXPECT_THROW(maxPool2d(x, nn::MaxPool2dOptions(2).padding(2)), c10::Error);
  EXPECT_THROW(maxPool2d(torch::randn({1, 1, 1, 1}), two), c10::Error);
}

TEST(DirectMaxPool, IsStillAMaxPool2dToExportersAndSummaries) {
  FastMaxPool2d pool(nn::MaxPool2dOptions(3).stride(2).padding(1));
  const nn::Module& m = *pool;
  ASSERT_NE(m.as<nn::MaxPool2d>(), nullptr);
  EXPECT_EQ(m.as<nn::MaxPool2d>()->options.kernel_size()->at(0), 3);
  torch::NoGradGuard noGrad;  // eval-time path: values only, no graph
  const torch::Tensor x = torch::randn({1, 2, 6, 6});
  EXPECT_TRUE(torch::equal(pool->forward(x), torch::max_pool2d(x, 3, 2, 1)));
}

}  // namespace
}  // namespace trainscope
