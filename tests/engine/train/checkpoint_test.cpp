#include "engine/train/checkpoint.h"

#include "engine/models/model_factory.h"
#include "engine/train/optimizers.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <fstream>

namespace trainscope {
namespace {

ModelConfig smallMlp() {
  ModelConfig c;
  c.name = "mlp";
  c.hidden = {8};
  c.dropout = 0;
  return c;
}

// A few Adam steps so that the optimizer has state (exp_avg, exp_avg_sq, step) to keep.
void trainSteps(LayerStack& model, torch::optim::Optimizer& optimizer, int steps, int seed) {
  torch::manual_seed(seed);
  for (int i = 0; i < steps; ++i) {
    optimizer.zero_grad();
    const torch::Tensor x = torch::randn({4, 1, 3, 3});
    const torch::Tensor y = torch::randint(0, 3, {4}, torch::kInt64);
    torch::nn::functional::cross_entropy(model->forward(x), y).backward();
    optimizer.step();
  }
}

bool sameParameters(LayerStack& a, LayerStack& b) {
  const auto pa = a->named_parameters(), pb = b->named_parameters();
  if (pa.size() != pb.size()) return false;
  for (const auto& item : pa)
    if (!torch::equal(item.value(), pb[item.key()])) return false;
  return true;
}

OptimizerConfig adam() {
  OptimizerConfig c;
  c.name = "adam";
  c.lr = 0.01;
  return c;
}

TEST(Checkpoint, RoundTripRestoresWeightsOptimizerStatePositionAndRng) {
  test::TempDir dir;
  const std::string path = (dir.path() / "last.pt").string();
  torch::manual_seed(1);
  LayerStack model = buildModel(smallMlp(), {1, 3, 3}, 3);
  auto optimizer = makeOptimizer(adam(), model->parameters());
  trainSteps(model, *optimizer, 3, 7);
  TrainingPosition p;
  p.epoch = 2, p.batch_in_epoch = 17, p.global_step = 123, p.best = {"val_loss", 0.875, 1};
  p.epoch_loss_sum = 4.5, p.epoch_correct = 40, p.epoch_seen = 64, p.train_seconds = 12.25;
  saveCheckpoint(path, model, *optimizer, p);
  const torch::Tensor drawnAfterSave = torch::rand({5});

  torch::manual_seed(99);  // other weights, no optimizer state
  LayerStack restored = buildModel(smallMlp(), {1, 3, 3}, 3);
  auto restoredOptimizer = makeOptimizer(adam(), restored->parameters());
  ASSERT_FALSE(sameParameters(model, restored));
  const TrainingPosition q = loadCheckpoint(path, restored, *restoredOptimizer, torch::kCPU);
  EXPECT_TRUE(torch::equal(torch::rand({5}), drawnAfterSave)) << "the CPU generator continues where it was saved";
  EXPECT_TRUE(sameParameters(model, restored));
  EXPECT_EQ(q.epoch, 2);
  EXPECT_EQ(q.batch_in_epoch, 17);
  EXPECT_EQ(q.global_step, 123);
  EXPECT_EQ(q.best.value, 0.875);
  EXPECT_EQ(q.best.metric, "val_loss");
  EXPECT_EQ(q.best.epoch, 1);
  EXPECT_EQ(q.epoch_loss_sum, 4.5);
  EXPECT_EQ(q.epoch_correct, 40);
  EXPECT_EQ(q.epoch_seen, 64);
  EXPECT_EQ(q.train_seconds, 12.25);

  // With Adam's moments restored, the same next step gives the same weights.
  trainSteps(model, *optimizer, 1, 5);
  trainSteps(restored, *restoredOptimizer, 1, 5);
  EXPECT_TRUE(sameParameters(model, restored)) << "the optimizer's state came back too";
}

TEST(Checkpoint, IsWrittenAtomicallyAndReplacesTheOldOne) {
  test::TempDir dir;
  const std::string path = (dir.path() / "last.pt").string();
  LayerStack model = buildModel(smallMlp(), {1, 3, 3}, 3);
  auto optimizer = makeOptimizer(adam(), model->parameters());
  TrainingPosition p;
  p.global_step = 1;
  saveCheckpoint(path, model, *optimizer, p);
  p.global_step = 2;
  saveCheckpoint(path, model, *optimizer, p);
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp")) << "no temporary file is left behind";
  LayerStack other = buildModel(smallMlp(), {1, 3, 3}, 3);
  auto otherOptimizer = makeOptimizer(adam(), other->parameters());
  EXPECT_EQ(loadCheckpoint(path, other, *otherOptimizer, torch::kCPU).global_step, 2);
}

TEST(Checkpoint, ModelWeightsAloneLoadOnTheCpu) {
  test::TempDir dir;
  const std::string path = (dir.path() / "best.pt").string();
  torch::manual_seed(4);
  LayerStack model = buildModel(smallMlp(), {1, 3, 3}, 3);
  auto optimizer = makeOptimizer(adam(), model->parameters());
  saveCheckpoint(path, model, *optimizer, {});
  torch::manual_seed(5);
  LayerStack weightsOnly = buildModel(smallMlp(), {1, 3, 3}, 3);
  loadModelWeights(path, weightsOnly);
  EXPECT_TRUE(sameParameters(model, weightsOnly));
  EXPECT_EQ(weightsOnly->parameters().front().device().type(), torch::kCPU);
}

TEST(Checkpoint, ADamagedFileIsAnErrorNotACrash) {
  test::TempDir dir;
  const std::string path = (dir.path() / "last.pt").string();
  std::ofstream(path) << "not a checkpoint";
  LayerStack model = buildModel(smallMlp(), {1, 3, 3}, 3);
  auto optimizer = makeOptimizer(adam(), model->parameters());
  EXPECT_THROW(loadCheckpoint(path, model, *optimizer, torch::kCPU), std::exception);
  EXPECT_THROW(loadModelWeights(path, model), std::exception);
}

}  // namespace
}  // namespace trainscope
