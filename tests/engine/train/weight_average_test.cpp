// Weight averaging (training.ema_decay, train/weight_average.h): the average's
// arithmetic, its place in checkpoints and exports, and runs that validate it.
#include "engine/train/weight_average.h"
#include "engine/config/config_fields.h"
#include "engine/deploy/trained_model.h"
#include "engine/models/model_factory.h"
#include "engine/run/metric_fields.h"
#include "engine/session.h"
#include "engine/train/best_epoch.h"
#include "engine/train/checkpoint.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

namespace trainscope {
namespace {

// A Linear and a BatchNorm: parameters, floating buffers and an integer one.
LayerStack smallModel() {
  LayerStack m;
  m->add("fc", "Linear", torch::nn::Linear(3, 2));
  m->add("bn", "BatchNorm1d", torch::nn::BatchNorm1d(2));
  return m;
}

void fill(LayerStack& m, float value) {
  torch::NoGradGuard noGrad;
  for (auto& p : m->parameters()) p.fill_(value);
  for (auto& b : m->named_buffers())
    if (b.value().is_floating_point()) b.value().fill_(value);
}

torch::Tensor weightOf(LayerStack& m) { return m->named_parameters()["fc.weight"]; }

TEST(WeightAverage, TheDecayWarmsUpAsTensorFlowsNumUpdates) {
  WeightAverage average(smallModel(), smallModel(), 0.999);
  EXPECT_DOUBLE_EQ(average.decayAt(0), 0.1);          // (1 + 0) / (10 + 0)
  EXPECT_DOUBLE_EQ(average.decayAt(90), 91.0 / 100);  // still warming up
  EXPECT_DOUBLE_EQ(average.decayAt(1000000), 0.999);  // then the configured decay
}

TEST(WeightAverage, MovesEachTensorTowardsTheWeightsByOneMinusTheDecay) {
  LayerStack trained = smallModel(), copy = smallModel();
  fill(trained, 1.0f);
  WeightAverage average(trained, copy, 0.5);
  EXPECT_TRUE(torch::equal(weightOf(average.model()), weightOf(trained))) << "it starts as the weights";
  EXPECT_FALSE(weightOf(average.model()).requires_grad()) << "the average is never trained";

  fill(trained, 3.0f);
  trained->named_buffers()["bn.num_batches_tracked"].fill_(7);
  average.update();  // d = min(0.5, 0.1) = 0.1: 0.1 * 1 + 0.9 * 3
  EXPECT_NEAR(weightOf(average.model())[0][0].item<float>(), 2.8f, 1e-6);
  EXPECT_NEAR(average.model()->named_buffers()["bn.running_var"][0].item<float>(), 2.8f, 1e-6)
      << "BatchNorm's statistics are averaged too";
  EXPECT_EQ(average.model()->named_buffers()["bn.num_batches_tracked"].item<int64_t>(), 7) << "copied";
  for (int i = 1; i < 100; ++i) average.update();  // d reaches 0.5: the average converges on 3
  EXPECT_NEAR(weightOf(average.model())[0][0].item<float>(), 3.0f, 1e-5);
  EXPECT_EQ(average.updates(), 100);
}

TEST(WeightAverage, ACheckpointKeepsTheAverageAndExportsCanTakeIt) {
  test::TempDir dir;
  LayerStack trained = smallModel();
  fill(trained, 1.0f);
  WeightAverage average(trained, smallModel(), 0.9);
  fill(trained, 2.0f);
  average.update(), average.update();
  torch::optim::SGD sgd(trained->parameters(), 0.1);
  const std::string file = (std::filesystem::path(dir.str()) / "last.pt").string();
  saveCheckpoint(file, trained, sgd, TrainingPosition{}, &average);

  LayerStack again = smallModel();
  WeightAverage resumed(again, smallModel(), 0.9);
  torch::optim::SGD sgd2(again->parameters(), 0.1);
  const TrainingPosition p = loadCheckpoint(file, again, sgd2, torch::kCPU, &resumed);
  EXPECT_EQ(p.average_updates, 2);
  EXPECT_EQ(resumed.updates(), 2) << "a resume goes on from the same update";
  EXPECT_TRUE(torch::equal(weightOf(resumed.model()), weightOf(average.model())));
  EXPECT_TRUE(torch::equal(weightOf(again), weightOf(trained)));

  LayerStack exported = smallModel();
  loadModelWeights(file, exported, /*average=*/true);
  EXPECT_TRUE(torch::equal(weightOf(exported), weightOf(average.model())));
  loadModelWeights(file, exported);
  EXPECT_TRUE(torch::equal(weightOf(exported), weightOf(trained)));

  // A checkpoint written without the average: a resume restarts it from the weights;
  // an export asking for it is told there is none.
  const std::string plain = (std::filesystem::path(dir.str()) / "plain.pt").string();
  saveCheckpoint(plain, trained, sgd, TrainingPosition{});
  WeightAverage fresh(again, smallModel(), 0.9);
  fresh.update();
  EXPECT_EQ(loadCheckpoint(plain, again, sgd2, torch::kCPU, &fresh).average_updates, -1);
  EXPECT_EQ(fresh.updates(), 0);
  EXPECT_TRUE(torch::equal(weightOf(fresh.model()), weightOf(trained)));
  try {
    loadModelWeights(plain, exported, true);
    FAIL() << "no average to load";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("training.ema_decay"), std::string::npos) << e.what();
  }
}

TEST(WeightAverage, AutoChoosesTheBestEpochByTheAverageWhenItIsKept) {
  EXPECT_EQ(monitoredMetric(EarlyStoppingConfig{}, false, true).key, "ema_val_accuracy");
  EXPECT_EQ(monitoredMetric(EarlyStoppingConfig{}, true, true).key, "ema_val_r2");
  EarlyStoppingConfig byLoss;
  byLoss.metric = "ema_val_loss";
  EXPECT_FALSE(monitoredMetric(byLoss, false, true).maximize);
  try {
    monitoredMetric(byLoss, false, false);
    FAIL() << "an ema_ metric without the average";
  } catch (const ConfigError& e) {
    ASSERT_FALSE(e.problems().empty());
    EXPECT_EQ(e.problems()[0].field, "training.early_stopping.metric");
    EXPECT_NE(std::string(e.what()).find("training.ema_decay"), std::string::npos) << e.what();
  }
  TrainingConfig t;
  EXPECT_FALSE(modelIsAverage(t, false));
  t.ema_decay = 0.99;
  EXPECT_TRUE(modelIsAverage(t, false));
  t.early_stopping.metric = "val_accuracy";
  EXPECT_FALSE(modelIsAverage(t, false)) << "a metric of the trained weights makes them the model";
}

class WeightAverageRun : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::haveFashionMnist()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  }
  ExperimentConfig averaged() {
    ExperimentConfig config = test::smallFashionExperiment(runs_.str(), 256, 128);
    config.epochs = 2;
    config.training.ema_decay = 0.9;
    return config;
  }
  torch::Tensor firstWeight(const std::string& checkpoint, bool average) {
    LayerStack m = buildSeededModel(averaged().model, {1, 28, 28}, 10, 0);
    loadModelWeights(checkpoint, m, average);
    return m->parameters()[0].clone();
  }
  test::TempDir runs_;
};

TEST_F(WeightAverageRun, ValidatesTheAverageBesideTheWeightsAndExportsIt) {
  auto session = TrainingSession::start(averaged());
  const test::RunEvents r = test::followRun(*session);
  ASSERT_EQ(r.finalState(), RunState::Finished) << (r.errors.empty() ? "" : r.errors[0]);
  ASSERT_EQ(r.epochs.size(), 2u);
  for (const auto& e : r.epochs) {
    EXPECT_TRUE(std::isfinite(e.ema_val_loss));
    EXPECT_GT(e.ema_val_accuracy, 0.1) << "better than chance";
    EXPECT_NE(e.ema_val_loss, e.val_loss) << "another model";
  }
  // "(best)" marks the line of the model the best epoch is chosen by: the average's.
  int averageBest = 0, weightsBest = 0;
  for (const auto& line : r.logs) {
    const bool best = line.find("(best)") != std::string::npos;
    averageBest += best && line.find("the weights' moving average: val loss") != std::string::npos;
    weightsBest += best && line.find("train loss") != std::string::npos;
  }
  EXPECT_GE(averageBest, 1);
  EXPECT_EQ(weightsBest, 0);
  const std::string dir = session->runDir();
  const auto column = test::readH5Column(dir + "/metrics.h5", "/epochs/ema_val_accuracy");
  ASSERT_EQ(column.size(), 2u);
  EXPECT_DOUBLE_EQ(column[1], r.epochs[1].ema_val_accuracy);
  const auto info = test::readJsonFile(dir + "/run.json");
  EXPECT_EQ(info["best_metric"], "ema_val_accuracy");
  EXPECT_DOUBLE_EQ(info["final_ema_val_accuracy"].get<double>(), r.epochs[1].ema_val_accuracy);

  // The run's model is the average: an export loads the checkpoint's "ema" weights.
  const TrainedModel m = loadTrainedModel(dir);
  EXPECT_TRUE(m.average);
  const torch::Tensor exported = m.model->parameters()[0];
  EXPECT_TRUE(torch::equal(exported, firstWeight(m.checkpoint, true)));
  EXPECT_FALSE(torch::equal(exported, firstWeight(m.checkpoint, false)));
}

TEST_F(WeightAverageRun, AResumedRunAveragesAsAnUninterruptedOne) {
  auto whole = TrainingSession::start(averaged());
  ASSERT_EQ(test::followRun(*whole).finalState(), RunState::Finished);
  const std::string wholeDir = whole->runDir();
  whole.reset();

  ExperimentConfig cut = averaged();
  cut.training.max_steps = 3;  // inside the first epoch
  auto first = TrainingSession::start(cut);
  ASSERT_EQ(test::followRun(*first).finalState(), RunState::Finished);
  const std::string dir = first->runDir();
  first.reset();
  auto rest = TrainingSession::resume(dir, {"training.max_steps=0"});
  const test::RunEvents r = test::followRun(*rest);
  ASSERT_EQ(r.finalState(), RunState::Finished) << (r.errors.empty() ? "" : r.errors[0]);

  const std::string a = wholeDir + "/checkpoints/last.pt", b = dir + "/checkpoints/last.pt";
  EXPECT_TRUE(torch::allclose(firstWeight(a, true), firstWeight(b, true), 1e-6, 1e-7))
      << "the checkpoint's average and its update count carry on";
}

}  // namespace
}  // namespace trainscope
