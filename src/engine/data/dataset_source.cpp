#include "engine/data/dataset_source.h"

#include "engine/config/config_fields.h"
#include "engine/config/file_input.h"
#include "engine/data/fashion_mnist.h"
#include "engine/data/image_folder.h"
#include "engine/data/label_corrections.h"
#include "engine/data/label_noise.h"
#include "engine/data/rng.h"
#include "engine/data/table_dataset.h"
#include "engine/data/text_dataset.h"
#include "engine/data/transforms.h"
#include "engine/system/install_paths.h"

#include <filesystem>

namespace trainscope {

Problems checkDatasetAvailable(const DatasetConfig& d) {
  using C = ExperimentConfig;
  std::error_code ec;
  if (d.kind == "fashion-mnist" && findFashionMnistDir().empty())
    return {{configField(&C::dataset, &DatasetConfig::kind).key,
             "Fashion-MNIST not found in /usr/share/datasets/fashion-mnist (install Debian's "
             "dataset-fashion-mnist, or set TRAINSCOPE_FASHION_MNIST_DIR)"}};
  const std::string root = configField(&C::dataset, &DatasetConfig::root).key;
  if (d.kind == "image-folder" || d.kind == "text-folder") {
    if (!std::filesystem::exists(d.root, ec)) return {{root, "folder does not exist: " + d.root}};
    if (!std::filesystem::is_directory(d.root, ec)) return {{root, "not a folder: " + d.root}};
    if (isSystemTree(d.root)) return {{root, d.root + " is a system folder (/proc, /sys, /dev): never read as data"}};
  }
  if (d.kind == "csv") {
    for (std::string DatasetConfig::*field : {&DatasetConfig::path, &DatasetConfig::val_path}) {
      const std::string& file = d.*field;
      if (file.empty()) continue;
      const std::string key = configField(&C::dataset, field).key;
      if (!std::filesystem::exists(file, ec)) return {{key, "file does not exist: " + file}};
      if (const std::string why = whyNotRegularFile(file); !why.empty()) return {{key, file + " " + why}};
    }
  }
  if (!d.corrections.empty())
    if (const std::string why = whyNotRegularFile(d.corrections); !why.empty())
      return {{configField(&C::dataset, &DatasetConfig::corrections).key, d.corrections + " " + why}};
  return {};
}

namespace {
// A table's problem (a bad row, a missing target column) is the config's: it names the
// file's field, and the message the file, line and column.
DatasetSplits openCsvDatasetOrProblem(const ExperimentConfig& c) {
  try {
    if (!c.dataset.text_column.empty()) return openTextDataset(c.dataset, c.seed);
    return openCsvDataset(c.dataset, c.seed);
  } catch (const CsvError& e) {
    const bool val = !c.dataset.val_path.empty() && e.path() == c.dataset.val_path;
    throw ConfigError(
        configField(&ExperimentConfig::dataset, val ? &DatasetConfig::val_path : &DatasetConfig::path).key, e.what());
  }
}
}  // namespace

DatasetSplits openDataset(const ExperimentConfig& c) {
  DatasetSplits s;
  if (c.dataset.kind == "fashion-mnist") {
    const std::string dir = findFashionMnistDir();
    if (dir.empty()) throw std::runtime_error(checkDatasetAvailable(c.dataset).front().text());
    s = openFashionMnist(dir);
  } else if (c.dataset.kind == "csv") {
    s = openCsvDatasetOrProblem(c);
  } else if (c.dataset.kind == "text-folder") {
    s = openTextDataset(c.dataset, c.seed);
  } else {
    ImageFolderOptions o;
    o.channels = c.dataset.channels;
    o.val_fraction = c.dataset.val_fraction;
    o.seed = c.seed;
    o.max_pixels = c.dataset.max_image_pixels;
    o.index_cache = userCacheDir();  // the app's import and this share the folder's index
    s = openImageFolder(c.dataset.root, o);
  }
  if (const auto classes = static_cast<int64_t>(s.train->classes().size()); classes > kMaxClasses)
    throw ConfigError(
        configField(&ExperimentConfig::dataset, c.dataset.kind == "csv" ? &DatasetConfig::target : &DatasetConfig::root)
            .key,
        "has " + std::to_string(classes) + " classes; Trainscope trains at most " + std::to_string(kMaxClasses) +
            " (each epoch keeps a confusion matrix of classes x classes)");
  s.train = randomSubset(s.train, c.dataset.train_subset, mixSeed(c.seed, 1));
  if (c.dataset.label_noise > 0)  // after the subset: the share is of what trains
    s.train = std::make_shared<NoisyLabels>(s.train, c.dataset.label_noise, mixSeed(c.seed, 3));
  if (!c.dataset.corrections.empty()) {  // last: a user's correction is the final word on a label
    auto corrected = std::make_shared<CorrectedLabels>(s.train, readLabelCorrections(c.dataset.corrections));
    s.corrections = {c.dataset.corrections, corrected->relabelled(), corrected->excluded(), corrected->unmatched()};
    s.train = std::move(corrected);
  }
  s.val = randomSubset(s.val, c.dataset.val_subset, mixSeed(c.seed, 2));
  return s;
}

std::vector<int64_t> inputShapeOf(const Dataset& d, const std::vector<TransformSpec>& pipeline, uint64_t seed) {
  if (d.featureCount() > 0) return {d.featureCount()};                   // a table: features per row
  if (d.size() > 0 && d.tokenCount(0) > 0) return {longestDocument(d)};  // text: its longest document's tokens
  const Compose transform(pipeline);
  for (int64_t i = 0; i < std::min<int64_t>(d.size(), 64); ++i) {
    std::string error;
    PipelineImage img;
    img.pixels = d.load(i, &error);
    if (img.pixels.empty()) continue;
    Rng rng(seed);
    transform.apply(img, rng);
    return {img.channels, img.height, img.width};
  }
  throw std::runtime_error("none of the first samples of the dataset could be loaded");
}

}  // namespace trainscope
