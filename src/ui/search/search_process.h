// A search the app started: one `trainscope-cli search` child (which starts the trials
// itself), its experiment and space in temporary files until it ends. Its record is
// the search folder's search.json, which the search window reads; stdout only tells
// the folder. A stop is SIGTERM: the trials stop after their current step, and the
// search can be resumed.
#pragma once

#include "engine/search/search_record.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class QProcess;

namespace trainscope::ui {

class SearchProcess : public QObject {
  Q_OBJECT
 public:
  // nullptr and `error` when trainscope-cli is missing or the files cannot be written.
  static std::unique_ptr<SearchProcess> start(const nlohmann::json& experiment, const nlohmann::json& space,
                                              const SearchSettings& settings, QString* error);
  static std::unique_ptr<SearchProcess> resume(const QString& folder, QString* error);
  // Stops the search if it still runs and waits for it (its trials keep their records).
  ~SearchProcess() override;

  void stop();
  bool running() const;
  // What it said last on stderr or stdout: the reason when it fails to start a search.
  QString lastOutput() const { return lastOutput_; }

 signals:
  void folderKnown(const QString& folder);
  void ended(int exitCode);

 private:
  SearchProcess() = default;
  bool launch(const QStringList& args, QString* error);
  void readOutput();

  QProcess* process_ = nullptr;
  QStringList files_;  // the temporary experiment and space
  QString lastOutput_;
};

}  // namespace trainscope::ui
