#include "engine/inspect/probes.h"

#include "engine/models/model_factory.h"
#include "engine/session.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <numeric>

namespace trainscope {
namespace {

TEST(Probes, AReluFedOnlyNegativeInputsIsAllDead) {
  ModelConfig mlp;
  mlp.name = "mlp";
  mlp.hidden = {16};
  mlp.dropout = 0;
  LayerStack model = buildModel(mlp, {1, 4, 4}, 3);
  {
    torch::NoGradGuard noGrad;  // fc1 maps everything to negative pre-activations
    auto params = model->named_parameters();
    params["fc1.weight"].fill_(0.0);
    params["fc1.bias"].fill_(-1.0);
  }
  ProbeConfig config;
  config.enabled = true;
  config.histogram_every = 1;
  Probes probes(config, model);
  const torch::Tensor out = model->forward(torch::randn({8, 1, 4, 4}), probes.observer(1));
  torch::nn::functional::cross_entropy(out, torch::zeros({8}, torch::kInt64)).backward();
  probes.afterBackward(1);
  const ProbeSample s = probes.takeSample(1);
  const auto act1 = std::find_if(s.tensors.begin(), s.tensors.end(),
                                 [](const TensorStats& t) { return t.name == "act1" && t.kind == "activation"; });
  ASSERT_NE(act1, s.tensors.end());
  EXPECT_EQ(act1->zero_fraction, 1.0) << "every unit of the ReLU is dead";
  const auto fc1 = std::find_if(s.tensors.begin(), s.tensors.end(),
                                [](const TensorStats& t) { return t.name == "fc1" && t.kind == "activation"; });
  EXPECT_EQ(fc1->max, -1.0);
  EXPECT_GT(s.grad_norm, 0.0);
  EXPECT_FALSE(probes.takeHistograms(1).empty());
}

TEST(Probes, HistogramCountsSumToTheElementsAndEdgesCoverMinToMax) {
  torch::manual_seed(3);
  const torch::Tensor t = torch::randn({32, 17});
  const Histogram h = histogramOf(t, 64);
  ASSERT_EQ(h.counts.size(), 64u);
  ASSERT_EQ(h.edges.size(), 65u);
  EXPECT_EQ(std::accumulate(h.counts.begin(), h.counts.end(), 0.0), 32.0 * 17.0);
  EXPECT_DOUBLE_EQ(h.edges.front(), t.min().item<double>());
  EXPECT_NEAR(h.edges.back(), t.max().item<double>(), 1e-6);
  const Histogram flat = histogramOf(torch::full({10}, 2.5), 8);
  EXPECT_EQ(std::accumulate(flat.counts.begin(), flat.counts.end(), 0.0), 10.0) << "a constant tensor still counts";
  EXPECT_DOUBLE_EQ(flat.edges.front(), 2.5);
}

TEST(Probes, StatisticsOfKnownValues) {
  const TensorStats s = statsOf({0.0f, 0.0f, 1.0f, -1.0f}, "");
  EXPECT_DOUBLE_EQ(s.mean, 0.0);
  EXPECT_DOUBLE_EQ(s.std, std::sqrt(0.5));
  EXPECT_DOUBLE_EQ(s.min, -1.0);
  EXPECT_DOUBLE_EQ(s.max, 1.0);
  EXPECT_DOUBLE_EQ(s.zero_fraction, 0.5);
  EXPECT_DOUBLE_EQ(statsOf({0.995f, 0.5f, 0.001f, 0.2f}, "sigmoid").saturation_fraction, 0.5);
  EXPECT_DOUBLE_EQ(statsOf({-0.999f, 0.5f}, "tanh").saturation_fraction, 0.5);
  EXPECT_EQ(sampleOf(torch::arange(1000, torch::kFloat32), 10).size(), 10u);
  EXPECT_EQ(sampleOf(torch::arange(1000, torch::kFloat32), 10)[1], 100.0f);
  // A non-contiguous tensor is sampled through its strides, as its contiguous copy.
  const torch::Tensor t = torch::arange(600, torch::kFloat32).reshape({20, 30}).transpose(0, 1);
  ASSERT_FALSE(t.is_contiguous());
  EXPECT_EQ(sampleOf(t, 50), sampleOf(t.contiguous(), 50));
  const torch::Tensor expanded = torch::arange(3, torch::kFloat32).expand({4, 3});
  EXPECT_EQ(sampleOf(expanded, 12), (std::vector<float>{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}));
}

TEST(Probes, ARunWithProbesWritesProbesH5) {
  if (!test::haveFashionMnist()) GTEST_SKIP();
  test::TempDir runs;
  auto config = test::smallFashionExperiment(runs.str(), 256, 64);
  config.probes.enabled = true;
  config.probes.histogram_every = 4;
  auto s = TrainingSession::start(config);
  int samples = 0, histograms = 0;
  test::followRun(*s, [&](const Event& e, const test::RunEvents&) {
    samples += std::holds_alternative<ProbeSample>(e);
    histograms += std::holds_alternative<Histogram>(e);
  });
  EXPECT_EQ(samples, 8);  // 256 / 32 steps
  EXPECT_GT(histograms, 0);
  const auto steps = test::readH5Column(s->runDir() + "/probes.h5", "/step");
  EXPECT_EQ(steps.size(), 8u);
  EXPECT_EQ(test::readH5Column(s->runDir() + "/probes.h5", "/histograms/step"), (std::vector<double>{4, 8}));
}

}  // namespace
}  // namespace trainscope

namespace trainscope {
namespace {
TEST(Probes, HistogramsOfExtremeRangesStillCountEveryElement) {
  // A range too narrow for float (bins / range overflows), and a constant too large
  // for lo + 1 to differ from lo: every element still lands in a bin.
  const torch::Tensor tiny = torch::tensor({1e-38f, 1.5e-38f, 2e-38f, 3e-38f});
  const torch::Tensor huge = torch::full({5}, 1e17f);
  for (const auto& t : {tiny, huge}) {
    const Histogram h = histogramOf(t, 8);
    double sum = 0;
    for (double c : h.counts) sum += c;
    EXPECT_EQ(sum, static_cast<double>(t.numel()));
    EXPECT_LE(h.edges.front(), t.min().item<double>());
    EXPECT_GE(h.edges.back(), t.max().item<double>());
  }
}
}  // namespace
}  // namespace trainscope
