#include "ui/run/run_follower.h"

#include "ui/run/background.h"

namespace trainscope::ui {

namespace {
constexpr int kPollMs = 1000;  // with the writer's 1-2 s flushes: shown within 2 s
}

RunFollower::RunFollower(const QString& runDir, QObject* parent) : QObject(parent), dir_(runDir) {
  timer_.setInterval(kPollMs);
  connect(&timer_, &QTimer::timeout, this, &RunFollower::poll);
  timer_.start();
  poll();
}

void RunFollower::poll() {
  if (reading_ || finished_) return;
  reading_ = true;
  runInBackground(
      this, [dir = dir_.toStdString(), cursor = cursor_] { return readRunSince(dir, cursor); },
      [this](FollowBatch batch) {
        reading_ = false;
        if (finished_) return;  // stopped meanwhile
        cursor_ = batch.next;
        for (auto& e : batch.events) events_.push(std::move(e));
        if (batch.ended) {
          finished_ = true;
          timer_.stop();
        }
      });
}

void RunFollower::stop() {
  if (finished_) return;
  finished_ = true;
  timer_.stop();
  events_.push(StateChanged{RunState::Stopped, "no longer followed (the run itself goes on)", {}});
}

}  // namespace trainscope::ui
