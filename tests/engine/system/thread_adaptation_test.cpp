// The threads a run uses while other work shares its CPUs: the governor's decisions on
// made-up windows (a fake CPU contention source), the /proc arithmetic, and the parked
// OpenMP team that makes LibTorch's threads wait asleep.
#include "engine/system/thread_adaptation.h"
#include "engine/system/passive_waiting.h"
#include "engine/system/usable_cores.h"

#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <thread>

namespace trainscope {
namespace {

CpuWindow busy(double others, int cpus = 2, double pressure = 0.8) { return {1.0, cpus, others, pressure}; }

// Feeds the governor windows one by one; returns the threads after each.
std::vector<int> threadsAfter(ThreadGovernor& g, const std::vector<CpuWindow>& windows) {
  std::vector<int> seen;
  for (const CpuWindow& w : windows) {
    g.observe(w);
    seen.push_back(g.threads());
  }
  return seen;
}

TEST(ThreadGovernor, GivesUpTheCoresOtherWorkHoldsAfterTwoWindowsAndTakesThemBackAfterThree) {
  ThreadGovernor g(2, ThreadCountRule::Adapts);
  // two CPU-bound loops beside a 2-thread run get about one core between them
  EXPECT_EQ(threadsAfter(g, {busy(1.0), busy(1.0)}), (std::vector<int>{2, 1}));
  EXPECT_FALSE(g.passive()) << "one thread has no team to wait for";
  // still busy: stays down (no swing although pressure falls once it shares less)
  EXPECT_EQ(threadsAfter(g, {busy(1.3, 2, 0.05), busy(1.3, 2, 0.6)}), (std::vector<int>{1, 1}));
  // the loops end
  EXPECT_EQ(threadsAfter(g, {busy(0.0, 2, 0), busy(0.1, 2, 0), busy(0.0, 2, 0)}), (std::vector<int>{1, 1, 2}));
}

TEST(ThreadGovernor, ABurstOfOtherWorkChangesNothing) {
  ThreadGovernor g(2, ThreadCountRule::Adapts);
  EXPECT_EQ(threadsAfter(g, {busy(1.0), busy(0.0, 2, 0), busy(1.0), busy(0.1, 2, 0)}), (std::vector<int>{2, 2, 2, 2}));
}

TEST(ThreadGovernor, ShrinksOnlyWhenSomethingWaitsForACpu) {
  ThreadGovernor g(2, ThreadCountRule::Adapts);
  EXPECT_EQ(threadsAfter(g, {busy(1.0, 2, 0.01), busy(1.0, 2, 0.02)}), (std::vector<int>{2, 2}));
  // a kernel without /proc/pressure: the CPU time alone decides
  EXPECT_EQ(threadsAfter(g, {busy(1.0, 2, -1), busy(1.0, 2, -1)}), (std::vector<int>{2, 1}));
}

TEST(ThreadGovernor, OnManyCoresLeavesOtherWorkItsShareAndWaitsAsleep) {
  ThreadGovernor g(16, ThreadCountRule::Adapts);
  // others hold 5.6 cores: 10.4 free holds 10 threads; the less pressing of two windows wins
  EXPECT_EQ(threadsAfter(g, {busy(5.6, 16), busy(4.7, 16)}), (std::vector<int>{16, 11}));
  EXPECT_TRUE(g.passive());
  // some cores free up: up to what the least free of three windows holds
  EXPECT_EQ(threadsAfter(g, {busy(2.0, 16, 0.2), busy(3.0, 16, 0.2), busy(2.5, 16, 0.2)}),
            (std::vector<int>{11, 11, 13}));
  EXPECT_TRUE(g.passive()) << "13 of 16: still shares the machine";
  EXPECT_EQ(threadsAfter(g, {busy(0, 16, 0), busy(0, 16, 0), busy(0, 16, 0)}), (std::vector<int>{13, 13, 16}));
  EXPECT_FALSE(g.passive());
}

TEST(ThreadGovernor, FromOneThreadGrowsToWhatFitsBeforeTheMachineIsIdle) {
  ThreadGovernor g(16, ThreadCountRule::Adapts);
  EXPECT_EQ(threadsAfter(g, {busy(15.8, 16), busy(15.8, 16)}), (std::vector<int>{16, 1}));
  // half the machine frees up, and nothing waits for a CPU any more
  EXPECT_EQ(threadsAfter(g, {busy(8, 16, 0), busy(8, 16, 0), busy(8, 16, 0)}), (std::vector<int>{1, 1, 8}));
  EXPECT_TRUE(g.passive()) << "8 of 16: still shares the machine";
}

TEST(ThreadGovernor, TwoAdaptingRunsWithLoaderWorkSettle) {
  // 4 CPUs, two runs of 2 threads each plus 0.3 cores of loader work: each sees 2.3 busy
  ThreadGovernor g(4, ThreadCountRule::Adapts);
  EXPECT_EQ(threadsAfter(g, {busy(2.3, 4), busy(2.3, 4)}), (std::vector<int>{4, 2}));
  EXPECT_EQ(threadsAfter(g, {busy(2.3, 4), busy(2.3, 4), busy(2.3, 4), busy(2.3, 4)}), (std::vector<int>{2, 2, 2, 2}));
  // the other run drops to one thread: 2.7 free holds 2 with a quarter core of slack, not 3
  EXPECT_EQ(threadsAfter(g, {busy(1.3, 4, 0), busy(1.3, 4, 0), busy(1.3, 4, 0)}), (std::vector<int>{2, 2, 2}));
}

TEST(ThreadGovernor, ASetCountBeyondItsCpusIsNotOtherWork) {
  // threads: 2 under taskset -c 0: its own second thread makes the pressure
  ThreadGovernor g(2, ThreadCountRule::Set);
  for (int i = 0; i < 4; ++i) EXPECT_FALSE(g.observe(busy(0, 1, 0.9)).has_value());
  EXPECT_FALSE(g.passive());
}

TEST(ThreadGovernor, ADeterministicRunKeepsItsCountAndOnlyStopsSpinning) {
  ThreadGovernor g(2, ThreadCountRule::Deterministic);
  g.observe(busy(1.0));
  const std::optional<ThreadDecision> d = g.observe(busy(1.0));
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->threads, 2);
  EXPECT_TRUE(d->passive);
  EXPECT_NE(d->why.english().find("keeps 2 threads"), std::string::npos) << d->why.english();
  EXPECT_NE(g.policy().english().find("deterministic"), std::string::npos);
  for (int i = 0; i < 2; ++i) EXPECT_FALSE(g.observe(busy(0, 2, 0)).has_value());
  const std::optional<ThreadDecision> back = g.observe(busy(0, 2, 0));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->threads, 2);
  EXPECT_FALSE(back->passive);
}

TEST(ThreadGovernor, ASetCountIsKeptAndOneThreadHasNothingToDecide) {
  ThreadGovernor set(4, ThreadCountRule::Set);
  set.observe(busy(3.0, 4));
  set.observe(busy(3.0, 4));
  EXPECT_EQ(set.threads(), 4);
  EXPECT_TRUE(set.passive());
  ThreadGovernor one(1, ThreadCountRule::Adapts);
  EXPECT_FALSE(one.observe(busy(1.0)).has_value());
  EXPECT_FALSE(one.observe(busy(1.0)).has_value());
  EXPECT_TRUE(one.policy().empty());
}

TEST(ThreadGovernor, SaysWhyInItsLog) {
  ThreadGovernor g(2, ThreadCountRule::Adapts);
  g.observe(busy(1.04, 2, 0.87));
  const std::optional<ThreadDecision> d = g.observe(busy(1.04, 2, 0.87));
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->why.english(),
            "fewer threads, 2 → 1: other work used 1.0 of the 2 CPUs this run may run on "
            "(CPU pressure 87%)");
  EXPECT_EQ(std::string(d->why.context), "trainscope::Threads");
}

class ScriptedContention : public CpuContentionSource {
 public:
  explicit ScriptedContention(std::deque<CpuWindow> windows) : windows_(std::move(windows)) {}
  std::optional<CpuWindow> next() override {
    if (!started_) return started_ = true, std::nullopt;
    if (windows_.empty()) return std::nullopt;
    CpuWindow w = windows_.front();
    windows_.pop_front();
    return w;
  }

 private:
  bool started_ = false;
  std::deque<CpuWindow> windows_;
};

TEST(ThreadAdaptation, MeasuresOncePerWindowAndAppliesTheCount) {
  std::vector<int> applied;
  ThreadAdaptation a(
      2, ThreadCountRule::Adapts, std::make_unique<ScriptedContention>(std::deque{busy(1), busy(1)}),
      [&](int n) { applied.push_back(n); }, std::chrono::seconds(1));
  const auto t0 = ThreadAdaptation::Clock::now();  // the first window starts when it is made
  EXPECT_FALSE(a.betweenSteps(t0 + std::chrono::milliseconds(500))) << "within the window: no reading";
  EXPECT_FALSE(a.betweenSteps(t0 + std::chrono::milliseconds(1100)));
  const std::optional<Message> m = a.betweenSteps(t0 + std::chrono::milliseconds(2200));
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(applied, (std::vector<int>{1}));
  EXPECT_EQ(a.threads(), 1);
}

TEST(ThreadAdaptation, TheRuleFollowsTheConfig) {
  EXPECT_EQ(threadCountRule(0, false), ThreadCountRule::Adapts);
  EXPECT_EQ(threadCountRule(3, false), ThreadCountRule::Set);
  EXPECT_EQ(threadCountRule(0, true), ThreadCountRule::Deterministic);
}

TEST(CpuContention, ReadsTheBusyTimeOfItsCpusAndThePressureTotal) {
  const std::string stat =
      "cpu  400 0 100 1000 50 0 0 0 0 0\n"
      "cpu0 100 0 50 500 25 0 0 0 0 0\n"
      "cpu1 300 0 50 500 25 5 5 10 0 0\n"
      "intr 12345\n";
  const CpuTimes both = cpuTimesOf(stat, {0, 1});
  EXPECT_DOUBLE_EQ(both.busy, 150 + 370);
  EXPECT_DOUBLE_EQ(both.total, 675 + 895);
  EXPECT_DOUBLE_EQ(cpuTimesOf(stat, {1}).busy, 370) << "steal counts as busy: someone else had the CPU";
  EXPECT_EQ(both.cpus, 2);
  EXPECT_DOUBLE_EQ(cpuTimesOf(stat, {7}).total, 0);
  EXPECT_EQ(cpuTimesOf(stat, {}).cpus, 2) << "an unknown affinity counts every CPU, not the total line";
  EXPECT_DOUBLE_EQ(pressureTotalMicros("some avg10=1.00 avg60=0.5 avg300=0 total=443896319\n"
                                       "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"),
                   443896319);
  EXPECT_DOUBLE_EQ(pressureTotalMicros(""), -1);
  EXPECT_DOUBLE_EQ(pressureTotalMicros("some avg10=x total=\n"), -1);
}

TEST(CpuContention, ThisMachinesWindowsAreSane) {
  auto source = systemCpuContention();
  EXPECT_FALSE(source->next().has_value());
  // a fifth of a second of this process's own work: /proc/stat counts in 10 ms ticks
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
  for (volatile double spin = 0; std::chrono::steady_clock::now() < until;) spin = spin + 1;
  const std::optional<CpuWindow> w = source->next();
  ASSERT_TRUE(w.has_value());
  EXPECT_GT(w->seconds, 0);
  EXPECT_GE(w->cpus, 1);
  EXPECT_GE(w->others_busy, 0);
  EXPECT_LE(w->others_busy, w->cpus + 0.5);
}

size_t threadsOfThisProcess() {
  size_t n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator("/proc/self/task")) ++n;
  return n;
}

TEST(PassiveWaiting, ParksMoreOpenMpThreadsThanCpusAndReleasesThem) {
  const size_t before = threadsOfThisProcess();
  {
    PassiveWaiting waiting;
    waiting.set(true);
    EXPECT_TRUE(waiting.passive());
    ASSERT_FALSE(affinityCpus().empty());
    EXPECT_GE(threadsOfThisProcess(), before + affinityCpus().size() + 1)
        << "libgomp counts the parked team: more threads than CPUs make every team wait asleep";
    waiting.set(true);  // no second team
    waiting.set(false);
    EXPECT_FALSE(waiting.passive());
  }
  // libgomp's pool threads end on their own once released
  for (int i = 0; i < 200 && threadsOfThisProcess() > before; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(threadsOfThisProcess(), before);
}

}  // namespace
}  // namespace trainscope
