#include "ui/run/cli_child.h"

#include "engine/run/event_json.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <atomic>

namespace trainscope::ui {

QString CliChild::cliPath() {
  const QString here = QCoreApplication::applicationDirPath();
  for (const QString& candidate :
       {here + "/trainscope-cli", here + "/../cli/trainscope-cli", here + "/../src/cli/trainscope-cli"})
    if (QFileInfo(candidate).isExecutable()) return QFileInfo(candidate).canonicalFilePath();
  return QStandardPaths::findExecutable("trainscope-cli");
}

QString CliChild::writeTemporaryJson(const QString& stem, const nlohmann::json& json, QString* error) {
  static std::atomic<int> counter{0};
  const QString path = QDir::temp().filePath(
      QString("trainscope-%1-%2-%3.json").arg(stem).arg(QCoreApplication::applicationPid()).arg(++counter));
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(QByteArray::fromStdString(json.dump(2))) < 0) {
    if (error) *error = tr("cannot write %1").arg(path);
    file.remove();
    return {};
  }
  return path;
}

std::unique_ptr<CliChild> CliChild::start(const ExperimentConfig& config, const QStringList& extraArgs,
                                          QString* error) {
  const QString configPath = writeTemporaryJson("run", toJson(config), error);
  if (configPath.isEmpty()) return nullptr;
  return launch(QStringList{"train", "-q", "--events", "-", "--config", configPath} + extraArgs, configPath, error);
}

std::unique_ptr<CliChild> CliChild::resume(const QString& runDir, const QStringList& overrides,
                                           const QStringList& extraArgs, QString* error) {
  QStringList args{"resume", runDir, "-q", "--events", "-"};
  for (const QString& o : overrides) args << "--set" << o;
  return launch(args + extraArgs, {}, error);
}

std::unique_ptr<CliChild> CliChild::launch(const QStringList& args, const QString& configPath, QString* error) {
  const QString cli = cliPath();
  if (cli.isEmpty()) {
    if (error) *error = tr("trainscope-cli was not found next to the app");
    QFile::remove(configPath);
    return nullptr;
  }
  std::unique_ptr<CliChild> child(new CliChild());
  child->configPath_ = configPath;
  auto* process = child->process_ = new QProcess(child.get());
  CliChild* self = child.get();
  connect(process, &QProcess::readyReadStandardOutput, self, &CliChild::readEvents);
  connect(process, &QProcess::readyReadStandardError, self, [self] {
    const QStringList lines = QString::fromUtf8(self->process_->readAllStandardError()).split('\n', Qt::SkipEmptyParts);
    if (!lines.isEmpty()) self->stderrTail_ = lines.back().trimmed();
  });
  connect(process, &QProcess::finished, self, [self](int code) { self->finish(code); });
  connect(process, &QProcess::errorOccurred, self, [self](QProcess::ProcessError e) {
    if (e != QProcess::FailedToStart) return;  // finished() follows the other errors
    self->ended_ = true;
    emit self->failedToStart(tr("trainscope-cli could not start"));
  });
  process->start(cli, args);
  return child;
}

CliChild::~CliChild() {
  if (running()) {
    stop();
    if (!process_->waitForFinished(kStopGraceMs)) process_->kill();
    process_->waitForFinished(1000);
  }
  QFile::remove(configPath_);
}

bool CliChild::waitForStarted(int timeoutMs) { return process_->waitForStarted(timeoutMs); }

void CliChild::stop() {
  if (running()) process_->terminate();
}

void CliChild::kill() {
  if (running()) process_->kill();
}

bool CliChild::running() const { return process_ && process_->state() != QProcess::NotRunning; }

bool CliChild::waitFinished(int timeoutMs) {
  if (ended_) return true;
  process_->waitForFinished(timeoutMs);
  if (!running() && !ended_) finish(process_->exitCode());
  return ended_;
}

void CliChild::readEvents() {
  while (process_->canReadLine()) {
    const auto line = nlohmann::json::parse(process_->readLine().toStdString(), nullptr, /*allow_exceptions=*/false);
    // "run_folder" comes first; "run_started" names the folder too, and is an event.
    if (const auto dir = runFolderFromJson(line); dir && runDir_.isEmpty())
      emit runFolderKnown(runDir_ = QString::fromStdString(*dir));
    auto event = eventFromJson(line);
    if (event && onEvent) onEvent(std::move(*event));
  }
}

void CliChild::finish(int exitCode) {
  if (ended_) return;
  readEvents();  // what the child wrote before it ended
  ended_ = true;
  emit ended(exitCode);
}

}  // namespace trainscope::ui
