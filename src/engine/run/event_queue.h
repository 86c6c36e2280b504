// The engine publishes here; a consumer (UI timer, CLI loop) drains at its own pace.
// push() never blocks on the consumer: progress updates coalesce into the latest one,
// log lines and step metrics are bounded (overflow is counted and reported), and
// run/epoch/state/error events are never dropped. The run record on disk always has
// every step, whatever a slow consumer missed.
#pragma once

#include "engine/run/events.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>

namespace trainscope {

class EventQueue {
 public:
  explicit EventQueue(size_t maxPendingSteps = 1'000'000, size_t maxPendingLogs = 10'000);

  void push(Event e);
  // Everything pending, in order; a note about dropped events comes first if any.
  std::deque<Event> drain();
  // Waits until something is pending or the timeout passes.
  bool waitFor(std::chrono::milliseconds timeout);
  size_t pending() const;
  size_t droppedSteps() const;

 private:
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Event> events_;
  size_t maxSteps_, maxLogs_;
  size_t pendingSteps_ = 0, pendingLogs_ = 0;
  size_t droppedSteps_ = 0, droppedLogs_ = 0, reportedSteps_ = 0, reportedLogs_ = 0;
  std::ptrdiff_t progressSlot_ = -1;  // index of the pending Progress, if any
};

}  // namespace trainscope
