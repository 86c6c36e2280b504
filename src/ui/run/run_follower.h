// A run folder followed live, whoever writes it: every second the folder's new rows are
// read off the GUI thread (engine/record/run_follow.h) and queued as the events a run in
// the app sends, so TrainingController drains them as it drains its own run's.
// Read-only: nothing in the folder is written (a run whose writer is gone is repaired
// by the run listing, as everywhere).
#pragma once

#include "engine/record/run_follow.h"
#include "engine/run/event_queue.h"

#include <QObject>
#include <QString>
#include <QTimer>

namespace trainscope::ui {

class RunFollower : public QObject {
  Q_OBJECT
 public:
  explicit RunFollower(const QString& runDir, QObject* parent = nullptr);
  EventQueue& events() { return events_; }
  QString runDir() const { return dir_; }
  // The run is over, or following stopped: the queue holds its last events.
  bool finished() const { return finished_; }
  // Stops following (the run itself goes on): ends with a Stopped state.
  void stop();

 private:
  void poll();
  QString dir_;
  QTimer timer_;
  FollowCursor cursor_;
  EventQueue events_;
  bool reading_ = false, finished_ = false;
};

}  // namespace trainscope::ui
