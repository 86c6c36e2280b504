#include "ui/dataset_importer.h"

#include "engine/data/fashion_mnist.h"
#include "engine/data/image_folder.h"

#include <QMetaObject>

namespace trainscope::ui {

DatasetImporter::DatasetImporter(QObject* parent) : QObject(parent) {
}

DatasetImporter::~DatasetImporter() {
  cancel_ = true;
  if (thread_.joinable()) thread_.join();
}

void DatasetImporter::cancel() { cancel_ = true; }

template <typename Work>
void DatasetImporter::run(Work work) {
  if (thread_.joinable()) {
    cancel_ = true;
    thread_.join();
  }
  cancel_ = false;
  busy_ = true;
  const quint64 generation = ++generation_;
  thread_ = std::thread([this, work, generation] {
    std::shared_ptr<const DatasetSplits> splits;
    nlohmann::json datasetConfig;
    QString error;
    try {
      auto result = work(datasetConfig);
      splits = std::make_shared<const DatasetSplits>(std::move(result));
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());
    }
    QMetaObject::invokeMethod(this, [this, splits, datasetConfig, error, generation] {
      if (generation != generation_) return;
      busy_ = false;
      if (splits)
        emit finished(splits, datasetConfig);
      else
        emit failed(error);
    }, Qt::QueuedConnection);
  });
}

void DatasetImporter::importFashionMnist() {
  run([](nlohmann::json& config) {
    const std::string dir = findFashionMnistDir();
    if (dir.empty())
      throw std::runtime_error("Fashion-MNIST was not found in /usr/share/datasets/fashion-mnist. Install Debian's "
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
    o.progress = [this](int64_t done, int64_t total) {
      QMetaObject::invokeMethod(this, [this, done, total] { emit progress(done, total); }, Qt::QueuedConnection);
      return !cancel_.load();
    };
    config = {{"kind", "image-folder"}, {"root", path}, {"val_fraction", valFraction}, {"channels", channels}};
    return openImageFolder(path, o);
  });
}

}  // namespace trainscope::ui
