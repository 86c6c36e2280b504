#include "engine/system/thread_governor.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace trainscope {

namespace {

constexpr const char* kContext = "trainscope::Threads";
constexpr double kPressureToShrink = 0.10;  // some task waited for a CPU a tenth of the time
constexpr int kWindowsToShrink = 2, kWindowsToGrow = 3;

std::string oneDecimal(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", v);
  return text;
}

std::string pressureText(double pressure) {
  if (pressure < 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.0f%%", pressure * 100);
  return text;
}

}  // namespace

ThreadGovernor::ThreadGovernor(int most, ThreadCountRule rule)
    : most_(std::max(1, most)), rule_(rule), threads_(most_) {}

// The threads the cores that other work leaves free can hold. Shrinking takes half a core
// of slack, growing a quarter: between them a run that shares the CPUs with another that
// adapts too (whose loader workers count as other work) settles instead of swinging.
int ThreadGovernor::fit(const CpuWindow& w, double slack) const {
  const double free = static_cast<double>(w.cpus) - w.others_busy;
  return std::clamp(static_cast<int>(std::floor(free + slack)), 1, most_);
}

// Its threads, and whether they wait asleep, when `fitted` threads fit (`capacity`: the
// threads it would hold on an idle machine, its count within its CPUs).
ThreadGovernor::Target ThreadGovernor::target(int fitted, int capacity) const {
  const int threads = rule_ == ThreadCountRule::Adapts ? fitted : most_;
  return {threads, fitted < capacity && threads > 1};
}

std::optional<ThreadDecision> ThreadGovernor::observe(const CpuWindow& w) {
  if (most_ == 1 || w.seconds <= 0) return std::nullopt;  // no team: nothing waits
  const int capacity = std::min(most_, std::max(1, w.cpus));
  const int shrinkFit = fit(w, 0.5), growFit = fit(w, 0.25);
  const Target shrink = target(shrinkFit, capacity), grow = target(growFit, capacity);
  const bool less = shrink.threads < threads_ || (shrink.threads == threads_ && shrink.passive && !passive_);
  const bool more = grow.threads > threads_ || (grow.threads == threads_ && !grow.passive && passive_);
  if (less && (w.pressure < 0 || w.pressure >= kPressureToShrink)) {
    wantedMore_ = 0;
    pendingFit_ = wantedLess_++ == 0 ? shrinkFit : std::max(pendingFit_, shrinkFit);
  } else if (more && !less) {
    wantedLess_ = 0;
    pendingFit_ = wantedMore_++ == 0 ? growFit : std::min(pendingFit_, growFit);
  } else {
    wantedLess_ = wantedMore_ = 0;
    return std::nullopt;
  }
  if (wantedLess_ < kWindowsToShrink && wantedMore_ < kWindowsToGrow) return std::nullopt;
  const bool shrinking = wantedLess_ > 0;
  wantedLess_ = wantedMore_ = 0;
  const int before = threads_;
  const Target now = target(pendingFit_, capacity);
  threads_ = now.threads, passive_ = now.passive;
  return ThreadDecision{threads_, passive_, why(before, shrinking, w)};
}

// What changed and what it measured, for the run's log.
Message ThreadGovernor::why(int before, bool shrinking, const CpuWindow& w) const {
  const std::string cpus = std::to_string(w.cpus), others = oneDecimal(w.others_busy);
  if (threads_ < before)
    return {kContext,
            QT_TRANSLATE_NOOP("trainscope::Threads",
                              "fewer threads, %1 → %2: other work used %3 of the %4 CPUs this run may run on "
                              "(CPU pressure %5)"),
            {std::to_string(before), std::to_string(threads_), others, cpus, pressureText(w.pressure)}};
  if (threads_ > before)
    return {kContext,
            QT_TRANSLATE_NOOP("trainscope::Threads",
                              "more threads, %1 → %2: other work now uses %3 of the %4 CPUs this run may run on"),
            {std::to_string(before), std::to_string(threads_), others, cpus}};
  if (shrinking)
    return {kContext,
            QT_TRANSLATE_NOOP("trainscope::Threads",
                              "keeps %1 threads and makes them wait asleep between ops: other work used %2 of the "
                              "%3 CPUs this run may run on (CPU pressure %4)"),
            {std::to_string(threads_), others, cpus, pressureText(w.pressure)}};
  return {kContext,
          QT_TRANSLATE_NOOP("trainscope::Threads",
                            "%1 threads spin between ops again: other work now uses %2 of the %3 CPUs"),
          {std::to_string(threads_), others, cpus}};
}

Message ThreadGovernor::policy() const {
  const std::string n = std::to_string(most_);
  if (most_ == 1) return {};
  switch (rule_) {
    case ThreadCountRule::Adapts:
      return {kContext,
              QT_TRANSLATE_NOOP("trainscope::Threads",
                                "threads adapt to other work on this machine: fewer while it holds the CPUs, back "
                                "up to %1 when they free up"),
              {n}};
    case ThreadCountRule::Deterministic:
      return {kContext,
              QT_TRANSLATE_NOOP("trainscope::Threads",
                                "deterministic: keeps %1 threads whatever else runs (their count changes what it "
                                "computes); they wait asleep between ops while other work holds the CPUs"),
              {n}};
    case ThreadCountRule::Set: break;
  }
  return {kContext,
          QT_TRANSLATE_NOOP("trainscope::Threads",
                            "threads is set to %1: keeps them whatever else runs; they wait asleep between ops while "
                            "other work holds the CPUs"),
          {n}};
}

}  // namespace trainscope
