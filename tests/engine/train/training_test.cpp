#include "engine/data/data_loader.h"
#include "engine/data/dataset_source.h"
#include "engine/models/model_factory.h"
#include "engine/session.h"
#include "engine/train/checkpoint.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>

namespace fs = std::filesystem;

namespace trainscope {
namespace {

using test::followRun;
using test::RunEvents;

class TrainingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::haveFashionMnist()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  }
  std::vector<double> losses(const RunEvents& r) {
    std::vector<double> out;
    for (const auto& s : r.steps) out.push_back(s.loss);
    return out;
  }
  test::TempDir runs_;
};

TEST_F(TrainingTest, SameSeedGivesIdenticalLossesOnCpu) {
  const auto config = test::smallFashionExperiment(runs_.str());
  auto a = TrainingSession::start(config);
  const RunEvents ra = followRun(*a);
  auto b = TrainingSession::start(config);
  const RunEvents rb = followRun(*b);
  ASSERT_EQ(ra.finalState(), RunState::Finished) << (ra.errors.empty() ? "" : ra.errors[0]);
  ASSERT_EQ(ra.steps.size(), 16u);  // 512 samples / batch 32
  EXPECT_EQ(losses(ra), losses(rb));
  EXPECT_NE(a->runDir(), b->runDir()) << "each run gets its own folder";

  auto other = config;
  other.seed = 8;
  auto c = TrainingSession::start(other);
  EXPECT_NE(losses(followRun(*c)), losses(ra)) << "another seed, another run";
}

TEST_F(TrainingTest, LearnsSomethingAndValidatesEveryEpoch) {
  auto config = test::smallFashionExperiment(runs_.str(), 2048, 512);
  config.epochs = 2;
  auto s = TrainingSession::start(config);
  const RunEvents r = followRun(*s);
  ASSERT_EQ(r.finalState(), RunState::Finished);
  ASSERT_EQ(r.epochs.size(), 2u);
  EXPECT_GT(r.epochs[1].val_accuracy, 0.6) << "2 epochs of 2,048 images should beat 60%";
  EXPECT_LT(r.steps.back().loss, r.steps.front().loss);
  EXPECT_EQ(r.started.classes.size(), 10u);
  EXPECT_EQ(r.started.train_samples, 2048);
  EXPECT_EQ(r.started.val_samples, 512);
  for (const auto& m : r.steps) {
    EXPECT_GE(m.data_wait, 0.0);
    EXPECT_LE(m.data_wait, 1.0);
    EXPECT_GT(m.samples_per_sec, 0.0);
  }
}

TEST_F(TrainingTest, ResumeGivesTheSameNextLossAsAnUninterruptedRun) {
  // An MLP with Dropout, so the RNG state in the checkpoint matters too.
  auto config = test::smallFashionExperiment(runs_.str(), 640, 128);
  config.model.name = "mlp";
  config.model.hidden = {64};
  config.model.dropout = 0.5;
  config.epochs = 2;
  auto whole = TrainingSession::start(config);
  const RunEvents full = followRun(*whole);
  ASSERT_EQ(full.steps.size(), 40u);

  auto interrupted = TrainingSession::start(config);
  interrupted->pauseAtStep(13);  // mid-epoch: epoch 1 has 20 steps
  const RunEvents first = followRun(*interrupted, [&](const Event& e, const RunEvents&) {
    if (const auto* st = std::get_if<StateChanged>(&e); st && st->state == RunState::Paused) interrupted->stop();
  });
  ASSERT_EQ(first.finalState(), RunState::Stopped);
  const int64_t stoppedAt = first.steps.back().step;
  ASSERT_EQ(stoppedAt, 13) << "the breakpoint pauses right after its step";
  const std::string dir = interrupted->runDir();
  interrupted.reset();
  ASSERT_TRUE(fs::exists(fs::path(dir) / "checkpoints" / "last.pt"));
  EXPECT_EQ(test::readJsonFile(dir + "/run.json")["status"], "stopped");

  auto resumed = TrainingSession::resume(dir);
  const RunEvents second = followRun(*resumed);
  ASSERT_EQ(second.finalState(), RunState::Finished) << (second.errors.empty() ? "" : second.errors[0]);
  ASSERT_FALSE(second.steps.empty());
  EXPECT_EQ(second.steps.front().step, stoppedAt + 1);
  EXPECT_DOUBLE_EQ(second.steps.front().loss, full.steps[stoppedAt].loss) << "same next loss";
  EXPECT_DOUBLE_EQ(second.steps.back().loss, full.steps.back().loss) << "and the same run to the end";
  ASSERT_EQ(second.epochs.size(), 2u);
  EXPECT_DOUBLE_EQ(second.epochs.back().val_accuracy, full.epochs.back().val_accuracy);

  // The record is one continuous curve: steps 1..40, each once.
  const auto steps = test::readH5Column(dir + "/metrics.h5", "/steps/step");
  ASSERT_EQ(steps.size(), 40u);
  for (size_t i = 0; i < steps.size(); ++i) EXPECT_EQ(steps[i], static_cast<double>(i + 1));
  EXPECT_EQ(test::readH5Column(dir + "/metrics.h5", "/epochs/epoch").size(), 2u);
  EXPECT_EQ(test::readJsonFile(dir + "/run.json")["resumes"].size(), 1u);
}

TEST_F(TrainingTest, PauseResumeAndStopFromAnotherThread) {
  auto config = test::smallFashionExperiment(runs_.str(), 4096, 128);
  config.epochs = 20;
  auto s = TrainingSession::start(config);
  bool pauseSent = false, resumeSent = false, stopSent = false;
  int64_t stepsWhenPaused = -1, stepsAfterPause = -1;
  std::thread commander;
  const RunEvents r = followRun(*s, [&](const Event& e, const RunEvents& sofar) {
    if (std::holds_alternative<StepMetrics>(e) && !pauseSent && sofar.steps.size() >= 5) {
      pauseSent = true;
      commander = std::thread([&] { s->pause(); });
    }
    if (const auto* st = std::get_if<StateChanged>(&e); st && st->state == RunState::Paused && !resumeSent) {
      stepsWhenPaused = static_cast<int64_t>(sofar.steps.size());
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      for (const auto& later : s->events().drain()) EXPECT_FALSE(std::holds_alternative<StepMetrics>(later));
      stepsAfterPause = stepsWhenPaused;
      resumeSent = true;
      if (commander.joinable()) commander.join();
      commander = std::thread([&] { s->resume(); });
    }
    if (resumeSent && !stopSent && static_cast<int64_t>(sofar.steps.size()) >= stepsWhenPaused + 5) {
      stopSent = true;
      if (commander.joinable()) commander.join();
      commander = std::thread([&] { s->stop(); });
    }
  });
  if (commander.joinable()) commander.join();
  ASSERT_TRUE(pauseSent && resumeSent && stopSent);
  EXPECT_EQ(stepsAfterPause, stepsWhenPaused);
  EXPECT_NE(std::find(r.states.begin(), r.states.end(), RunState::Paused), r.states.end());
  EXPECT_EQ(r.finalState(), RunState::Stopped);
  EXPECT_LT(r.steps.size(), 128u * 20) << "stopped long before the end";

  const std::string dir = s->runDir();
  const auto info = test::readJsonFile(dir + "/run.json");
  EXPECT_EQ(info["status"], "stopped");
  EXPECT_EQ(info["reason"], "stopped by request");
  EXPECT_TRUE(fs::exists(fs::path(dir) / "checkpoints" / "last.pt"));
  EXPECT_EQ(test::readH5Column(dir + "/metrics.h5", "/steps/loss").size(), r.steps.size())
      << "a stopped run keeps every step";
  auto logged = [&](const std::string& what) {
    return std::any_of(r.logs.begin(), r.logs.end(), [&](const std::string& l) { return l.find(what) == 0; });
  };
  EXPECT_TRUE(logged("paused after step " + std::to_string(stepsWhenPaused))) << "the log says when it paused";
  EXPECT_TRUE(logged("resumed"));
}

TEST_F(TrainingTest, StepOneBatchShowsEachLayerAndPausesAgain) {
  auto config = test::smallFashionExperiment(runs_.str(), 2048, 128);
  auto s = TrainingSession::start(config);
  s->pauseAtStep(3);
  int pauses = 0;
  std::optional<BatchSnapshot> snapshot;
  size_t stepsAtSecondPause = 0;
  const RunEvents r = followRun(*s, [&](const Event& e, const RunEvents& sofar) {
    if (const auto* b = std::get_if<BatchSnapshot>(&e)) snapshot = *b;
    const auto* st = std::get_if<StateChanged>(&e);
    if (!st || st->state != RunState::Paused) return;
    if (++pauses == 1) {
      s->stepOneBatch();
    } else {
      stepsAtSecondPause = sofar.steps.size();
      s->stop();
    }
  });
  ASSERT_EQ(pauses, 2);
  EXPECT_EQ(stepsAtSecondPause, 4u) << "one step, then paused again";
  ASSERT_TRUE(snapshot.has_value());
  EXPECT_EQ(snapshot->step, 4);
  EXPECT_NEAR(snapshot->loss, r.steps[3].loss, 0.5) << "the loss of the step's first batch";
  EXPECT_EQ(snapshot->input.width, 28);
  EXPECT_EQ(snapshot->input.channels, 1);
  EXPECT_FALSE(snapshot->predicted.empty());
  EXPECT_FALSE(snapshot->label.empty());
  ASSERT_EQ(snapshot->layers.size(), r.started.layers.size()) << "every layer, in order";
  const LayerSnapshot& conv = snapshot->layers.front();
  EXPECT_EQ(conv.type, "Conv2d");
  EXPECT_EQ(conv.shape.size(), 4u);
  EXPECT_EQ(conv.channels_shown, conv.channels) << "LeNet's first conv has fewer than 16 maps";
  EXPECT_EQ(conv.picture.pixels.size(), static_cast<size_t>(conv.picture.width * conv.picture.height));
  EXPECT_GT(conv.picture.width, conv.shape[3]) << "maps side by side";
  const LayerSnapshot& last = snapshot->layers.back();
  EXPECT_EQ(last.shape.back(), 10) << "the logits, one per class";
  EXPECT_EQ(std::count(r.logs.begin(), r.logs.end(), "resumed"), 0) << "a step is not a resume";
  EXPECT_NE(std::find(r.logs.begin(), r.logs.end(), "stepped one batch forward (step 4), paused again"), r.logs.end());
}

TEST_F(TrainingTest, StopTakesEffectBetweenTheBatchesOfAnAccumulation) {
  // One optimizer step is 400 batches here: a stop must not wait for all of them.
  auto config = test::smallFashionExperiment(runs_.str(), 16000, 64);
  config.loader.batch_size = 16;
  config.training.grad_accum_steps = 400;
  auto s = TrainingSession::start(config);
  const RunEvents r = followRun(*s, [&](const Event& e, const RunEvents&) {
    if (std::holds_alternative<StepMetrics>(e)) s->stop();
  });
  EXPECT_EQ(r.finalState(), RunState::Stopped);
  ASSERT_EQ(r.steps.size(), 1u) << "the partial second step is dropped, not finished";
  const auto info = test::readJsonFile(s->runDir() + "/run.json");
  EXPECT_EQ(info["reason"], "stopped by request");
  EXPECT_TRUE(fs::exists(fs::path(s->runDir()) / "checkpoints" / "last.pt"));
}

TEST_F(TrainingTest, GradientAccumulationMatchesTheLargerBatch) {
  auto big = test::smallFashionExperiment(runs_.str(), 256, 64);
  big.loader.batch_size = 64;
  big.loader.drop_last = true;
  auto accumulated = big;
  accumulated.loader.batch_size = 32;
  accumulated.training.grad_accum_steps = 2;
  auto a = TrainingSession::start(big);
  const RunEvents ra = followRun(*a);
  auto b = TrainingSession::start(accumulated);
  const RunEvents rb = followRun(*b);
  ASSERT_EQ(ra.steps.size(), 4u);
  ASSERT_EQ(rb.steps.size(), 4u) << "two batches of 32 make one optimizer step";
  for (size_t i = 0; i < 4; ++i) EXPECT_NEAR(ra.steps[i].loss, rb.steps[i].loss, 2e-4) << "step " << i + 1;
}

TEST_F(TrainingTest, ClippingAndMaxStepsAreHonoured) {
  auto config = test::smallFashionExperiment(runs_.str(), 1024, 64);
  config.optimizer.lr = 5.0;  // would diverge without clipping
  config.training.clip_grad_norm = 0.1;
  config.training.max_steps = 7;
  auto s = TrainingSession::start(config);
  const RunEvents r = followRun(*s);
  ASSERT_EQ(r.finalState(), RunState::Finished);
  EXPECT_EQ(r.steps.size(), 7u);
  ASSERT_EQ(r.epochs.size(), 1u) << "a run cut short still validates";
  for (const auto& m : r.steps) EXPECT_TRUE(std::isfinite(m.loss));
  const auto info = test::readJsonFile(s->runDir() + "/run.json");
  EXPECT_NE(info["reason"].get<std::string>().find("max_steps"), std::string::npos);
  EXPECT_EQ(info["epochs_completed"], 0) << "7 of 32 steps is a partial epoch";

  // Resuming without the limit trains the rest of that epoch, and its full summary
  // replaces the partial one.
  const std::string dir = s->runDir();
  s.reset();
  auto rest = TrainingSession::resume(dir, {"training.max_steps=0"});
  const RunEvents r2 = followRun(*rest);
  ASSERT_EQ(r2.finalState(), RunState::Finished) << (r2.errors.empty() ? "" : r2.errors[0]);
  EXPECT_EQ(r2.steps.front().step, 8);
  EXPECT_EQ(r2.steps.back().step, 32);
  EXPECT_EQ(test::readH5Column(dir + "/metrics.h5", "/epochs/epoch"), std::vector<double>{1.0});
  EXPECT_EQ(test::readJsonFile(dir + "/run.json")["epochs_completed"], 1);
}

TEST_F(TrainingTest, AnEmptyValidationSplitIsReportedNotFatal) {
  auto config = test::smallFashionExperiment(runs_.str(), 256, 0);
  config.dataset.kind = "image-folder";
  // An image folder with val_fraction 0 has no validation split at all.
  const fs::path root = runs_.path() / "tiny";
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < 8; ++i)
      test::writeImage(root / ("class" + std::to_string(c)) / (std::to_string(i) + ".png"),
                       test::solidImage(32, 32, {static_cast<uint8_t>(c * 200), 50, 50}));
  config.dataset.root = root.string();
  config.dataset.val_fraction = 0;
  config.dataset.train_subset = 0;
  config.loader.batch_size = 4;
  TransformSpec toTensor;
  toTensor.name = "ToTensor";
  config.train_transforms = config.val_transforms = {toTensor};
  auto s = TrainingSession::start(config);
  const RunEvents r = followRun(*s);
  ASSERT_EQ(r.finalState(), RunState::Finished) << (r.errors.empty() ? "" : r.errors[0]);
  ASSERT_EQ(r.epochs.size(), 1u);
  EXPECT_TRUE(std::isnan(r.epochs[0].val_accuracy));
  EXPECT_FALSE(r.epochs[0].best);
  EXPECT_FALSE(fs::exists(fs::path(s->runDir()) / "checkpoints" / "best.pt"));
  EXPECT_TRUE(std::any_of(r.logs.begin(), r.logs.end(), [](const std::string& l) {
    return l.find("validation split is empty") != std::string::npos;
  }));
}

TEST_F(TrainingTest, BestCheckpointLoadsOnCpuAndReproducesItsAccuracy) {
  auto config = test::smallFashionExperiment(runs_.str(), 1024, 256);
  auto s = TrainingSession::start(config);
  const RunEvents r = followRun(*s);
  ASSERT_EQ(r.epochs.size(), 1u);
  const DatasetSplits splits = openDataset(config);
  LayerStack model = buildModel(config.model, {1, 28, 28}, 10);
  loadModelWeights(s->runDir() + "/checkpoints/best.pt", model);
  model->eval();
  torch::NoGradGuard noGrad;
  DataLoaderOptions o;
  o.batch_size = 100;
  o.shuffle = false;
  DataLoader loader(splits.val, std::make_shared<Compose>(config.val_transforms), o);
  loader.startEpoch(0);
  double correct = 0, seen = 0;
  while (auto b = loader.next()) {
    correct += model->forward(b->inputs).argmax(1).eq(b->targets).sum().item<double>();
    seen += static_cast<double>(b->targets.size(0));
  }
  EXPECT_DOUBLE_EQ(correct / seen, r.epochs[0].val_accuracy);
}

TEST_F(TrainingTest, AFailureBeforeTheFirstStepBecomesAnEventAndKeepsNoFolder) {
  // A folder of undecodable JPEGs passes the session's cheap checks and fails in the
  // engine's set-up: reported as an event, with nothing left behind.
  const fs::path root = runs_.path() / "bad data";
  for (const char* cls : {"a", "b"}) {
    fs::create_directories(root / cls);
    std::ofstream(root / cls / "x.jpg", std::ios::binary) << std::string("\xFF\xD8\xFF\xE0", 4) << "garbage";
  }
  ExperimentConfig config = test::smallFashionExperiment(runs_.str());
  config.dataset.kind = "image-folder";
  config.dataset.root = root.string();
  config.dataset.train_subset = config.dataset.val_subset = 0;
  config.dataset.val_fraction = 0;
  config.train_transforms = config.val_transforms = defaultTransforms(config.dataset, false);
  auto s = TrainingSession::start(config);
  const RunEvents r = followRun(*s);
  EXPECT_EQ(r.finalState(), RunState::Failed);
  ASSERT_FALSE(r.errors.empty());
  // The scan finds them unusable (no JPEG frame header), before any training.
  EXPECT_NE(r.errors[0].find("dataset: "), std::string::npos) << r.errors[0];
  EXPECT_NE(r.errors[0].find("no images found"), std::string::npos) << r.errors[0];
  // Nothing was recorded in the new run's folder: it is not left behind as "failed".
  EXPECT_FALSE(fs::exists(s->runDir())) << s->runDir();
}

TEST_F(TrainingTest, MissingDatasetIsAConfigErrorBeforeAnyTraining) {
  ExperimentConfig config = test::smallFashionExperiment(runs_.str());
  config.dataset.kind = "image-folder";
  config.dataset.root = (runs_.path() / "nope").string();
  try {
    TrainingSession::start(config);
    FAIL() << "should not start";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("dataset.root: folder does not exist"), std::string::npos);
  }
  EXPECT_TRUE(fs::is_empty(runs_.path())) << "no run folder for a run that never started";
}

}  // namespace
}  // namespace trainscope
