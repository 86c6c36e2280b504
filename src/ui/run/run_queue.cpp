#include "ui/run/run_queue.h"

#include "engine/run/event_json.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

#include <QStandardPaths>
#include <QThread>
#include <atomic>

#include <algorithm>

namespace trainscope::ui {

RunQueue::RunQueue(QObject* parent) : QObject(parent) {}

RunQueue::~RunQueue() { cancel(); }

QString RunQueue::cliPath() {
  const QString here = QCoreApplication::applicationDirPath();
  for (const QString& candidate :
       {here + "/trainscope-cli", here + "/../cli/trainscope-cli", here + "/../src/cli/trainscope-cli"})
    if (QFileInfo(candidate).isExecutable()) return QFileInfo(candidate).canonicalFilePath();
  return QStandardPaths::findExecutable("trainscope-cli");
}

void RunQueue::setParallel(int runs) {
  parallel_ = std::clamp(runs, 1, 2);
  startNext();
}

void RunQueue::enqueue(const ExperimentConfig& config, const QString& label) {
  Job job;
  job.config = config;
  job.label = label;
  if (idle()) batchSize_ = batchDone_ = batchFailed_ = 0;  // a new batch
  ++batchSize_;
  waiting_.push_back(std::move(job));
  emit changed();
  startNext();
}

void RunQueue::cancel() {
  waiting_.clear();
  for (auto& job : running_) {
    if (!job.process) continue;
    job.process->disconnect(this);
    job.process->terminate();  // SIGTERM: the CLI stops after the current step, keeping the record
    if (!job.process->waitForFinished(5000)) job.process->kill();
    QFile::remove(job.configPath);
    job.process->deleteLater();
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

RunQueue::Job RunQueue::finish(QProcess* process) {
  Job done;
  for (auto it = running_.begin(); it != running_.end(); ++it)
    if (it->process == process) {
      done = std::move(*it);
      QFile::remove(done.configPath);
      running_.erase(it);
      break;
    }
  process->deleteLater();
  return done;
}

RunQueue::Job* RunQueue::runningJob(QProcess* process) {
  for (auto& j : running_)
    if (j.process == process) return &j;
  return nullptr;
}

QString RunQueue::writeConfigFile(const nlohmann::json& config, QString* error) {
  static std::atomic<int> counter{0};
  const QString path = QDir::temp().filePath(
      QString("trainscope-run-%1-%2.json").arg(QCoreApplication::applicationPid()).arg(++counter));
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) {
    if (error) *error = tr("cannot write %1").arg(path);
    return {};
  }
  file.write(QByteArray::fromStdString(config.dump(2)));
  return path;
}

void RunQueue::startNext() {
  const QString cli = cliPath();
  while (!waiting_.empty() && static_cast<int>(running_.size()) < parallel_) {
    Job job = std::move(waiting_.front());
    waiting_.pop_front();
    if (cli.isEmpty()) {
      emit failedToStart(job.label, tr("trainscope-cli was not found next to the app"));
      continue;
    }
    // Two at once: each gets half the cores, so neither starves the other.
    if (parallel_ > 1) job.config.threads = std::max(1, QThread::idealThreadCount() / parallel_);
    QString error;
    job.configPath = writeConfigFile(toJson(job.config), &error);  // where the config leaves the process
    if (job.configPath.isEmpty()) {
      emit failedToStart(job.label, error);
      continue;
    }
    auto* process = new QProcess(this);
    job.process = process;
    const QString label = job.label;
    // The CLI's stdout is its event stream (--events -): one JSON object per line.
    connect(process, &QProcess::readyReadStandardOutput, this, [this, process, label] {
      while (process->canReadLine()) {
        const auto line = nlohmann::json::parse(process->readLine().toStdString(), nullptr, /*allow_exceptions=*/false);
        Job* job = runningJob(process);  // looked up per line: a slot may have changed the queue
        if (!job) return;
        if (const auto dir = runFolderFromJson(line); dir && job->runDir.isEmpty()) {
          job->runDir = QString::fromStdString(*dir);
          emit runStarted(label, job->runDir);
          continue;
        }
        const auto event = eventFromJson(line);
        if (!event) continue;
        // What the user is told when it fails: the run's first error (later ones are
        // often its consequences), else the NaN guard, else the last error logged.
        if (const auto* error = std::get_if<RunError>(&*event))
          job->noteError(3, QString::fromStdString(error->message).replace('\n', "; "));
        else if (const auto* guard = std::get_if<GuardTripped>(&*event))
          job->noteError(2, tr("NaN guard at step %1: %2").arg(guard->step).arg(QString::fromStdString(guard->what)));
        else if (const auto* log = std::get_if<LogLine>(&*event); log && log->level == LogLevel::Error)
          job->noteError(1, QString::fromStdString(log->text));
      }
    });
    connect(process, &QProcess::readyReadStandardError, this, [this, process] {
      // What the stream did not say (a crash, say): the last line of stderr.
      const QStringList lines = QString::fromUtf8(process->readAllStandardError()).split('\n', Qt::SkipEmptyParts);
      Job* job = runningJob(process);
      if (job && job->lastError.isEmpty() && !lines.isEmpty()) job->stderrTail = lines.back().trimmed();
    });
    connect(process, &QProcess::finished, this, [this, process, label](int code) {
      const Job done = finish(process);
      const QString message = done.lastError.isEmpty() ? done.stderrTail : done.lastError;
      emit runEnded(label, done.runDir, code, code == 0 ? QString() : message);
      jobEnded(code == 0);
    });
    connect(process, &QProcess::errorOccurred, this, [this, process, label](QProcess::ProcessError e) {
      if (e != QProcess::FailedToStart) return;  // finished() follows the other errors
      finish(process);
      emit failedToStart(label, tr("trainscope-cli could not start"));
      jobEnded(false);
    });
    running_.push_back(std::move(job));
    process->start(cli, {"train", "-q", "--events", "-", "--config", running_.back().configPath});
    emit changed();
  }
}

}  // namespace trainscope::ui
