#include "ui/run/process_run.h"

#include "ui/run/cli_child.h"

namespace trainscope::ui {

std::unique_ptr<ProcessRun> ProcessRun::start(const ExperimentConfig& config, int processes, QString* error) {
  return follow(CliChild::start(config, {"--nproc", QString::number(processes)}, error), error);
}

std::unique_ptr<ProcessRun> ProcessRun::resume(const QString& runDir, const QStringList& overrides, int processes,
                                               QString* error) {
  return follow(CliChild::resume(runDir, overrides, {"--nproc", QString::number(processes)}, error), error);
}

std::unique_ptr<ProcessRun> ProcessRun::follow(std::unique_ptr<CliChild> child, QString* error) {
  if (!child) return nullptr;
  std::unique_ptr<ProcessRun> run(new ProcessRun());
  run->child_ = std::move(child);
  ProcessRun* self = run.get();
  self->child_->onEvent = [self](Event&& event) {
    if (const auto* s = std::get_if<StateChanged>(&event); s && isFinal(s->state)) self->sawEnd_ = true;
    self->events_.push(std::move(event));
  };
  connect(self->child_.get(), &CliChild::ended, self, &ProcessRun::ended);
  if (!self->child_->waitForStarted(10000)) {
    if (error) *error = CliChild::tr("trainscope-cli could not start");
    return nullptr;
  }
  return run;
}

ProcessRun::~ProcessRun() {
  // The child stops cleanly (or is killed after its grace) with nobody left to tell.
  child_->onEvent = nullptr;
  child_->disconnect(this);
}

QString ProcessRun::runDir() const { return child_->runDir(); }

void ProcessRun::ended(int exitCode) {
  // A launcher that ended without the run saying so (a crash, a rank killed before
  // its first step): the page is told, with what stderr said last.
  if (!sawEnd_) {
    const QString tail = child_->stderrTail();
    const std::string why =
        tail.isEmpty() ? "trainscope-cli ended with code " + std::to_string(exitCode) : tail.toStdString();
    events_.push(RunError{why});
    events_.push(StateChanged{RunState::Failed, why, {}});
  }
  finished_ = true;
}

void ProcessRun::stop() { child_->stop(); }

bool ProcessRun::waitFinished(int timeoutMs) { return child_->waitFinished(timeoutMs) && finished_; }

}  // namespace trainscope::ui
