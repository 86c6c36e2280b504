// One trainscope-cli child that trains: an experiment, with the config written to a
// file of its own (where it leaves the process), `trainscope-cli train -q --events -
// --config FILE`; or a recorded run resumed, `trainscope-cli resume RUN -q --events -`.
// Its stdout is followed as the engine's events (JSON Lines, run/event_json.h). The run
// queue and multi-process runs (ProcessRun) both start their runs this way.
#pragma once

#include "engine/config/config.h"
#include "engine/run/events.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class QProcess;

namespace trainscope::ui {

class CliChild : public QObject {
  Q_OBJECT
 public:
  // Starts the child; nullptr and `error` when the CLI is missing or the config file
  // cannot be written. `extraArgs` go after `train` (for example --nproc 2).
  static std::unique_ptr<CliChild> start(const ExperimentConfig& config, const QStringList& extraArgs, QString* error);
  // Resumes the run in `runDir` (`overrides` as --set KEY=VALUE, e.g. more epochs);
  // nullptr and `error` when the CLI is missing.
  static std::unique_ptr<CliChild> resume(const QString& runDir, const QStringList& overrides,
                                          const QStringList& extraArgs, QString* error);
  // Stops the child if it still runs (SIGTERM, then SIGKILL after `kStopGraceMs`)
  // and removes its config file.
  ~CliChild() override;
  static constexpr int kStopGraceMs = 30000;

  // Each event of the stream, on the GUI thread, in order. Set before the loop runs.
  std::function<void(Event&&)> onEvent;

  // `json` in a temporary file of its own (trainscope-STEM-PID-N.json) for a child to
  // read; "" and `error` when it cannot be written.
  static QString writeTemporaryJson(const QString& stem, const nlohmann::json& json, QString* error);

  // The trainscope-cli next to the app (build tree or install), or "" when not found.
  static QString cliPath();

  bool waitForStarted(int timeoutMs);
  // SIGTERM: the CLI stops after the current step, keeping its record and a checkpoint.
  void stop();
  void kill();
  // Waits up to timeoutMs for the child to end; true when it has (ended() was emitted).
  bool waitFinished(int timeoutMs);
  bool running() const;
  QString runDir() const { return runDir_; }
  // The last line on stderr: what a child that died without saying so said last.
  QString stderrTail() const { return stderrTail_; }

 signals:
  void runFolderKnown(const QString& runDir);
  // After the last event; exitCode 0 when the run finished.
  void ended(int exitCode);
  // The process could not be started (ended() does not follow).
  void failedToStart(const QString& message);

 private:
  CliChild() = default;
  // Starts `trainscope-cli ARGS`; nullptr and `error` when the CLI is missing.
  static std::unique_ptr<CliChild> launch(const QStringList& args, const QString& configPath, QString* error);
  void readEvents();
  void finish(int exitCode);

  QProcess* process_ = nullptr;
  QString configPath_, runDir_, stderrTail_;
  bool ended_ = false;
};

}  // namespace trainscope::ui
