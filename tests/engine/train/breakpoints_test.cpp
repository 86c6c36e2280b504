#include "engine/train/breakpoints.h"

#include "engine/session.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <fstream>

namespace trainscope {
namespace {

BreakpointConfig only(double BreakpointConfig::*field, double value) {
  BreakpointConfig c;
  c.*field = value;
  return c;
}

TEST(Breakpoints, ALossSpikeFiresOnceAgainstTheRunningMeanOfTheStepsBefore) {
  Breakpoints b(only(&BreakpointConfig::loss_spike, 3));
  int64_t step = 0;
  // Not armed before it has seen enough steps, however large the loss.
  EXPECT_FALSE(b.afterStep(++step, 0, 1.0, {}));
  EXPECT_FALSE(b.afterStep(++step, 0, 50.0, {}));
  for (int i = 0; i < 200; ++i) ASSERT_FALSE(b.afterStep(++step, 0, 1.0, {})) << step;
  EXPECT_FALSE(b.afterStep(++step, 0, 2.9, {}));  // under 3x
  const auto hit = b.afterStep(++step, 1, 4.0, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->kind, "loss_spike");
  EXPECT_EQ(hit->step, step);
  EXPECT_EQ(hit->epoch, 1);
  EXPECT_DOUBLE_EQ(hit->value, 4.0);
  EXPECT_NEAR(hit->reference, 1.0, 0.1);  // the mean of the steps before it
  EXPECT_DOUBLE_EQ(hit->threshold, 3);
  // Still high: no second pause until it has come back under the limit.
  EXPECT_FALSE(b.afterStep(++step, 1, 5.0, {}));
  EXPECT_FALSE(b.afterStep(++step, 1, std::nan(""), {}));  // the NaN guard's, not a spike
  for (int i = 0; i < 100; ++i) b.afterStep(++step, 1, 1.0, {});
  EXPECT_TRUE(b.afterStep(++step, 1, 10.0, {}));
}

TEST(Breakpoints, AnAccuracyDropFiresBelowTheBestAndRearmsOnceItRecovers) {
  Breakpoints b(only(&BreakpointConfig::val_accuracy_drop, 0.05));
  EXPECT_FALSE(b.afterEpoch(10, 1, 0.80));
  EXPECT_FALSE(b.afterEpoch(20, 2, 0.85));
  EXPECT_FALSE(b.afterEpoch(30, 3, 0.81));  // 4 points down: within the limit
  const auto hit = b.afterEpoch(40, 4, 0.79);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->kind, "val_accuracy_drop");
  EXPECT_EQ(hit->epoch, 4);
  EXPECT_DOUBLE_EQ(hit->reference, 0.85);
  EXPECT_FALSE(b.afterEpoch(50, 5, 0.70));  // still down: said once
  EXPECT_FALSE(b.afterEpoch(60, 6, 0.84));  // back within
  EXPECT_TRUE(b.afterEpoch(70, 7, 0.60));
  EXPECT_FALSE(b.afterEpoch(80, 8, std::nan("")));  // nothing measured
}

TEST(Breakpoints, ADeadLayerFiresOncePerLayerUntilItsShareComesBack) {
  Breakpoints b(only(&BreakpointConfig::dead_share, 0.9));
  const auto stats = [](double conv, double fc) {
    std::vector<TensorStats> s(2);
    s[0].name = "relu1", s[0].kind = "activation", s[0].zero_fraction = conv;
    s[1].name = "relu2", s[1].kind = "activation", s[1].zero_fraction = fc;
    return s;
  };
  EXPECT_FALSE(b.afterStep(1, 0, 1.0, stats(0.5, 0.5)));
  auto hit = b.afterStep(2, 0, 1.0, stats(0.95, 0.5));
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->kind, "dead_share");
  EXPECT_EQ(hit->layer, "relu1");
  EXPECT_DOUBLE_EQ(hit->value, 0.95);
  EXPECT_FALSE(b.afterStep(3, 0, 1.0, stats(0.97, 0.5)));
  hit = b.afterStep(4, 0, 1.0, stats(0.97, 0.92));  // another layer
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->layer, "relu2");
  EXPECT_FALSE(b.afterStep(5, 0, 1.0, {}));  // a step the probes did not sample
  EXPECT_FALSE(b.afterStep(6, 0, 1.0, stats(0.2, 0.92)));
  EXPECT_TRUE(b.afterStep(7, 0, 1.0, stats(0.99, 0.92)));  // relu1 came back, then died again
}

TEST(Breakpoints, OffByDefaultAndSaidInTheLogAndRunJson) {
  Breakpoints off{BreakpointConfig{}};
  for (int i = 1; i < 100; ++i) ASSERT_FALSE(off.afterStep(i, 0, i % 10 == 0 ? 100.0 : 1.0, {}));
  EXPECT_FALSE(off.afterEpoch(1, 1, 0.9));
  EXPECT_FALSE(off.afterEpoch(2, 2, 0.1));

  const BreakpointHit hit{412, 2, "dead_share", "conv1", 0.934, 0, 0.9};
  EXPECT_EQ(breakpointMessage(hit).english(),
            "breakpoint: 93.4% of conv1's outputs are zero at step 412 (the limit is 90.0%); the run is paused");
  nlohmann::json info;
  recordBreakpoint(info, hit);
  recordBreakpoint(info, hit);
  ASSERT_EQ(info["breakpoints"].size(), 2u);
  EXPECT_EQ(info["breakpoints"][0]["kind"], "dead_share");
  EXPECT_EQ(info["breakpoints"][0]["layer"], "conv1");
  EXPECT_EQ(info["breakpoints"][0]["step"], 412);
  EXPECT_FALSE(info["breakpoints"][0].contains("event"));
}

TEST(Breakpoints, ALossSpikeOfOneOrLessIsRefused) {
  auto j = toJson(ExperimentConfig{});
  j["training"]["breakpoints"]["loss_spike"] = 0.5;
  try {
    parseConfig(j);
    FAIL() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.problems().at(0).field, "training.breakpoints.loss_spike");
  }
}

// The trainer pauses at a hit and says so: the event, the log, run.json.
TEST(Breakpoints, ADeadShareBreakpointPausesATrainingRun) {
  if (!test::haveFashionMnist()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  test::TempDir runs;
  auto c = test::smallFashionExperiment(runs.str(), 512, 128);
  c.training.breakpoints.dead_share = 0.01;  // any ReLU's zeros
  auto s = TrainingSession::start(c);
  std::vector<BreakpointHit> hits;
  bool paused = false;
  const test::RunEvents r = test::followRun(*s, [&](const Event& e, const test::RunEvents&) {
    if (const auto* b = std::get_if<BreakpointHit>(&e)) hits.push_back(*b);
    if (const auto* st = std::get_if<StateChanged>(&e); st && st->state == RunState::Paused) {
      paused = true;
      s->stop();
    }
  });
  ASSERT_FALSE(hits.empty());
  EXPECT_TRUE(paused);
  EXPECT_EQ(r.finalState(), RunState::Stopped);
  EXPECT_EQ(hits[0].kind, "dead_share");
  EXPECT_FALSE(hits[0].layer.empty());
  EXPECT_GE(hits[0].value, 0.01);
  EXPECT_EQ(r.steps.back().step, hits[0].step);  // paused right after the step that hit
  std::ifstream in(s->runDir() + "/run.json");
  const auto info = nlohmann::json::parse(in);
  ASSERT_TRUE(info.contains("breakpoints"));
  EXPECT_EQ(info["breakpoints"][0]["step"], hits[0].step);
}

}  // namespace
}  // namespace trainscope
