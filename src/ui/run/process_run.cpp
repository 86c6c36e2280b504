#include "ui/run/process_run.h"

#include "engine/run/event_json.h"
#include "ui/run/run_queue.h"

#include <QFile>
#include <QProcess>

namespace trainscope::ui {

std::unique_ptr<ProcessRun> ProcessRun::start(const ExperimentConfig& config, int processes, QString* error) {
  const QString cli = RunQueue::cliPath();
  if (cli.isEmpty()) {
    if (error) *error = RunQueue::tr("trainscope-cli was not found next to the app");
    return nullptr;
  }
  std::unique_ptr<ProcessRun> run(new ProcessRun());
  run->configPath_ = RunQueue::writeConfigFile(toJson(config), error);  // where it leaves the process
  if (run->configPath_.isEmpty()) return nullptr;
  run->process_ = new QProcess(run.get());
  ProcessRun* self = run.get();
  connect(run->process_, &QProcess::readyReadStandardOutput, self, &ProcessRun::readEvents);
  connect(run->process_, &QProcess::readyReadStandardError, self, [self] {
    const QStringList lines = QString::fromUtf8(self->process_->readAllStandardError()).split('\n', Qt::SkipEmptyParts);
    if (!lines.isEmpty()) self->stderrTail_ = lines.back().trimmed();
  });
  connect(run->process_, &QProcess::finished, self, [self](int code) { self->ended(code); });
  run->process_->start(
      cli, {"train", "-q", "--events", "-", "--nproc", QString::number(processes), "--config", run->configPath_});
  if (!run->process_->waitForStarted(10000)) {
    if (error) *error = RunQueue::tr("trainscope-cli could not start");
    return nullptr;
  }
  return run;
}

ProcessRun::~ProcessRun() {
  if (process_ && process_->state() != QProcess::NotRunning) {
    stop();
    if (!process_->waitForFinished(30000)) process_->kill();
  }
  QFile::remove(configPath_);
}

void ProcessRun::readEvents() {
  while (process_->canReadLine()) {
    const auto line = nlohmann::json::parse(process_->readLine().toStdString(), nullptr, /*allow_exceptions=*/false);
    if (const auto dir = runFolderFromJson(line); dir && runDir_.isEmpty()) runDir_ = QString::fromStdString(*dir);
    auto event = eventFromJson(line);
    if (!event) continue;
    if (const auto* s = std::get_if<StateChanged>(&*event); s && isFinal(s->state)) sawEnd_ = true;
    events_.push(std::move(*event));
  }
}

void ProcessRun::ended(int exitCode) {
  readEvents();
  // A launcher that ended without the run saying so (a crash, a rank killed before
  // its first step): the page is told, with what stderr said last.
  if (!sawEnd_) {
    const std::string why = stderrTail_.isEmpty() ? "trainscope-cli ended with code " + std::to_string(exitCode)
                                                  : stderrTail_.toStdString();
    events_.push(RunError{why});
    events_.push(StateChanged{RunState::Failed, why, {}});
  }
  finished_ = true;
}

void ProcessRun::stop() {
  if (process_ && process_->state() != QProcess::NotRunning) process_->terminate();  // SIGTERM: stop cleanly
}

bool ProcessRun::waitFinished(int timeoutMs) {
  if (finished_) return true;
  process_->waitForFinished(timeoutMs);
  if (process_->state() == QProcess::NotRunning && !finished_) ended(process_->exitCode());
  return finished_;
}

}  // namespace trainscope::ui
