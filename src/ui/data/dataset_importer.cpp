#include "ui/data/dataset_importer.h"

#include "engine/data/fashion_mnist.h"
#include "engine/data/image_folder.h"
#include "ui/run/background.h"

#include <QMetaObject>
#include <QtConcurrent/QtConcurrentRun>

namespace trainscope::ui {

DatasetImporter::DatasetImporter(QObject* parent) : QObject(parent) {
  connect(&watcher_, &QFutureWatcher<Result>::finished, this, [this] {
    const Result r = watcher_.result();
    if (r.generation != generation_) return;  // a replaced import
    busy_ = false;
    if (r.splits)
      emit finished(r.splits, r.datasetConfig);
    else
      emit failed(r.error);
  });
}

DatasetImporter::~DatasetImporter() {
  cancel_ = true;
  watcher_.waitForFinished();
}

void DatasetImporter::cancel() { cancel_ = true; }

template <typename Work>
void DatasetImporter::run(Work work) {
  if (watcher_.isRunning()) {  // the import it replaces stops at its next progress report
    cancel_ = true;
    watcher_.waitForFinished();
  }
  cancel_ = false;
  busy_ = true;
  const quint64 generation = ++generation_;
  watcher_.setFuture(runInBackground([work, generation] {
    Result r;
    r.generation = generation;
    try {
      r.splits = std::make_shared<const DatasetSplits>(work(r.datasetConfig));
    } catch (const std::exception& e) {
      r.error = QString::fromStdString(e.what());
    }
    return r;
  }));
}

void DatasetImporter::importFashionMnist() {
  run([](nlohmann::json& config) {
    const std::string dir = findFashionMnistDir();
    if (dir.empty())
      throw std::runtime_error(
          "Fashion-MNIST was not found in /usr/share/datasets/fashion-mnist. Install Debian's "
          "dataset-fashion-mnist package, or set TRAINSCOPE_FASHION_MNIST_DIR.");
    config = {{"kind", "fashion-mnist"}, {"root", ""}};
    return openFashionMnist(dir);
  });
}

void DatasetImporter::importFolder(const QString& root, double valFraction, uint64_t seed, int channels) {
  const std::string path = root.toStdString();
  run([this, path, valFraction, seed, channels](nlohmann::json& config) {
    ImageFolderOptions o;
    o.verify = true;  // decode everything now: bad files are listed before training
    o.val_fraction = valFraction;
    o.seed = seed;
    o.channels = channels;
    o.progress = [this](int64_t done, int64_t total, const std::string& file) {
      const QString name = QString::fromStdString(file);
      QMetaObject::invokeMethod(
          this, [this, done, total, name] { emit progress(done, total, name); }, Qt::QueuedConnection);
      return !cancel_.load();
    };
    config = {{"kind", "image-folder"}, {"root", path}, {"val_fraction", valFraction}, {"channels", channels}};
    return openImageFolder(path, o);
  });
}

}  // namespace trainscope::ui
