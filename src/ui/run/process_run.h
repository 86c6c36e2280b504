// A run on several local processes, for the app: `trainscope-cli train --nproc N
// --events -` as a child (run/cli_child.h), its event stream parsed back into the
// engine's events, so the Train page follows it as it follows a run in the app's own
// process. Stop sends SIGTERM to the launcher, which stops every rank at the same step
// with a checkpoint.
#pragma once

#include "engine/config/config.h"
#include "engine/run/event_queue.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

namespace trainscope::ui {

class CliChild;

class ProcessRun : public QObject {
  Q_OBJECT
 public:
  ~ProcessRun() override;
  // Starts the run; nullptr and `error` when the CLI is missing or cannot start.
  static std::unique_ptr<ProcessRun> start(const ExperimentConfig& config, int processes, QString* error);
  // Resumes a recorded run of that many processes (`overrides` as KEY=VALUE).
  static std::unique_ptr<ProcessRun> resume(const QString& runDir, const QStringList& overrides, int processes,
                                            QString* error);

  EventQueue& events() { return events_; }
  QString runDir() const;
  bool finished() const { return finished_; }
  void stop();
  // Waits up to timeoutMs for the launcher to end (after stop()).
  bool waitFinished(int timeoutMs);

 private:
  ProcessRun() = default;
  // Follows a started child's events; nullptr and `error` when it did not start.
  static std::unique_ptr<ProcessRun> follow(std::unique_ptr<CliChild> child, QString* error);
  void ended(int exitCode);

  std::unique_ptr<CliChild> child_;
  EventQueue events_;
  bool finished_ = false, sawEnd_ = false;
};

}  // namespace trainscope::ui
