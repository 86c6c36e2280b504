// Commands from another thread, honoured by the trainer between steps.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>

#include "engine/config/config.h"

namespace trainscope {

class RunControl {
 public:
  void requestStop() {
    stop_ = true;
    wake();
  }
  void requestPause() { paused_ = true; }
  void requestResume() {
    paused_ = false;
    wake();
  }
  // Pauses by itself once this many optimizer steps are done (a breakpoint); -1 = none.
  void pauseAtStep(int64_t step) { pauseAtStep_ = step; }
  // Whether the run will be paused once optimizer step `step` is done (a data-parallel
  // run agrees on it during the step).
  bool pausesAfter(int64_t step) const { return paused_ || step == pauseAtStep_ || pauseAfterNextStep_; }
  void stepDone(int64_t step) {
    if (step == pauseAtStep_ || pauseAfterNextStep_.exchange(false)) paused_ = true;
  }
  // While paused: one more step, with a snapshot of what each layer made of the batch's
  // first image ("step one batch"), then paused again.
  void stepOnce() {
    snapshot_ = true;
    stepping_ = true;
    pauseAfterNextStep_ = true;
    requestResume();
  }
  // Whether the pause or resume at hand is a stepOnce's (said once, not as two lines).
  bool stepping() const { return stepping_; }
  void stepTaken() { stepping_ = false; }
  bool takeSnapshotRequest() { return snapshot_.exchange(false); }
  // Saves tensors at the next step (a later request replaces one not yet honoured).
  void requestTensorDump(TensorDumpRequest request) {
    std::lock_guard<std::mutex> lock(mutex_);
    tensorDump_ = std::move(request);
  }
  std::optional<TensorDumpRequest> takeTensorDump() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::optional<TensorDumpRequest> out;
    out.swap(tensorDump_);
    return out;
  }
  bool stopRequested() const { return stop_; }
  bool pauseRequested() const { return paused_; }

  // Blocks while paused (until resumed or stopped). Returns the seconds spent paused.
  double waitWhilePaused(const std::function<void(bool paused)>& notify) {
    if (!paused_ || stop_) return 0.0;
    const auto start = std::chrono::steady_clock::now();
    if (notify) notify(true);
    {
      std::unique_lock<std::mutex> lock(mutex_);
      cv_.wait(lock, [&] { return !paused_ || stop_; });
    }
    if (notify && !stop_) notify(false);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

 private:
  void wake() {
    std::lock_guard<std::mutex> lock(mutex_);
    cv_.notify_all();
  }
  std::atomic<bool> stop_{false}, paused_{false};
  std::atomic<int64_t> pauseAtStep_{-1};
  std::atomic<bool> pauseAfterNextStep_{false}, snapshot_{false}, stepping_{false};
  std::optional<TensorDumpRequest> tensorDump_;
  std::mutex mutex_;
  std::condition_variable cv_;
};

}  // namespace trainscope
