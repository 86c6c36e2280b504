#include "engine/train/tuning/lr_finder.h"

#include "engine/models/model_factory.h"
#include "engine/train/optimizers.h"
#include "engine/train/training_data.h"
#include "engine/tuning.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>

namespace trainscope {
namespace {

// Adam's state, parameter by parameter: step, exp_avg, exp_avg_sq. (Comparing saved
// archives is not stable: their TorchScript class names carry a per-process counter.)
struct AdamSnapshot {
  std::vector<int64_t> steps;
  std::vector<torch::Tensor> moments;
};
AdamSnapshot adamState(torch::optim::Optimizer& o) {
  AdamSnapshot s;
  for (const auto& group : o.param_groups())
    for (const auto& p : group.params()) {
      auto& state =
          static_cast<torch::optim::AdamParamState&>(*o.state().at(c10::guts::to_string(p.unsafeGetTensorImpl())));
      s.steps.push_back(state.step());
      s.moments.push_back(state.exp_avg().clone());
      s.moments.push_back(state.exp_avg_sq().clone());
    }
  return s;
}

TEST(LrFinder, RestoresWeightsOptimizerAndRngExactly) {
  if (!test::haveFashionMnist()) GTEST_SKIP() << "Fashion-MNIST not installed";
  test::TempDir dir;
  ExperimentConfig c = test::smallFashionExperiment(dir.str(), 512, 64);
  c.model.name = "vgg";  // BatchNorm: running statistics are state too
  c.optimizer.name = "adam";
  c.loader.batch_size = 16;  // a quick test: the state matters, not the curve
  TrainingData data = openTrainingData(c, false);
  torch::manual_seed(1);
  LayerStack model = buildModel(c.model, data.input_shape, 10);
  auto optimizer = makeOptimizer(c.optimizer, model->parameters());
  // An optimizer with state already (Adam's moments after a step), as mid-training.
  data.train->startEpoch(0);
  auto batch = data.train->next();
  ASSERT_TRUE(batch.has_value());
  torch::nn::functional::cross_entropy(model->forward(batch->inputs), batch->targets).backward();
  optimizer->step();

  std::vector<torch::Tensor> before;
  for (const auto& t : model->parameters()) before.push_back(t.detach().clone());
  for (const auto& t : model->buffers()) before.push_back(t.detach().clone());
  const AdamSnapshot optimizerBefore = adamState(*optimizer);
  const torch::Tensor rngBefore = at::detail::getDefaultCPUGenerator().get_state();

  LrFinderOptions o;
  o.iterations = 20;
  const LrFinderCurve curve = runLrFinder(model, *optimizer, *data.train, torch::kCPU, o);
  ASSERT_GE(curve.lrs.size(), 10u);
  EXPECT_NEAR(curve.lrs.front(), 1e-7, 1e-12);

  size_t i = 0;
  for (const auto& t : model->parameters()) EXPECT_TRUE(t.equal(before[i++])) << "parameter " << i;
  for (const auto& t : model->buffers()) EXPECT_TRUE(t.equal(before[i++])) << "buffer " << i;
  const AdamSnapshot optimizerAfter = adamState(*optimizer);
  EXPECT_EQ(optimizerAfter.steps, optimizerBefore.steps);
  ASSERT_EQ(optimizerAfter.moments.size(), optimizerBefore.moments.size());
  for (size_t m = 0; m < optimizerBefore.moments.size(); ++m)
    EXPECT_TRUE(optimizerAfter.moments[m].equal(optimizerBefore.moments[m])) << "Adam moment " << m;
  EXPECT_TRUE(at::detail::getDefaultCPUGenerator().get_state().equal(rngBefore));
  EXPECT_DOUBLE_EQ(optimizer->param_groups()[0].options().get_lr(), c.optimizer.lr);
}

TEST(LrFinder, TheSuggestionIgnoresAnEarlySpikeAndFallsInTheSteepDescent) {
  // A loss that spikes at the start, then falls between 1e-4 and 1e-2, then blows up.
  std::vector<double> lrs, losses;
  for (int i = 0; i < 100; ++i) {
    const double lr = 1e-7 * std::pow(1e8, i / 99.0);
    const double x = std::log10(lr);
    double loss = 2.3 - 1.5 / (1 + std::exp(-3 * (x + 3))) + (x > -1.5 ? std::pow(x + 1.5, 2) * 3 : 0);
    if (i >= 2 && i <= 4) loss += 1.0;  // the spike
    if (i == 6) loss -= 2.0;            // and a lucky batch while the average settles
    lrs.push_back(lr), losses.push_back(loss);
  }
  const double s = suggestLearningRate(lrs, losses);
  // The loss falls fastest at 1e-3 (the sigmoid's middle), on the way to its lowest
  // value near 3e-2; the spike and the lucky batch before 1e-6 do not count.
  EXPECT_GT(s, 3e-4);
  EXPECT_LT(s, 3e-3);
  EXPECT_EQ(suggestLearningRate({1e-3, 1e-2}, {1, 2}), 0.0) << "too short to say";
}

TEST(LrFinder, FindsARateForLeNetAndSaysItRestoredTheState) {
  if (!test::haveFashionMnist()) GTEST_SKIP() << "Fashion-MNIST not installed";
  test::TempDir dir;
  const LrFinderResult r = findLearningRate(test::smallFashionExperiment(dir.str(), 2048, 64), 60);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.state_restored);
  EXPECT_GT(r.suggestion, 1e-5);
  EXPECT_LT(r.suggestion, 1.0);
}

TEST(BatchFitter, FindsTheLargestBatchWithinABudgetAndTheAccumulation) {
  if (!test::haveFashionMnist()) GTEST_SKIP() << "Fashion-MNIST not installed";
  test::TempDir dir;
  ExperimentConfig c = test::smallFashionExperiment(dir.str(), 512, 64);
  const BatchSizeAdvice free = adviseBatchSize(c, 0.2, 1024);
  ASSERT_TRUE(free.ok) << free.error;
  ASSERT_GE(free.measured.size(), 2u);
  EXPECT_LE(free.measured.back().second, free.budget_bytes * 2);
  // A budget a little above what batch 16 needed (the process's baseline moves a few
  // MiB between calls): a small batch fits, and 1024 takes accumulation.
  int64_t at16 = 0;
  for (const auto& [b, bytes] : free.measured)
    if (b == 16) at16 = bytes;
  ASSERT_GT(at16, 0);
  const BatchSizeAdvice tight = adviseBatchSize(c, 0.0, 1024, at16 + (4 << 20));
  ASSERT_TRUE(tight.ok) << tight.error;
  EXPECT_GE(tight.batch_size, 8);
  EXPECT_LE(tight.batch_size, 64);
  EXPECT_LT(tight.batch_size, free.batch_size);
  EXPECT_EQ(tight.grad_accum_steps, (1024 + tight.batch_size - 1) / tight.batch_size);
  // The target needs accumulation: the fitter measured activation checkpointing too
  // (about the square root of LeNet's 12 layers as segments), and says what it fits.
  EXPECT_EQ(tight.checkpoint_segments, 3);
  ASSERT_FALSE(tight.checkpointed_measured.empty());
  if (tight.checkpointed_batch_size > 0)
    EXPECT_EQ(tight.checkpointed_grad_accum_steps,
              (1024 + tight.checkpointed_batch_size - 1) / tight.checkpointed_batch_size);
  EXPECT_EQ(free.checkpoint_segments, 0) << "the whole training split fits: nothing to offer";
  const BatchSizeAdvice none = adviseBatchSize(c, 0.0, 64, 1 << 20);  // 1 MiB: nothing fits
  EXPECT_FALSE(none.ok);
  EXPECT_NE(none.error.find("needs more than the budget"), std::string::npos) << none.error;
  EXPECT_NE(none.error.find("with activation checkpointing too"), std::string::npos) << none.error;
  // A config that already checkpoints gets no second offer.
  c.model.activation_checkpointing = 3;
  const BatchSizeAdvice already = adviseBatchSize(c, 0.0, 1024, at16 + (4 << 20));
  ASSERT_TRUE(already.ok) << already.error;
  EXPECT_EQ(already.checkpoint_segments, 0);
}

}  // namespace
}  // namespace trainscope
