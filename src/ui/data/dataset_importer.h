// Imports a dataset off the GUI thread (Fashion-MNIST, an image folder decoded and
// measured in full, or a CSV table read and encoded), reporting progress; cancellable. The app's one background-work
// pattern (run/background.h).
#pragma once

#include "engine/data/dataset.h"
#include "ui/run/background.h"

#include <nlohmann/json.hpp>

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <memory>

namespace trainscope::ui {

class DatasetImporter : public QObject {
  Q_OBJECT
 public:
  explicit DatasetImporter(QObject* parent = nullptr);
  ~DatasetImporter() override;

  void importFashionMnist();
  // A new import replaces one in progress (which is cancelled; its result is dropped).
  void importFolder(const QString& root, double valFraction = 0.1, uint64_t seed = 0, int channels = 3);
  // A table: the experiment's "dataset" section of kind csv (path, target, task, ...);
  // without a target, the column named target, label, class or y, else the last one.
  void importTable(nlohmann::json section, uint64_t seed = 0);
  // Text: the "dataset" section of kind text-folder, or csv with a text_column.
  void importText(nlohmann::json section, uint64_t seed = 0);
  void cancel();
  bool busy() const { return busy_; }

 signals:
  // `file`: the one checked last (empty while listing, or for Fashion-MNIST); five
  // times a second at most.
  void progress(qint64 done, qint64 total, QString file);
  // datasetConfig: the "dataset" section of the experiment for this import.
  void finished(std::shared_ptr<const trainscope::DatasetSplits> splits, nlohmann::json datasetConfig);
  void failed(QString message);

 private:
  struct Result {
    std::shared_ptr<const DatasetSplits> splits;
    nlohmann::json datasetConfig;
    QString error;
    quint64 generation = 0;
  };
  template <typename Work>
  void run(Work work);

  QFutureWatcher<Result> watcher_;
  ProgressTicker* ticker_;
  quint64 generation_ = 0;  // results of a replaced import are dropped
  bool busy_ = false;
};

}  // namespace trainscope::ui
