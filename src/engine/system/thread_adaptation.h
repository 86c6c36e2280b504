// A run's threads fitted to the machine as it is, between its steps: twice a second
// it measures what other work did with its CPUs (cpu_contention.h), asks the governor
// (thread_governor.h) and applies the answer to LibTorch's intra-op threads and to how
// OpenMP waits (passive_waiting.h). The trainer logs what it returns. No torch in this
// header.
#pragma once

#include "engine/run/message.h"
#include "engine/system/cpu_contention.h"
#include "engine/system/passive_waiting.h"
#include "engine/system/thread_governor.h"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace trainscope {

class ThreadAdaptation {
 public:
  using Clock = std::chrono::steady_clock;
  // `setThreads` applies a count (configureThreads in a run); `window` is how often it measures.
  ThreadAdaptation(int threads, ThreadCountRule rule, std::unique_ptr<CpuContentionSource> source,
                   std::function<void(int)> setThreads, Clock::duration window = std::chrono::milliseconds(500));
  // Between two steps: a message when it changed something.
  std::optional<Message> betweenSteps(Clock::time_point now = Clock::now());
  // What it does, for the run's log at the start (empty with one thread).
  Message policy() const { return governor_.policy(); }
  int threads() const { return governor_.threads(); }
  bool passive() const { return governor_.passive(); }

 private:
  ThreadGovernor governor_;
  std::unique_ptr<CpuContentionSource> source_;
  std::function<void(int)> setThreads_;
  PassiveWaiting waiting_;
  Clock::duration window_;
  Clock::time_point windowStart_;
  bool active_ = false;
};

// The rule for a run: threads 0 adapts, unless deterministic; a set count is kept.
ThreadCountRule threadCountRule(int configuredThreads, bool deterministic);

}  // namespace trainscope
