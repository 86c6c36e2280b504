#include "engine/inspect/probe_history.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

ProbeSample sample(int64_t step, double gradNorm, std::vector<TensorStats> tensors) {
  ProbeSample s;
  s.step = step;
  s.grad_norm = gradNorm;
  s.tensors = std::move(tensors);
  return s;
}

TensorStats stat(const std::string& name, const std::string& kind, double mean, double norm = 0) {
  TensorStats t;
  t.name = name;
  t.kind = kind;
  t.mean = mean;
  t.norm = norm;
  return t;
}

TEST(ProbeHistory, KeepsEveryStepPerTensorAndKind) {
  ProbeHistory h;
  h.add(sample(1, 1.0, {stat("fc1", "activation", 0.5), stat("fc1", "activation_grad", -0.1)}));
  h.add(sample(2, 2.0, {stat("fc1", "activation", 0.25)}));
  const StatSeries* act = h.stats("fc1", "activation");
  ASSERT_NE(act, nullptr);
  EXPECT_EQ(act->steps, (std::vector<double>{1, 2}));
  EXPECT_EQ(act->mean, (std::vector<double>{0.5, 0.25}));
  EXPECT_EQ(h.stats("fc1", "activation_grad")->steps.size(), 1u);
  EXPECT_EQ(h.stats("fc1", "weight"), nullptr);
  EXPECT_EQ(h.lastStep(), 2);
  EXPECT_EQ(h.totalGradNorm().norm, (std::vector<double>{1.0, 2.0}));
}

TEST(ProbeHistory, ALayersGradientNormCombinesItsParameters) {
  ProbeHistory h;
  h.add(sample(5, 5.0,
               {stat("fc1.weight", "weight", 0), stat("fc1.bias", "weight", 0),
                stat("fc1.weight", "weight_grad", 0, 3.0), stat("fc1.bias", "weight_grad", 0, 4.0)}));
  EXPECT_EQ(h.parametersOf("fc1"), (std::vector<std::string>{"fc1.weight", "fc1.bias"}));
  const auto& norms = h.layerGradNorms();
  ASSERT_EQ(norms.count("fc1"), 1u);
  EXPECT_DOUBLE_EQ(norms.at("fc1").norm.back(), 5.0) << "sqrt(3^2 + 4^2)";
  EXPECT_TRUE(h.parametersOf("conv9").empty());
}

TEST(ProbeHistory, HistogramsAndClear) {
  ProbeHistory h;
  h.setLayers({{"fc1", "Linear"}});
  Histogram g;
  g.step = 10, g.name = "fc1", g.kind = "activation", g.edges = {0, 1, 2}, g.counts = {3, 4};
  h.add(g);
  ASSERT_NE(h.histograms("fc1", "activation"), nullptr);
  EXPECT_EQ(h.histograms("fc1", "activation")->counts.front(), (std::vector<double>{3, 4}));
  EXPECT_EQ(layerOfParameter("layer2_0.conv1.weight"), "layer2_0");
  h.clear();
  EXPECT_TRUE(h.empty());
  EXPECT_TRUE(h.layers().empty());
  EXPECT_EQ(h.histograms("fc1", "activation"), nullptr);
  EXPECT_EQ(h.lastStep(), 0);
}

}  // namespace
}  // namespace trainscope
