#include "engine/train/optimizers.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

// One parameter starting at `start`; each step sets its gradient to `grad` and steps.
double afterSteps(const OptimizerConfig& c, double start, double grad, int steps) {
  torch::Tensor p = torch::full({1}, start, torch::kFloat64).requires_grad_();
  auto optimizer = makeOptimizer(c, {p});
  for (int i = 0; i < steps; ++i) {
    optimizer->zero_grad();
    p.mutable_grad() = torch::full({1}, grad, torch::kFloat64);
    optimizer->step();
  }
  return p.item<double>();
}

OptimizerConfig named(const std::string& name, double lr) {
  OptimizerConfig c;
  c.name = name;
  c.lr = lr;
  c.momentum = 0;
  return c;
}

TEST(Optimizers, SgdStepsAgainstTheGradient) { EXPECT_NEAR(afterSteps(named("sgd", 0.1), 1.0, 2.0, 1), 0.8, 1e-12); }

TEST(Optimizers, SgdWeightDecayAddsToTheGradient) {
  OptimizerConfig c = named("sgd", 0.1);
  c.weight_decay = 0.5;  // grad 2 + 0.5 * 1
  EXPECT_NEAR(afterSteps(c, 1.0, 2.0, 1), 0.75, 1e-12);
}

TEST(Optimizers, SgdMomentumAccumulatesAsTorchOptimDoes) {
  OptimizerConfig c = named("sgd", 0.1);
  c.momentum = 0.9;  // buffers 1, then 1.9: 1 - 0.1 - 0.19
  EXPECT_NEAR(afterSteps(c, 1.0, 1.0, 2), 0.71, 1e-12);
  c.nesterov = true;  // steps of grad + 0.9 * buffer: 1.9, then 1 + 0.9 * 1.9 = 2.71
  EXPECT_NEAR(afterSteps(c, 1.0, 1.0, 2), 1.0 - 0.19 - 0.271, 1e-12);
}

TEST(Optimizers, AdamsFirstStepIsTheLearningRateWhateverTheGradientsScale) {
  EXPECT_NEAR(afterSteps(named("adam", 0.01), 1.0, 1000.0, 1), 0.99, 1e-6);
  EXPECT_NEAR(afterSteps(named("adam", 0.01), 1.0, -0.001, 1), 1.01, 1e-4);
}

TEST(Optimizers, AdamwDecaysWeightsApartFromTheGradientAndAdamDoesNot) {
  OptimizerConfig adamw = named("adamw", 0.1);
  adamw.weight_decay = 0.5;
  EXPECT_NEAR(afterSteps(adamw, 1.0, 0.0, 1), 0.95, 1e-9) << "decoupled: w *= 1 - lr * wd";
  OptimizerConfig adam = named("adam", 0.1);
  adam.weight_decay = 0.5;
  EXPECT_NEAR(afterSteps(adam, 1.0, 0.0, 1), 0.9, 1e-6) << "L2: wd * w joins the gradient, then a full Adam step";
}

TEST(Optimizers, SetLearningRateChangesTheNextStep) {
  torch::Tensor p = torch::ones({1}, torch::kFloat64).requires_grad_();
  auto optimizer = makeOptimizer(named("sgd", 0.1), {p});
  setLearningRate(*optimizer, 0.5);
  p.mutable_grad() = torch::ones({1}, torch::kFloat64);
  optimizer->step();
  EXPECT_NEAR(p.item<double>(), 0.5, 1e-12);
  for (const auto& group : optimizer->param_groups()) EXPECT_EQ(group.options().get_lr(), 0.5);
}

}  // namespace
}  // namespace trainscope
