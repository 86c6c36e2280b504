#include "ui/experiment_document.h"

#include "engine/data/dataset_source.h"

#include <QFile>
#include <QSaveFile>

#include <algorithm>
#include <cctype>

namespace trainscope::ui {

ExperimentDocument::ExperimentDocument(QObject* parent) : QObject(parent) { setJson(nlohmann::json::object()); }

bool ExperimentDocument::load(const QString& path, QString* error) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    if (error) *error = tr("Cannot open %1: %2").arg(path, f.errorString());
    return false;
  }
  const QByteArray bytes = f.readAll();
  nlohmann::json j = nlohmann::json::parse(bytes.begin(), bytes.end(), nullptr, /*allow_exceptions=*/false,
                                           /*ignore_comments=*/true);
  if (j.is_discarded() || !j.is_object()) {
    if (error) *error = tr("%1 is not a JSON experiment").arg(path);
    return false;
  }
  setJson(j);
  path_ = path;
  modified_ = false;
  emit changed();
  return true;
}

bool ExperimentDocument::save(const QString& path, QString* error) {
  QSaveFile f(path);  // written to a temporary file, then renamed
  if (!f.open(QIODevice::WriteOnly)) {
    if (error) *error = tr("Cannot write %1: %2").arg(path, f.errorString());
    return false;
  }
  const std::string text = (valid_ ? toJson(config_) : json_).dump(2) + "\n";
  f.write(text.data(), static_cast<qint64>(text.size()));
  if (!f.commit()) {
    if (error) *error = tr("Cannot write %1: %2").arg(path, f.errorString());
    return false;
  }
  path_ = path;
  modified_ = false;
  emit changed();
  return true;
}

void ExperimentDocument::setJson(const nlohmann::json& config) {
  json_ = config;
  modified_ = true;
  revalidate();
  emit changed();
}

nlohmann::json ExperimentDocument::value(const std::string& pointer) const {
  const nlohmann::json::json_pointer p(pointer);
  if (json_.contains(p)) return json_.at(p);
  const nlohmann::json full = toJson(config_);  // the last valid config: defaults filled in
  return full.contains(p) ? full.at(p) : nlohmann::json();
}

namespace {
// Walks to the parent of `pointer`, turning anything that is not a container into an
// object (array elements that exist are kept).
void makeParentsObjects(nlohmann::json& root, const nlohmann::json::json_pointer& pointer) {
  std::vector<std::string> tokens;
  for (auto p = pointer.parent_pointer(); !p.empty(); p = p.parent_pointer()) tokens.insert(tokens.begin(), p.back());
  nlohmann::json* node = &root;
  for (const auto& token : tokens) {
    const bool index =
        !token.empty() && std::all_of(token.begin(), token.end(), [](unsigned char c) { return std::isdigit(c); });
    if (node->is_array() && index && std::stoul(token) < node->size()) {
      node = &(*node)[std::stoul(token)];
      continue;
    }
    if (!node->is_object()) *node = nlohmann::json::object();
    node = &(*node)[token];
  }
  if (!node->is_object() && !node->is_array()) *node = nlohmann::json::object();
}
}  // namespace

void ExperimentDocument::set(const std::string& pointer, const nlohmann::json& value) {
  const nlohmann::json::json_pointer p(pointer);
  makeParentsObjects(json_, p);
  json_[p] = value;
  modified_ = true;
  revalidate();
  emit changed();
}

void ExperimentDocument::unset(const std::string& pointer) {
  const nlohmann::json::json_pointer p(pointer);
  if (json_.contains(p)) {
    nlohmann::json& parent = json_[p.parent_pointer()];
    if (parent.is_object()) parent.erase(p.back());
  }
  modified_ = true;
  revalidate();
  emit changed();
}

std::string ExperimentDocument::datasetKind() const {
  const nlohmann::json d = json_.value("dataset", nlohmann::json::object());
  return d.is_object() && d.value("kind", nlohmann::json()).is_string() ? d["kind"].get<std::string>()
                                                                        : "fashion-mnist";
}

std::string ExperimentDocument::datasetRoot() const {
  const nlohmann::json d = json_.value("dataset", nlohmann::json::object());
  return d.is_object() && d.value("root", nlohmann::json()).is_string() ? d["root"].get<std::string>() : "";
}

void ExperimentDocument::revalidate() {
  problems_.clear();
  datasetProblem_.clear();
  try {
    config_ = parseConfig(json_);
    valid_ = true;
  } catch (const ConfigError& e) {
    valid_ = false;
    for (const auto& p : e.problems()) {
      const auto colon = p.find(": ");
      const std::string field = colon == std::string::npos ? std::string() : p.substr(0, colon);
      problems_[field] = colon == std::string::npos ? p : p.substr(colon + 2);
    }
  }
  if (valid_) {
    for (const auto& p : checkDatasetAvailable(config_.dataset)) {
      const auto colon = p.find(": ");
      problems_[p.substr(0, colon)] = p.substr(colon + 2);
      datasetProblem_ = QString::fromStdString(p);
    }
  }
}

QString ExperimentDocument::problemText() const {
  QStringList lines;
  for (const auto& [field, message] : problems_)
    lines << QString::fromStdString(field.empty() ? message : field + ": " + message);
  return lines.join('\n');
}

void ExperimentDocument::setDataset(std::shared_ptr<const DatasetSplits> splits, const nlohmann::json& datasetConfig) {
  dataset_ = std::move(splits);
  const ExperimentConfig before = config_;
  const std::string kindBefore = datasetKind();
  if (!json_["dataset"].is_object()) json_["dataset"] = nlohmann::json::object();
  for (auto it = datasetConfig.begin(); it != datasetConfig.end(); ++it) json_["dataset"][it.key()] = it.value();
  revalidate();
  // Another kind of images needs other pipelines (size, channels, Normalize); the same
  // kind keeps the experiment's own transforms.
  // Another kind of images gets its own recipe (model, optimizer, schedule, epochs,
  // transforms; the dataset stays): photos the fast one (imagefolder_fast: the Fast CNN
  // at 64 px), since Fashion-MNIST's recipes at ImageNet's 224 px take hours on a
  // laptop; Fashion-MNIST again its default, LeNet.
  photoRecipe_ = false;
  bool recipe = false;
  if (kindBefore != datasetKind() && (datasetKind() == "image-folder" || datasetKind() == "fashion-mnist")) {
    QFile preset(datasetKind() == "image-folder" ? ":/experiments/imagefolder_fast.json"
                                                 : ":/experiments/fashion_lenet.json");
    if (preset.open(QIODevice::ReadOnly)) {
      const nlohmann::json chosen = nlohmann::json::parse(preset.readAll().toStdString(), nullptr, false);
      if (chosen.is_object()) {
        const nlohmann::json workers = value("/loader/num_workers");  // the machine's, not the recipe's
        for (const char* key : {"model", "optimizer", "scheduler", "training", "epochs", "transforms", "loader"})
          if (chosen.contains(key)) json_[key] = chosen[key];
        if (workers.is_number()) json_["loader"]["num_workers"] = workers;
        recipe = true;
        photoRecipe_ = datasetKind() == "image-folder";
        revalidate();
      }
    }
  }
  // The recipe's transforms fit RGB photos; grayscale ones get the defaults below.
  if ((!recipe || !valid_) &&
      (kindBefore != datasetKind() || before.dataset.channels != config_.dataset.channels || !valid_)) {
    DatasetConfig d;
    d.kind = datasetKind();
    d.channels = config_.dataset.channels;
    const Augmentation aug = augmentation();
    nlohmann::json val = nlohmann::json::array();
    for (const auto& t : defaultTransforms(d, false)) val.push_back(toJson(t));
    json_["transforms"] = {{"train", val}, {"val", val}};
    revalidate();
    if (valid_) setAugmentation(aug);  // re-derives train from the new val pipeline
  }
  loadedKind_ = datasetKind();
  loadedRoot_ = datasetRoot();
  modified_ = true;
  emit changed();
  emit datasetChanged();
}

bool ExperimentDocument::datasetMatchesConfig() const {
  return dataset_ && loadedKind_ == datasetKind() && (loadedKind_ != "image-folder" || loadedRoot_ == datasetRoot());
}

void ExperimentDocument::clearDataset() {
  dataset_.reset();
  emit changed();
  emit datasetChanged();
}

ExperimentDocument::Augmentation ExperimentDocument::augmentation() const {
  Augmentation a;
  if (!valid_) return a;
  for (const auto& t : config_.train_transforms) {
    if (t.name == "RandomResizedCrop") a.enabled = true, a.min_scale = t.scale[0];
    if (t.name == "RandomHorizontalFlip") a.enabled = true, a.flip = t.p;
    if (t.name == "ColorJitter") a.enabled = true, a.jitter = t.brightness;
  }
  return a;
}

void ExperimentDocument::setAugmentation(const Augmentation& a) {
  if (!valid_) {  // the form shows the group disabled; resync it
    emit changed();
    return;
  }
  // Train = the val pipeline, with its deterministic resizing replaced by random crops
  // when augmentation is on: the torchvision recipe.
  std::vector<TransformSpec> train;
  const auto& val = config_.val_transforms;
  std::vector<int64_t> shape;
  if (a.enabled) {
    int size = config_.dataset.kind == "fashion-mnist" ? 28 : 224;
    for (const auto& t : val)
      if ((t.name == "CenterCrop" || (t.name == "Resize" && t.size.size() == 2)) && !t.size.empty()) size = t.size[0];
    TransformSpec crop, flip, jitter;
    crop.name = "RandomResizedCrop";
    crop.size = {size};
    crop.scale = {a.min_scale, 1.0};
    flip.name = "RandomHorizontalFlip";
    flip.p = a.flip;
    jitter.name = "ColorJitter";
    jitter.brightness = jitter.contrast = a.jitter;
    jitter.saturation = config_.dataset.kind == "fashion-mnist" || config_.dataset.channels == 1 ? 0.0 : a.jitter;
    train = {crop, flip};
    if (a.jitter > 0) train.push_back(jitter);
    for (const auto& t : val)
      if (t.name != "Resize" && t.name != "CenterCrop") train.push_back(t);
  } else {
    train = val;
  }
  nlohmann::json list = nlohmann::json::array();
  for (const auto& t : train) list.push_back(toJson(t));
  set("/transforms/train", list);
}

}  // namespace trainscope::ui
