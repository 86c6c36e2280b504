#include "ui/run/run_queue.h"

#include "ui/run/cli_child.h"
#include "ui/run/guard_report.h"

#include "engine/system/usable_cores.h"

#include <algorithm>

namespace trainscope::ui {

RunQueue::RunQueue(QObject* parent) : QObject(parent) {}

RunQueue::~RunQueue() { cancel(); }

void RunQueue::setParallel(int runs) {
  parallel_ = std::clamp(runs, 1, 2);
  startNext();
}

void RunQueue::enqueue(const ExperimentConfig& config, const QString& label) {
  Job job;
  job.config = config;
  job.label = label;
  if (idle()) batchSize_ = batchDone_ = batchFailed_ = 0, endedEarly_.clear();  // a new batch
  ++batchSize_;
  waiting_.push_back(std::move(job));
  emit changed();
  startNext();
}

void RunQueue::cancel() {
  waiting_.clear();
  for (auto& job : running_) {
    job.child->disconnect(this);
    job.child->onEvent = nullptr;
    job.child->stop();  // the CLI stops after the current step, keeping the record
    if (!job.child->waitFinished(5000)) job.child->kill();
    job.child->deleteLater();
  }
  running_.clear();
  emit changed();
}

QStringList RunQueue::runningLabels() const {
  QStringList out;
  for (const auto& job : running_) out << job.label;
  return out;
}

void RunQueue::jobEnded(bool ok) {
  ++batchDone_;
  if (!ok) ++batchFailed_;
  emit changed();
  startNext();
  if (idle()) emit batchFinished(batchSize_, batchFailed_);
}

RunQueue::Job RunQueue::finish(CliChild* child) {
  Job done;
  for (auto it = running_.begin(); it != running_.end(); ++it)
    if (it->child == child) {
      done = std::move(*it);
      running_.erase(it);
      break;
    }
  child->onEvent = nullptr;
  child->deleteLater();
  return done;
}

RunQueue::Job* RunQueue::runningJob(CliChild* child) {
  for (auto& j : running_)
    if (j.child == child) return &j;
  return nullptr;
}

void RunQueue::startNext() {
  while (!waiting_.empty() && static_cast<int>(running_.size()) < parallel_) {
    Job job = std::move(waiting_.front());
    waiting_.pop_front();
    // Two at once: each gets half the cores, so neither starves the other.
    if (parallel_ > 1) job.config.threads = std::max(1, usableCores().count / parallel_);
    if (startJob(std::move(job))) emit changed();
  }
}

bool RunQueue::startJob(Job job) {
  QString error;
  std::unique_ptr<CliChild> started = CliChild::start(job.config, {}, &error);
  if (!started) {
    emit failedToStart(job.label, error);
    return false;
  }
  CliChild* child = job.child = started.release();
  child->setParent(this);
  const QString label = job.label;
  connect(child, &CliChild::runFolderKnown, this, [this, child, label](const QString& dir) {
    if (Job* job = runningJob(child)) job->runDir = dir;
    emit runStarted(label, dir);
  });
  child->onEvent = [this, child](Event&& event) {
    Job* job = runningJob(child);
    if (!job) return;
    // What the user is told when it fails: the run's first error (later ones are
    // often its consequences), else the NaN guard, else the last error logged.
    if (const auto* error = std::get_if<RunError>(&event))
      job->noteError(3, QString::fromStdString(error->message).replace('\n', "; "));
    else if (const auto* guard = std::get_if<GuardTripped>(&event))
      job->noteError(2, tr("the NaN guard stopped it. %1").arg(GuardReport::text(*guard)));
    else if (const auto* log = std::get_if<LogLine>(&event); log && log->level == LogLevel::Error)
      job->noteError(1, QString::fromStdString(log->text));
  };
  connect(child, &CliChild::ended, this, [this, child, label](int code) {
    const Job done = finish(child);
    // What the stream did not say (a crash, say): the last line of stderr.
    const QString message = done.lastError.isEmpty() ? child->stderrTail() : done.lastError;
    if (code != 0) endedEarly_ << tr("%1: %2").arg(label, message.isEmpty() ? tr("exit code %1").arg(code) : message);
    emit runEnded(label, done.runDir, code, code == 0 ? QString() : message);
    jobEnded(code == 0);
  });
  connect(child, &CliChild::failedToStart, this, [this, child, label](const QString& message) {
    finish(child);
    endedEarly_ << tr("%1: %2").arg(label, message);
    emit failedToStart(label, message);
    jobEnded(false);
  });
  running_.push_back(std::move(job));
  return true;
}

}  // namespace trainscope::ui
