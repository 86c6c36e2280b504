#include "engine/train/lr_schedule.h"

#include <gtest/gtest.h>

#include <cmath>

namespace trainscope {
namespace {

SchedulerConfig named(const std::string& name) {
  SchedulerConfig s;
  s.name = name;
  return s;
}

TEST(LrSchedule, ConstantStaysAtTheBaseRate) {
  LrSchedule s(named("constant"), 0.1, 100, 1000);
  EXPECT_DOUBLE_EQ(s.lrAt(0), 0.1);
  EXPECT_DOUBLE_EQ(s.lrAt(999), 0.1);
}

TEST(LrSchedule, StepLRDecaysEveryStepSizeEpochs) {
  SchedulerConfig c = named("step");
  c.step_size = 30;
  c.gamma = 0.1;
  LrSchedule s(c, 0.01, /*steps_per_epoch=*/10, /*total_steps=*/900);
  EXPECT_DOUBLE_EQ(s.lrAt(0), 0.01);
  EXPECT_DOUBLE_EQ(s.lrAt(299), 0.01);      // still epoch 29
  EXPECT_NEAR(s.lrAt(300), 0.001, 1e-15);   // epoch 30
  EXPECT_NEAR(s.lrAt(600), 0.0001, 1e-15);  // epoch 60
}

TEST(LrSchedule, MultiStepLRDecaysAtEachMilestone) {
  SchedulerConfig c = named("multistep");
  c.milestones = {2, 5};
  c.gamma = 0.5;
  LrSchedule s(c, 1.0, 10, 100);
  EXPECT_DOUBLE_EQ(s.lrAt(19), 1.0);
  EXPECT_DOUBLE_EQ(s.lrAt(20), 0.5);
  EXPECT_DOUBLE_EQ(s.lrAt(49), 0.5);
  EXPECT_DOUBLE_EQ(s.lrAt(50), 0.25);
}

TEST(LrSchedule, CosineAnnealsFromBaseToEtaMin) {
  SchedulerConfig c = named("cosine");
  c.eta_min = 0.001;
  LrSchedule s(c, 0.1, 10, 100);
  EXPECT_DOUBLE_EQ(s.lrAt(0), 0.1);
  EXPECT_NEAR(s.lrAt(50), 0.001 + (0.1 - 0.001) * 0.5, 1e-12);
  EXPECT_NEAR(s.lrAt(100), 0.001, 1e-12);
}

TEST(LrSchedule, LinearWarmupRampsThenHandsOver) {
  SchedulerConfig c = named("cosine");
  c.warmup_epochs = 1;
  c.warmup_start_factor = 0.1;
  LrSchedule s(c, 1.0, 10, 110);
  EXPECT_DOUBLE_EQ(s.lrAt(0), 0.1);
  EXPECT_DOUBLE_EQ(s.lrAt(5), 0.55);
  EXPECT_DOUBLE_EQ(s.lrAt(10), 1.0);  // cosine starts after warmup
  EXPECT_NEAR(s.lrAt(110), 0.0, 1e-12);
  SchedulerConfig st = named("step");
  st.warmup_epochs = 0.5;
  LrSchedule w(st, 1.0, 10, 100);
  EXPECT_DOUBLE_EQ(w.lrAt(0), 0.1);
  EXPECT_DOUBLE_EQ(w.lrAt(5), 1.0);
}

}  // namespace
}  // namespace trainscope
