#include "engine/run/event_queue.h"

#include <gtest/gtest.h>

#include <thread>

namespace trainscope {
namespace {

template <typename T>
size_t countOf(const std::deque<Event>& events) {
  size_t n = 0;
  for (const auto& e : events) n += std::holds_alternative<T>(e);
  return n;
}

TEST(EventQueue, ProgressCoalescesToTheLatest) {
  EventQueue q;
  for (int i = 1; i <= 100; ++i) {
    Progress p;
    p.global_step = i;
    q.push(p);
  }
  const auto events = q.drain();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(std::get<Progress>(events[0]).global_step, 100);
}

TEST(EventQueue, LatestProgressComesAfterWhatWasPushedBeforeIt) {
  EventQueue q;
  Progress p;
  p.epoch = 1;
  q.push(p);
  EpochMetrics e;
  e.epoch = 1;
  q.push(e);
  p.epoch = 2;
  q.push(p);
  const auto events = q.drain();
  ASSERT_EQ(events.size(), 2u);
  EXPECT_TRUE(std::holds_alternative<EpochMetrics>(events[0]));
  EXPECT_EQ(std::get<Progress>(events[1]).epoch, 2);
}

TEST(EventQueue, KeepsOrderAndNeverDropsEpochsOrStates) {
  EventQueue q(/*maxPendingSteps=*/10, /*maxPendingLogs=*/5);
  q.push(StateChanged{RunState::Running, ""});
  for (int i = 1; i <= 50; ++i) {
    StepMetrics m;
    m.step = i;
    q.push(m);
    q.push(LogLine{LogLevel::Info, "line", 0});
    if (i % 10 == 0) {
      EpochMetrics e;
      e.epoch = i / 10;
      q.push(e);
    }
  }
  q.push(RunError{"boom"});
  const auto events = q.drain();
  EXPECT_EQ(countOf<EpochMetrics>(events), 5u);
  EXPECT_EQ(countOf<StepMetrics>(events), 10u);
  EXPECT_EQ(countOf<RunError>(events), 1u);
  EXPECT_TRUE(std::holds_alternative<LogLine>(events.front())) << "a note about what was dropped comes first";
  EXPECT_NE(std::get<LogLine>(events.front()).text.find("40 step metrics and 45 log lines"), std::string::npos)
      << std::get<LogLine>(events.front()).text;
  EXPECT_TRUE(std::holds_alternative<StateChanged>(events[1]));
  EXPECT_EQ(q.droppedSteps(), 40u);
  // Steps that were delivered are the first ones, in order.
  int64_t last = 0;
  for (const auto& e : events) {
    if (const auto* m = std::get_if<StepMetrics>(&e)) {
      EXPECT_EQ(m->step, ++last);
    }
  }
  EXPECT_TRUE(q.drain().empty());
}

TEST(EventQueue, ProducerAndConsumerOnDifferentThreads) {
  EventQueue q;
  constexpr int kSteps = 20000;
  std::thread producer([&] {
    for (int i = 1; i <= kSteps; ++i) {
      StepMetrics m;
      m.step = i;
      q.push(m);
    }
    q.push(StateChanged{RunState::Finished, ""});
  });
  int64_t received = 0, last = 0;
  bool finished = false;
  while (!finished) {
    q.waitFor(std::chrono::milliseconds(10));
    for (const auto& e : q.drain()) {
      if (const auto* m = std::get_if<StepMetrics>(&e)) {
        EXPECT_EQ(m->step, last + 1);
        last = m->step;
        ++received;
      }
      finished |= std::holds_alternative<StateChanged>(e);
    }
  }
  producer.join();
  EXPECT_EQ(received, kSteps);
}

}  // namespace
}  // namespace trainscope
