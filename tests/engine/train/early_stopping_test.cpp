// Early stopping and the best epoch (train/best_epoch.h): the decisions on made-up
// epochs, and runs that stop, resume and export their best epoch.
#include "engine/config/config_fields.h"
#include "engine/deploy/trained_model.h"
#include "engine/record/resume_offer.h"
#include "engine/run/metric_fields.h"
#include "engine/session.h"
#include "engine/train/best_epoch.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace trainscope {
namespace {

EarlyStoppingConfig stopping(int patience, std::string metric = "auto", double minDelta = 0) {
  EarlyStoppingConfig c;
  c.patience = patience, c.metric = std::move(metric), c.min_delta = minDelta;
  return c;
}

EpochMetrics epochWith(int64_t epoch, double valLoss, double valAccuracy) {
  EpochMetrics e;
  e.epoch = epoch, e.val_loss = valLoss, e.val_accuracy = valAccuracy;
  return e;
}

TEST(BestEpoch, EveryMetricOnOfferIsAnEpochColumn) {
  const auto& field =
      configField(&ExperimentConfig::training, &TrainingConfig::early_stopping, &EarlyStoppingConfig::metric);
  EXPECT_EQ(field.key, "training.early_stopping.metric");
  for (const auto& choice : field.choices)
    if (choice.value != "auto") EXPECT_NE(metricColumn<EpochMetrics>(choice.value), nullptr) << choice.value;
}

TEST(BestEpoch, AutoPicksTheTasksScoreAndDirection) {
  EXPECT_EQ(monitoredMetric(stopping(3), false).key, "val_accuracy");
  EXPECT_TRUE(monitoredMetric(stopping(3), false).maximize);
  EXPECT_EQ(monitoredMetric(stopping(3), true).key, "val_r2");
  EXPECT_FALSE(monitoredMetric(stopping(3, "val_loss"), false).maximize);
  EXPECT_FALSE(monitoredMetric(stopping(3, "val_rmse"), true).maximize);
  auto told = stopping(3, "val_loss");
  told.mode = "max";  // the user's word wins over the metric's usual direction
  EXPECT_TRUE(monitoredMetric(told, false).maximize);
}

TEST(BestEpoch, AMetricOfTheOtherTaskIsAProblemNamingTheField) {
  for (const auto& [metric, regression] : {std::pair{"val_accuracy", true}, {"val_mae", false}, {"val_r2", false}}) {
    try {
      monitoredMetric(stopping(2, metric), regression);
      ADD_FAILURE() << metric;
    } catch (const ConfigError& e) {
      ASSERT_EQ(e.problems().size(), 1u);
      EXPECT_EQ(e.problems()[0].field, "training.early_stopping.metric");
    }
  }
}

TEST(BestEpoch, ALossMustFallByMoreThanMinDelta) {
  const BestEpoch best(stopping(2, "val_loss", 0.01), false);
  BestSoFar at;
  EXPECT_TRUE(best.observe(epochWith(1, 1.00, 0.5), at));
  EXPECT_FALSE(best.observe(epochWith(2, 0.995, 0.9), at)) << "0.005 lower is within min_delta";
  EXPECT_FALSE(best.shouldStop(2, at));
  EXPECT_TRUE(best.observe(epochWith(3, 0.98, 0.4), at));
  EXPECT_EQ(at.epoch, 3);
  EXPECT_EQ(at.metric, "val_loss");
  EXPECT_DOUBLE_EQ(at.value, 0.98);
  EXPECT_FALSE(best.observe(epochWith(4, 1.5, 0.9), at));
  EXPECT_FALSE(best.shouldStop(4, at));
  EXPECT_FALSE(best.observe(epochWith(5, 0.99, 0.9), at));
  EXPECT_TRUE(best.shouldStop(5, at)) << "two epochs without improvement, patience 2";
}

TEST(BestEpoch, AnEpochWithoutValidationIsNeverBest) {
  const BestEpoch best(stopping(1, "val_r2"), true);
  BestSoFar at;
  EpochMetrics e;
  e.epoch = 1;  // val_r2 NaN: nothing validated
  EXPECT_FALSE(best.observe(e, at));
  EXPECT_EQ(at.epoch, 0);
  EXPECT_TRUE(best.shouldStop(1, at)) << "no improvement in 1 epoch";
  EXPECT_NE(best.stopped(1, at).english().find("never measured"), std::string::npos);
}

TEST(BestEpoch, OffByDefaultButStillPicksTheBestEpoch) {
  const BestEpoch best(EarlyStoppingConfig{}, false);
  BestSoFar at;
  EXPECT_TRUE(best.observe(epochWith(1, 2.0, 0.5), at));
  EXPECT_FALSE(best.observe(epochWith(2, 1.0, 0.4), at)) << "accuracy picks the best by default";
  EXPECT_FALSE(best.shouldStop(50, at));
  EXPECT_TRUE(best.modelIsBest());
  auto keepLast = stopping(2);
  keepLast.restore_best = false;
  EXPECT_FALSE(modelIsBestEpoch(keepLast));
  keepLast.patience = 0;
  EXPECT_TRUE(modelIsBestEpoch(keepLast)) << "restore_best only speaks with early stopping on";
}

TEST(BestEpoch, AResumeKeepsTheBestOfItsOwnMetricOnly) {
  const BestEpoch byLoss(stopping(2, "val_loss"), false);
  BestSoFar same{"val_loss", 0.3, 4};
  EXPECT_FALSE(byLoss.resume(same, false, 5).has_value()) << "a crash's resume goes on counting";
  EXPECT_EQ(same.epoch, 4);
  EXPECT_TRUE(byLoss.shouldStop(6, same));

  BestSoFar older{"", 0.8, 2};  // a checkpoint from before the metric was kept: accuracy
  const auto note = byLoss.resume(older, false, 5);
  ASSERT_TRUE(note.has_value());
  EXPECT_NE(note->english().find("val_accuracy"), std::string::npos) << note->english();
  EXPECT_EQ(older.epoch, 0);
  EXPECT_EQ(older.metric, "val_loss");
  EXPECT_FALSE(byLoss.shouldStop(6, older)) << "the count starts again after the resume";
  EXPECT_TRUE(byLoss.shouldStop(7, older));

  BestSoFar byAccuracy{"", 0.8, 2};
  EXPECT_FALSE(BestEpoch(stopping(2), false).resume(byAccuracy, false, 5).has_value());
  EXPECT_EQ(byAccuracy.metric, "val_accuracy");
  EXPECT_EQ(byAccuracy.epoch, 2);
}

TEST(BestEpoch, AResumeAfterAnEarlyStopCountsPatienceAfresh) {
  const BestEpoch best(stopping(2, "val_loss"), false);
  BestSoFar at{"val_loss", 0.3, 4};
  ASSERT_TRUE(best.shouldStop(6, at));
  const auto note = best.resume(at, /*stoppedEarly=*/true, 6);
  ASSERT_TRUE(note.has_value());
  EXPECT_NE(note->english().find("counts afresh"), std::string::npos) << note->english();
  EXPECT_EQ(at.epoch, 4) << "the best stays the best";
  EXPECT_FALSE(best.shouldStop(7, at));
  EXPECT_TRUE(best.shouldStop(8, at));
  EXPECT_FALSE(best.observe(epochWith(7, 0.31, 0.5), at));
  EXPECT_TRUE(best.observe(epochWith(8, 0.2, 0.5), at)) << "a better epoch still becomes the best";
  EXPECT_EQ(at.since, 6) << "and keeps where the count began";
  EXPECT_FALSE(best.shouldStop(9, at));
}

TEST(BestEpoch, TheSectionParsesAsAnObjectInsideTraining) {
  const ExperimentConfig c = parseConfig(
      {{"training", {{"early_stopping", {{"patience", 4}, {"metric", "val_loss"}, {"restore_best", false}}}}}});
  EXPECT_EQ(c.training.early_stopping.patience, 4);
  EXPECT_EQ(c.training.early_stopping.metric, "val_loss");
  EXPECT_FALSE(c.training.early_stopping.restore_best);
  const auto problemsOf = [](const nlohmann::json& j) {
    try {
      parseConfig(j);
    } catch (const ConfigError& e) {
      return e.problems();
    }
    return Problems{};
  };
  const Problems typo = problemsOf({{"training", {{"early_stopping", {{"patiense", 4}}}}}});
  ASSERT_EQ(typo.size(), 1u);
  EXPECT_EQ(typo[0].field, "training.early_stopping.patiense");
  EXPECT_NE(typo[0].message.find("patience"), std::string::npos) << "suggests the known key: " << typo[0].message;
  const Problems notObject = problemsOf({{"training", {{"early_stopping", 3}}}});
  ASSERT_EQ(notObject.size(), 1u);
  EXPECT_EQ(notObject[0].field, "training.early_stopping");
  const Problems badMetric = problemsOf({{"training", {{"early_stopping", {{"metric", "accuracy"}}}}}});
  ASSERT_EQ(badMetric.size(), 1u);
  EXPECT_EQ(badMetric[0].field, "training.early_stopping.metric");
}

class EarlyStoppingRun : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::haveFashionMnist()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  }
  // Nothing improves by a whole 100 points: each run's best is its first epoch.
  ExperimentConfig neverImproving(int patience) {
    ExperimentConfig config = test::smallFashionExperiment(runs_.str(), 256, 128);
    config.epochs = 6;
    config.training.early_stopping = stopping(patience, "val_accuracy", 1.0);
    return config;
  }
  static bool logged(const test::RunEvents& r, const std::string& text) {
    for (const auto& line : r.logs)
      if (line.find(text) != std::string::npos) return true;
    return false;
  }
  test::TempDir runs_;
};

TEST_F(EarlyStoppingRun, StopsAfterPatienceAndExportsTheBestEpoch) {
  auto session = TrainingSession::start(neverImproving(2));
  const test::RunEvents r = test::followRun(*session);
  ASSERT_EQ(r.finalState(), RunState::Finished) << (r.errors.empty() ? "" : r.errors[0]);
  ASSERT_EQ(r.epochs.size(), 3u) << "epoch 1 is best; 2 and 3 do not improve; patience 2";
  EXPECT_TRUE(r.epochs[0].best);
  EXPECT_FALSE(r.epochs[2].best);
  EXPECT_TRUE(logged(r, "early stopping: the run stops after 2 epochs")) << "the policy at the start";
  EXPECT_TRUE(logged(r, "early stopping after epoch 3: val_accuracy has not improved for 2 epochs"));
  EXPECT_TRUE(logged(r, "the run's model is epoch 1's"));

  const std::string dir = session->runDir();
  const auto info = test::readJsonFile(dir + "/run.json");
  EXPECT_NE(info["reason"].get<std::string>().find("stopped early after 3 epochs"), std::string::npos)
      << info["reason"];
  EXPECT_EQ(info["early_stopping"]["stopped_after_epoch"], 3);
  EXPECT_EQ(info["early_stopping"]["best_epoch"], 1);
  EXPECT_EQ(info["early_stopping"]["model"], "best");
  EXPECT_EQ(info["best_epoch"], 1);
  EXPECT_EQ(info["best_metric"], "val_accuracy");
  EXPECT_EQ(info["epochs_completed"], 3);
  EXPECT_EQ(std::filesystem::path(loadTrainedModel(dir).checkpoint).filename(), "best.pt");
  const ResumeOffer offer = resumeOffer(readRunEntry(dir));
  EXPECT_TRUE(offer.stopped_early);
  EXPECT_TRUE(offer.resumable) << "three of its six epochs are left";

  // Resumed, it counts its patience afresh (as Keras' fit() called again), its best kept.
  session.reset();
  auto more = TrainingSession::resume(dir);
  const test::RunEvents r2 = test::followRun(*more);
  ASSERT_EQ(r2.finalState(), RunState::Finished) << (r2.errors.empty() ? "" : r2.errors[0]);
  EXPECT_EQ(r2.epochs.size(), 2u) << "epochs 4 and 5 are the patience after the resume";
  EXPECT_TRUE(logged(r2, "its patience counts afresh"));
  const auto after = test::readJsonFile(dir + "/run.json");
  EXPECT_EQ(after["early_stopping"]["stopped_after_epoch"], 5);
  EXPECT_EQ(after["early_stopping"]["best_epoch"], 1);
  EXPECT_EQ(after["epochs_completed"], 5);

  // Patience that runs out at the last epoch completes the run; it does not stop it early.
  more.reset();
  auto last = TrainingSession::resume(dir, {"epochs=7"});
  const test::RunEvents r3 = test::followRun(*last);
  ASSERT_EQ(r3.finalState(), RunState::Finished) << (r3.errors.empty() ? "" : r3.errors[0]);
  EXPECT_EQ(r3.epochs.size(), 2u);
  const auto done = test::readJsonFile(dir + "/run.json");
  EXPECT_FALSE(done.contains("early_stopping"));
  EXPECT_NE(done["reason"].get<std::string>().find("completed 7 epochs"), std::string::npos) << done["reason"];
}

TEST_F(EarlyStoppingRun, WithoutRestoreBestTheLastEpochIsTheModel) {
  ExperimentConfig config = neverImproving(1);
  config.training.early_stopping.restore_best = false;
  auto session = TrainingSession::start(config);
  const test::RunEvents r = test::followRun(*session);
  ASSERT_EQ(r.finalState(), RunState::Finished) << (r.errors.empty() ? "" : r.errors[0]);
  EXPECT_EQ(r.epochs.size(), 2u);
  EXPECT_TRUE(logged(r, "the run's model is its last epoch's"));
  EXPECT_EQ(test::readJsonFile(session->runDir() + "/run.json")["early_stopping"]["model"], "last");
  EXPECT_EQ(std::filesystem::path(loadTrainedModel(session->runDir()).checkpoint).filename(), "last.pt");
}

TEST_F(EarlyStoppingRun, AMetricOfAnotherTaskFailsTheStartNamingTheField) {
  ExperimentConfig config = neverImproving(2);
  config.training.early_stopping.metric = "val_rmse";
  auto session = TrainingSession::start(config);
  const test::RunEvents r = test::followRun(*session);
  EXPECT_EQ(r.finalState(), RunState::Failed);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_NE(r.errors[0].find("training.early_stopping.metric"), std::string::npos) << r.errors[0];
}

}  // namespace
}  // namespace trainscope
