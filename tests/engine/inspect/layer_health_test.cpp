#include "engine/inspect/layer_health.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

TensorStats stats(const std::string& name, const std::string& kind) {
  TensorStats t;
  t.name = name;
  t.kind = kind;
  return t;
}

ProbeHistory troubledHistory() {
  ProbeHistory history;
  history.setLayers({{"fc1", "Linear"}, {"relu1", "ReLU"}, {"sig", "Sigmoid"}, {"fc2", "Linear"}});
  ProbeSample s;
  s.step = 1;
  TensorStats relu = stats("relu1", "activation");
  relu.zero_fraction = 1.0;  // fed only negatives
  TensorStats sig = stats("sig", "activation");
  sig.saturation_fraction = 0.6;
  TensorStats w1 = stats("fc1.weight", "weight");
  w1.update_ratio = 0.2;
  TensorStats g1 = stats("fc1.weight", "weight_grad");
  g1.norm = 1e-9;
  TensorStats w2 = stats("fc2.weight", "weight");
  w2.update_ratio = 1e-3;
  TensorStats g2 = stats("fc2.weight", "weight_grad");
  g2.norm = 0.5;
  s.tensors = {relu, sig, w1, g1, w2, g2};
  history.add(s);
  return history;
}

TEST(LayerHealth, FlagsWhatItShouldAndNothingElse) {
  const auto rows = assessLayers(troubledHistory());
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[1].dead, 1.0);
  EXPECT_EQ(rows[1].flags, std::vector<HealthFlag>{HealthFlag::Dead});
  EXPECT_EQ(rows[2].flags, std::vector<HealthFlag>{HealthFlag::Saturated});
  EXPECT_EQ(rows[0].flags, (std::vector<HealthFlag>{HealthFlag::Vanishing, HealthFlag::UpdateTooLarge}));
  EXPECT_TRUE(std::isnan(rows[0].dead)) << "a Linear layer has no dead-unit share";
  EXPECT_TRUE(rows[3].flags.empty()) << "a healthy layer";
  EXPECT_DOUBLE_EQ(rows[3].grad_norm, 0.5);
}

TEST(LayerHealth, ThresholdsAreTheUsersToMove) {
  HealthThresholds strict;
  strict.exploding = 0.1;  // fc2's 0.5 is now too much
  const auto rows = assessLayers(troubledHistory(), strict);
  EXPECT_EQ(rows[3].flags, std::vector<HealthFlag>{HealthFlag::Exploding});
}

TEST(LayerHealth, ANonFiniteGradientIsExploding) {
  ProbeHistory history;
  history.setLayers({{"fc1", "Linear"}});
  ProbeSample s;
  s.step = 1;
  TensorStats g = stats("fc1.weight", "weight_grad");
  g.norm = std::numeric_limits<double>::infinity();
  s.tensors = {stats("fc1.weight", "weight"), g};
  history.add(s);
  EXPECT_EQ(assessLayers(history)[0].flags, std::vector<HealthFlag>{HealthFlag::Exploding});
}

TEST(LayerHealth, EveryFlagHasATranslatableNameAndExplanationWithItsThreshold) {
  const HealthThresholds t;
  for (HealthFlag f : {HealthFlag::Dead, HealthFlag::Saturated, HealthFlag::Vanishing, HealthFlag::Exploding,
                       HealthFlag::UpdateTooSmall, HealthFlag::UpdateTooLarge}) {
    const Message name = flagName(f), why = explain(f, t);
    EXPECT_STREQ(name.context, "trainscope::LayerHealth");
    EXPECT_STREQ(why.context, "trainscope::LayerHealth");
    EXPECT_FALSE(name.english().empty());
    EXPECT_NE(std::string(why.text).find("%1"), std::string::npos) << "the threshold is an argument: " << why.text;
    EXPECT_EQ(why.english().find("%1"), std::string::npos) << why.english();
  }
  EXPECT_NE(explain(HealthFlag::Dead, t).english().find("More than 50% of this ReLU"), std::string::npos);
  EXPECT_NE(explain(HealthFlag::Dead, t).english().find("LeakyReLU"), std::string::npos);
  EXPECT_NE(explain(HealthFlag::Vanishing, t).english().find("below 1e-05"), std::string::npos)
      << explain(HealthFlag::Vanishing, t).english();
}

}  // namespace
}  // namespace trainscope
