#include "engine/train/breakpoints.h"

#include "engine/session.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

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

std::vector<TensorStats> reluStats(double first, double second) {
  std::vector<TensorStats> s(2);
  s[0].name = "relu1", s[0].kind = "activation", s[0].zero_fraction = first;
  s[1].name = "relu2", s[1].kind = "activation", s[1].zero_fraction = second;
  return s;
}

TEST(Breakpoints, ADeadLayerFiresOncePerLayerUntilItsShareComesBack) {
  Breakpoints b(only(&BreakpointConfig::dead_share, 0.9));
  int64_t step = 0;
  // A layer's first steps say little: not armed before the loss's warm-up either.
  while (step < Breakpoints::kArmedAfterSteps) ASSERT_FALSE(b.afterStep(++step, 0, 1.0, reluStats(1.0, 1.0)));
  b = Breakpoints(only(&BreakpointConfig::dead_share, 0.9));
  for (step = 0; step < Breakpoints::kArmedAfterSteps;) b.afterStep(++step, 0, 1.0, {});
  EXPECT_FALSE(b.afterStep(++step, 0, 1.0, reluStats(0.5, 0.5)));
  auto hit = b.afterStep(++step, 0, 1.0, reluStats(0.95, 0.5));
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->kind, "dead_share");
  EXPECT_EQ(hit->layer, "relu1");
  EXPECT_DOUBLE_EQ(hit->value, 0.95);
  EXPECT_FALSE(b.afterStep(++step, 0, 1.0, reluStats(0.97, 0.5)));
  hit = b.afterStep(++step, 0, 1.0, reluStats(0.97, 0.92));  // another layer
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->layer, "relu2");
  EXPECT_FALSE(b.afterStep(++step, 0, 1.0, {}));                     // a step the probes did not sample
  EXPECT_FALSE(b.afterStep(++step, 0, 1.0, reluStats(0.88, 0.92)));  // jitter under the limit: not re-armed
  EXPECT_FALSE(b.afterStep(++step, 0, 1.0, reluStats(0.91, 0.92)));
  EXPECT_FALSE(b.afterStep(++step, 0, 1.0, reluStats(0.2, 0.92)));  // clearly back
  EXPECT_TRUE(b.afterStep(++step, 0, 1.0, reluStats(0.99, 0.92)));  // and dead again
}

TEST(Breakpoints, LayersDeadTogetherPauseOnce) {
  Breakpoints b(only(&BreakpointConfig::dead_share, 0.9));
  int64_t step = 0;
  while (step < Breakpoints::kArmedAfterSteps) b.afterStep(++step, 0, 1.0, {});
  const auto hit = b.afterStep(++step, 0, 1.0, reluStats(0.95, 0.96));
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->layer, "relu1");
  EXPECT_FALSE(b.afterStep(++step, 0, 1.0, reluStats(0.95, 0.96)));  // relu2 was marked with it
}

// A resumed run (or a fork) reads its earlier hits: while the condition lasts it is
// not paused again; once it has passed, it is watched as before.
TEST(Breakpoints, ARunResumedWhileItsConditionLastsIsNotPausedAgain) {
  BreakpointConfig c;
  c.dead_share = 0.9, c.loss_spike = 3, c.val_accuracy_drop = 0.05;
  const auto hits = nlohmann::json::parse(R"([{"kind": "dead_share", "layer": "relu1", "step": 40},
                                              {"kind": "loss_spike", "step": 12},
                                              {"kind": "val_accuracy_drop", "step": 90}])");
  Breakpoints b(c, hits);
  int64_t step = 0;
  while (step < Breakpoints::kArmedAfterSteps) b.afterStep(++step, 0, 1.0, {});
  // The first step watched: the loss still spiking, relu1 still dead.
  EXPECT_FALSE(b.afterStep(++step, 0, 5.0, reluStats(0.99, 0.5)));
  for (int i = 0; i < 30; ++i) b.afterStep(++step, 0, 1.0, reluStats(0.5, 0.5));
  EXPECT_TRUE(b.afterStep(++step, 0, 9.0, {}));  // the loss came back: armed again
  EXPECT_TRUE(b.afterStep(++step, 0, 1.0, reluStats(0.99, 0.5)));
  EXPECT_FALSE(b.afterEpoch(100, 1, 0.80));
  EXPECT_FALSE(b.afterEpoch(200, 2, 0.70));  // the drop said before the resume
  EXPECT_FALSE(b.afterEpoch(300, 3, 0.79));
  EXPECT_TRUE(b.afterEpoch(400, 4, 0.60));
}

TEST(Breakpoints, OneSpikeDoesNotHideTheNext) {
  Breakpoints b(only(&BreakpointConfig::loss_spike, 3));
  int64_t step = 0;
  for (int i = 0; i < 100; ++i) b.afterStep(++step, 0, 1.0, {});
  EXPECT_TRUE(b.afterStep(++step, 0, 100.0, {}));
  for (int i = 0; i < 3; ++i) b.afterStep(++step, 0, 1.0, {});
  EXPECT_TRUE(b.afterStep(++step, 0, 4.0, {}));  // the 100 counted in the mean as the limit only
}

TEST(Breakpoints, AnEpochIsJudgedByItsAccuracyOrR2AndNeverTheLast) {
  Breakpoints classification(only(&BreakpointConfig::val_accuracy_drop, 0.05));
  EpochMetrics e;
  e.epoch = 1, e.step = 10, e.val_accuracy = 0.8;
  EXPECT_FALSE(classification.afterEpoch(e, false, 3));
  e.epoch = 2, e.step = 20, e.val_accuracy = 0.6;
  const auto hit = classification.afterEpoch(e, false, 3);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->step, 20);
  EXPECT_EQ(hit->epoch, 2);

  Breakpoints last(only(&BreakpointConfig::val_accuracy_drop, 0.05));
  e.epoch = 1, e.val_accuracy = 0.8;
  last.afterEpoch(e, false, 2);
  e.epoch = 2, e.val_accuracy = 0.1;
  EXPECT_FALSE(last.afterEpoch(e, false, 2));  // the run is over: nothing to pause

  Breakpoints regression(only(&BreakpointConfig::val_accuracy_drop, 0.05));
  e.epoch = 1, e.val_accuracy = 0, e.val_r2 = 0.9;
  regression.afterEpoch(e, true, 5);
  e.epoch = 2, e.val_r2 = 0.7;
  EXPECT_TRUE(regression.afterEpoch(e, true, 5));
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

TEST(Breakpoints, ALossSpikeOfOneOrLessAndADeadShareWithoutProbesAreRefused) {
  auto j = toJson(ExperimentConfig{});
  j["training"]["breakpoints"]["loss_spike"] = 0.5;
  j["training"]["breakpoints"]["dead_share"] = 0.9;
  j["probes"]["enabled"] = false;
  try {
    parseConfig(j);
    FAIL() << "accepted";
  } catch (const ConfigError& e) {
    std::set<std::string> fields;
    for (const auto& p : e.problems()) fields.insert(p.field);
    EXPECT_TRUE(fields.count("training.breakpoints.loss_spike"));
    EXPECT_TRUE(fields.count("training.breakpoints.dead_share"));
  }
}

// The trainer pauses at a hit and says so: the event, the log, run.json.
TEST(Breakpoints, ADeadShareBreakpointPausesATrainingRun) {
  if (!test::haveFashionMnist()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  test::TempDir runs;
  auto c = test::smallFashionExperiment(runs.str(), 1024, 128);  // 32 steps
  c.training.breakpoints.dead_share = 0.01;                      // any ReLU's zeros
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
  EXPECT_GT(hits[0].step, Breakpoints::kArmedAfterSteps);
  EXPECT_EQ(r.steps.back().step, hits[0].step);  // paused right after the step that hit
  std::ifstream in(s->runDir() + "/run.json");
  const auto info = nlohmann::json::parse(in);
  ASSERT_TRUE(info.contains("breakpoints"));
  EXPECT_EQ(info["breakpoints"][0]["step"], hits[0].step);
}

}  // namespace
}  // namespace trainscope
