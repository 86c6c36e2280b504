#include "engine/run/event_queue.h"

#include <string>

namespace trainscope {

const char* toString(RunState s) {
  switch (s) {
    case RunState::Starting: return "starting";
    case RunState::Running: return "running";
    case RunState::Paused: return "paused";
    case RunState::Finished: return "finished";
    case RunState::Stopped: return "stopped";
    case RunState::Failed: return "failed";
  }
  return "unknown";
}

EventQueue::EventQueue(size_t maxPendingSteps, size_t maxPendingLogs)
    : maxSteps_(maxPendingSteps), maxLogs_(maxPendingLogs) {}

void EventQueue::push(Event e) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (std::holds_alternative<Progress>(e)) {
      // Only the latest progress matters; it moves to the end so it never overtakes
      // the events pushed before it (an epoch summary, say).
      if (progressSlot_ >= 0) events_.erase(events_.begin() + progressSlot_);
      progressSlot_ = static_cast<std::ptrdiff_t>(events_.size());
    } else if (std::holds_alternative<StepMetrics>(e) || std::holds_alternative<ProbeSample>(e)) {
      if (pendingSteps_ >= maxSteps_) {
        ++droppedSteps_;
        return;
      }
      ++pendingSteps_;
    } else if (std::holds_alternative<LogLine>(e)) {
      if (pendingLogs_ >= maxLogs_) {
        ++droppedLogs_;
        return;
      }
      ++pendingLogs_;
    }
    events_.push_back(std::move(e));
  }
  cv_.notify_one();
}

std::deque<Event> EventQueue::drain() {
  std::deque<Event> out;
  std::lock_guard<std::mutex> lock(mutex_);
  out.swap(events_);
  pendingSteps_ = pendingLogs_ = 0;
  progressSlot_ = -1;
  if (droppedSteps_ > reportedSteps_ || droppedLogs_ > reportedLogs_) {
    LogLine note;
    note.level = LogLevel::Warning;
    note.text = "the consumer fell behind: " + std::to_string(droppedSteps_ - reportedSteps_) + " step metrics and " +
                std::to_string(droppedLogs_ - reportedLogs_) +
                " log lines were not delivered live (metrics.h5 has every step)";
    out.emplace_front(std::move(note));
    reportedSteps_ = droppedSteps_;
    reportedLogs_ = droppedLogs_;
  }
  return out;
}

bool EventQueue::waitFor(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  return cv_.wait_for(lock, timeout, [&] { return !events_.empty(); });
}

size_t EventQueue::pending() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return events_.size();
}

size_t EventQueue::droppedSteps() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return droppedSteps_;
}

}  // namespace trainscope
