// Imports a dataset off the GUI thread (Fashion-MNIST, or an image folder decoded and
// measured in full), reporting progress; cancellable. Results come back as signals
// on the GUI thread.
#pragma once

#include "engine/data/dataset.h"

#include <nlohmann/json.hpp>

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>

namespace trainscope::ui {

class DatasetImporter : public QObject {
  Q_OBJECT
 public:
  explicit DatasetImporter(QObject* parent = nullptr);
  ~DatasetImporter() override;

  void importFashionMnist();
  // A new import replaces one in progress (which is cancelled; its result is dropped).
  void importFolder(const QString& root, double valFraction = 0.1, uint64_t seed = 0, int channels = 3);
  void cancel();
  bool busy() const { return busy_; }

 signals:
  void progress(qint64 done, qint64 total);
  // datasetConfig: the "dataset" section of the experiment for this import.
  void finished(std::shared_ptr<const trainscope::DatasetSplits> splits, nlohmann::json datasetConfig);
  void failed(QString message);

 private:
  template <typename Work>
  void run(Work work);

  std::thread thread_;
  std::atomic<bool> cancel_{false};
  quint64 generation_ = 0;  // results of a replaced import are dropped
  bool busy_ = false;
};

}  // namespace trainscope::ui
