// A run on several local processes, for the app: `trainscope-cli train --nproc N
// --events -` as a child, its event stream parsed back into the engine's events, so the
// Train page follows it as it follows a run in the app's own process. Stop sends
// SIGTERM to the launcher, which stops every rank at the same step with a checkpoint.
#pragma once

#include "engine/config/config.h"
#include "engine/run/event_queue.h"

#include <nlohmann/json.hpp>

#include <QObject>
#include <QString>

#include <memory>

class QProcess;

namespace trainscope::ui {

class ProcessRun : public QObject {
  Q_OBJECT
 public:
  ~ProcessRun() override;
  // Starts the run; nullptr and `error` when the CLI is missing or cannot start.
  static std::unique_ptr<ProcessRun> start(const ExperimentConfig& config, int processes, QString* error);

  EventQueue& events() { return events_; }
  QString runDir() const { return runDir_; }
  bool finished() const { return finished_; }
  void stop();
  // Waits up to timeoutMs for the launcher to end (after stop()).
  bool waitFinished(int timeoutMs);

 private:
  ProcessRun() = default;
  void readEvents();
  void ended(int exitCode);

  QProcess* process_ = nullptr;
  QString configPath_, runDir_, stderrTail_;
  EventQueue events_;
  bool finished_ = false, sawEnd_ = false;
};

}  // namespace trainscope::ui
