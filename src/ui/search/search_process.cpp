#include "ui/search/search_process.h"

#include "ui/run/cli_child.h"

#include <QFile>
#include <QProcess>

namespace trainscope::ui {

std::unique_ptr<SearchProcess> SearchProcess::start(const nlohmann::json& experiment, const nlohmann::json& space,
                                                    const SearchSettings& s, QString* error) {
  std::unique_ptr<SearchProcess> search(new SearchProcess());
  const QString config = CliChild::writeTemporaryJson("search-experiment", experiment, error);
  const QString spaceFile = config.isEmpty() ? QString() : CliChild::writeTemporaryJson("search-space", space, error);
  search->files_ = {config, spaceFile};
  if (spaceFile.isEmpty()) return nullptr;
  QStringList args{"search",     "-q",
                   "--config",   config,
                   "--space",    spaceFile,
                   "--trials",   QString::number(s.trials),
                   "--sampler",  QString::fromStdString(s.sampler),
                   "--parallel", QString::number(s.parallel),
                   "--seed",     QString::number(s.seed)};
  if (s.halving.on)
    args << "--halving"
         << "--eta" << QString::number(s.halving.eta) << "--min-epochs" << QString::number(s.halving.min_epochs);
  if (!s.preset) args << "--no-preset";
  if (!search->launch(args, error)) return nullptr;
  return search;
}

std::unique_ptr<SearchProcess> SearchProcess::resume(const QString& folder, QString* error) {
  std::unique_ptr<SearchProcess> search(new SearchProcess());
  if (!search->launch({"search", "-q", "--resume", folder}, error)) return nullptr;
  return search;
}

bool SearchProcess::launch(const QStringList& args, QString* error) {
  const QString cli = CliChild::cliPath();
  if (cli.isEmpty()) {
    if (error) *error = tr("trainscope-cli was not found next to the app");
    return false;
  }
  process_ = new QProcess(this);
  connect(process_, &QProcess::readyReadStandardOutput, this, &SearchProcess::readOutput);
  connect(process_, &QProcess::readyReadStandardError, this, [this] {
    const QStringList lines = QString::fromUtf8(process_->readAllStandardError()).split('\n', Qt::SkipEmptyParts);
    if (!lines.isEmpty()) lastOutput_ = lines.back().trimmed();
  });
  connect(process_, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
    readOutput();
    for (const QString& f : files_) QFile::remove(f);
    emit ended(status == QProcess::NormalExit ? code : 128 + 9);
  });
  process_->start(cli, args);
  if (!process_->waitForStarted(10000)) {
    if (error) *error = tr("trainscope-cli could not start");
    return false;
  }
  return true;
}

void SearchProcess::readOutput() {
  while (process_->canReadLine()) {
    const QString line = QString::fromUtf8(process_->readLine()).trimmed();
    if (line.isEmpty()) continue;
    lastOutput_ = line;
    if (line.startsWith("folder: ")) emit folderKnown(line.mid(8));
  }
}

void SearchProcess::stop() {
  if (running()) process_->terminate();
}

bool SearchProcess::running() const { return process_ && process_->state() != QProcess::NotRunning; }

SearchProcess::~SearchProcess() {
  if (running()) {
    process_->terminate();
    if (!process_->waitForFinished(CliChild::kStopGraceMs)) process_->kill();
  }
  for (const QString& f : files_) QFile::remove(f);
}

}  // namespace trainscope::ui
