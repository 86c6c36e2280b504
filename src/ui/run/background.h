// The app's background work and its thread policy, one pattern for all of it:
// - the work runs on QtConcurrent's pool (runInBackground) and its result comes back
//   on the GUI thread through a QFutureWatcher;
// - it reports progress and learns of a cancel through a BackgroundProgress it shares
//   with the GUI: the work writes counts and polls cancelled(), the GUI reads the counts
//   on a timer (ProgressTicker), never a signal per item.
// LibTorch called from the pool runs on the pool's thread alone (useOneComputeThread),
// so that a run's compute threads stay the process's only OpenMP team and keep
// spinning between ops (docs/benchmarks.md, the app against the CLI). Work that wants
// more threads (predicting, exporting) asks for appComputeThreads() itself.
#pragma once

#include "engine/system/threads.h"
#include "engine/system/usable_cores.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QThread>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace trainscope::ui {

// LibTorch threads for work the app runs (the LR finder, export, predict): the cores
// this process may use (its CPU affinity and cgroup quota), as the CLI's threads: 0.
// The GUI needs under a tenth of one, and takes it at once (a run's threads run below it).
inline int appComputeThreads() { return usableCores().count; }
// How much lower than the GUI thread a run's threads run (nice): the GUI wins a core
// the moment it wakes (docs/benchmarks.md, the app stays responsive).
constexpr int kRunNiceness = 5;

template <typename Work>
auto runInBackground(Work&& work) {
  return QtConcurrent::run([work = std::forward<Work>(work)]() mutable {
    useOneComputeThread();
    return work();
  });
}

// Runs `work` in the background and hands its result to `done` on the GUI thread (moved,
// not copied: a million-point curve costs the GUI thread nothing); not at all when
// `context` is gone by then (the work still runs to its end).
template <typename Work, typename Done>
void runInBackground(QObject* context, Work&& work, Done&& done) {
  using Result = decltype(work());
  auto* watcher = new QFutureWatcher<Result>(context);
  QObject::connect(watcher, &QFutureWatcher<Result>::finished, context,
                   [watcher, done = std::forward<Done>(done)]() mutable {
                     watcher->deleteLater();
                     done(watcher->future().takeResult());
                   });
  watcher->setFuture(runInBackground(std::forward<Work>(work)));
}

// Progress and cancel between one piece of background work and the GUI.
class BackgroundProgress {
 public:
  // The work's side, in the shape of the engine's progress callbacks: false once
  // the GUI has cancelled, so the work stops at its next item.
  bool report(int64_t done, int64_t total) {
    done_ = done, total_ = total;
    return !cancelled();
  }
  bool report(int64_t done, int64_t total, const std::string& note) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      note_ = note;
    }
    return report(done, total);
  }
  bool cancelled() const { return cancelled_.load(); }

  // The GUI's side.
  void cancel() { cancelled_ = true; }
  int64_t done() const { return done_.load(); }
  int64_t total() const { return total_.load(); }
  QString note() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return QString::fromStdString(note_);
  }

 private:
  std::atomic<int64_t> done_{0}, total_{0};
  std::atomic<bool> cancelled_{false};
  mutable std::mutex mutex_;
  std::string note_;
};

// Shows a BackgroundProgress on the GUI thread: `show(done, total, note)` every
// 200 ms from follow() until stop(), and once more at stop() with the last counts.
class ProgressTicker : public QObject {
 public:
  using Show = std::function<void(int64_t done, int64_t total, const QString& note)>;
  ProgressTicker(Show show, QObject* parent) : QObject(parent), show_(std::move(show)) {
    timer_.setInterval(200);
    connect(&timer_, &QTimer::timeout, this, [this] { tick(); });
  }
  // A fresh progress for new work (an earlier one's cancel does not carry over).
  std::shared_ptr<BackgroundProgress> follow() {
    progress_ = std::make_shared<BackgroundProgress>();
    timer_.start();
    return progress_;
  }
  void stop() {
    if (!timer_.isActive()) return;
    timer_.stop();
    tick();
  }
  // Cancels the work followed now, if any.
  void cancel() {
    if (progress_) progress_->cancel();
  }

 private:
  void tick() {
    if (progress_ && show_) show_(progress_->done(), progress_->total(), progress_->note());
  }
  QTimer timer_;
  Show show_;
  std::shared_ptr<BackgroundProgress> progress_;
};

}  // namespace trainscope::ui
