#include "ui/data/dataset_importer.h"

#include "engine/config/config.h"
#include "engine/config/config_fields.h"
#include "engine/config/recipes.h"
#include "engine/data/fashion_mnist.h"
#include "engine/data/image_folder.h"
#include "engine/data/table_dataset.h"
#include "engine/data/table_profile.h"
#include "engine/data/text_dataset.h"
#include "engine/system/install_paths.h"
#include "ui/run/background.h"

#include <QtConcurrent/QtConcurrentRun>

namespace trainscope::ui {

DatasetImporter::DatasetImporter(QObject* parent) : QObject(parent) {
  ticker_ = new ProgressTicker(
      [this](int64_t done, int64_t total, const QString& file) {
        if (total > 0) emit progress(done, total, file);
      },
      this);
  connect(&watcher_, &QFutureWatcher<Result>::finished, this, [this] {
    ticker_->stop();
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
  ticker_->cancel();
  watcher_.waitForFinished();
}

void DatasetImporter::cancel() { ticker_->cancel(); }

template <typename Work>
void DatasetImporter::run(Work work) {
  if (watcher_.isRunning()) {  // the import it replaces stops at its next progress report
    ticker_->cancel();
    watcher_.waitForFinished();
  }
  busy_ = true;
  const quint64 generation = ++generation_;
  watcher_.setFuture(runInBackground([work, generation, progress = ticker_->follow()] {
    Result r;
    r.generation = generation;
    try {
      r.splits = std::make_shared<const DatasetSplits>(work(r.datasetConfig, *progress));
    } catch (const std::exception& e) {
      r.error = QString::fromStdString(e.what());
    }
    return r;
  }));
}

void DatasetImporter::importFashionMnist() {
  run([](nlohmann::json& config, BackgroundProgress&) {
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
  run([path, valFraction, seed, channels](nlohmann::json& config, BackgroundProgress& progress) {
    ImageFolderOptions o;
    // Headers only, as training reads the folder: truncated, oversized and non-image files
    // are listed now; an image that fails to decode is skipped (and listed) when loaded,
    // and the Health check decodes every one. The scan is kept in the user's cache.
    o.index_cache = userCacheDir();
    o.val_fraction = valFraction;
    o.seed = seed;
    o.channels = channels;
    o.progress = [&progress](int64_t done, int64_t total, const std::string& file) {
      return progress.report(done, total, file);
    };
    config = {{"kind", "image-folder"}, {"root", path}, {"val_fraction", valFraction}, {"channels", channels}};
    return openImageFolder(path, o);
  });
}

namespace {
// A "dataset" section as a run reads it: with a model of its family, without transforms
// (a table or text has none). Throws ConfigError.
DatasetConfig parsedSection(const nlohmann::json& section, const char* model) {
  using C = ExperimentConfig;
  const nlohmann::json experiment = {
      {configSection(&C::dataset), section},
      {configSection(&C::model), {{configField(&C::model, &ModelConfig::name).name(), model}}},
      {transformsKey(), {{"train", nlohmann::json::array()}, {"val", nlohmann::json::array()}}}};
  return parseConfig(experiment).dataset;
}
}  // namespace

void DatasetImporter::importText(nlohmann::json section, uint64_t seed) {
  run([section = std::move(section), seed](nlohmann::json& config, BackgroundProgress&) {
    const DatasetConfig dataset = parsedSection(section, "text_cnn");
    config = section;
    return openTextDataset(dataset, seed);
  });
}

void DatasetImporter::importTable(nlohmann::json section, uint64_t seed) {
  run([written = std::move(section), seed](nlohmann::json& config, BackgroundProgress&) {
    using C = ExperimentConfig;
    nlohmann::json section = written;
    section[configField(&C::dataset, &DatasetConfig::kind).name()] = "csv";
    const std::string target = configField(&C::dataset, &DatasetConfig::target).name();
    const std::string path = configField(&C::dataset, &DatasetConfig::path).name();
    if (!section.value(target, nlohmann::json("")).is_string() || section.value(target, std::string()).empty()) {
      CsvReadOptions header;
      header.max_rows = 1;
      std::vector<std::string> names;
      for (const auto& c : readCsvTable(section.value(path, std::string()), header).columns) names.push_back(c.name);
      section[target] = guessTarget(names);
    }
    const DatasetConfig dataset = parsedSection(section, "tabular_mlp");
    config = section;
    return openCsvDataset(dataset, seed);
  });
}

}  // namespace trainscope::ui
