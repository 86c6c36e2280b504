#include "ui/experiment/experiment_document.h"

#include "engine/config/config_checks.h"
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

nlohmann::json ExperimentDocument::value(const ConfigField& field) const { return writtenOrDefault(field.pointer()); }

nlohmann::json ExperimentDocument::writtenOrDefault(const std::string& pointer) const {
  const nlohmann::json::json_pointer p(pointer);
  if (json_.contains(p)) return json_.at(p);
  return full_.contains(p) ? full_.at(p) : nlohmann::json();
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

void ExperimentDocument::set(const ConfigField& field, const nlohmann::json& value) {
  setPointer(field.pointer(), value);
}

nlohmann::json ExperimentDocument::pipeline(bool train) const { return writtenOrDefault(pipelinePointer(train)); }

void ExperimentDocument::setPipeline(bool train, const nlohmann::json& transforms) {
  setPointer(pipelinePointer(train), transforms);
}

void ExperimentDocument::setPointer(const std::string& pointer, const nlohmann::json& value) {
  const nlohmann::json::json_pointer p(pointer);
  makeParentsObjects(json_, p);
  json_[p] = value;
  modified_ = true;
  revalidate();
  emit changed();
}

void ExperimentDocument::unset(const ConfigField& field) {
  const nlohmann::json::json_pointer p(field.pointer());
  if (json_.contains(p)) {
    nlohmann::json& parent = json_[p.parent_pointer()];
    if (parent.is_object()) parent.erase(p.back());
  }
  modified_ = true;
  revalidate();
  emit changed();
}

namespace {
// A string field as written, or `fallback` (any JSON may be loaded).
std::string writtenString(const nlohmann::json& j, const ConfigField& field, const std::string& fallback) {
  const nlohmann::json* v = field.in(j);
  return v && v->is_string() ? v->get<std::string>() : fallback;
}
}  // namespace

std::string ExperimentDocument::datasetKind() const {
  const auto& kind = configField(&ExperimentConfig::dataset, &DatasetConfig::kind);
  return writtenString(json_, kind, ExperimentConfig{}.dataset.kind);
}

std::string ExperimentDocument::datasetRoot() const {
  return writtenString(json_, configField(&ExperimentConfig::dataset, &DatasetConfig::root), "");
}

std::string ExperimentDocument::datasetPath() const {
  return writtenString(json_, configField(&ExperimentConfig::dataset, &DatasetConfig::path), "");
}

nlohmann::json ExperimentDocument::datasetSection() const {
  const auto it = json_.find(configSection(&ExperimentConfig::dataset));
  return it != json_.end() && it->is_object() ? *it : nlohmann::json::object();
}

void ExperimentDocument::revalidate() {
  problems_.clear();
  datasetProblem_.clear();
  try {
    config_ = parseConfig(json_);
    full_ = toJson(config_);
    valid_ = true;
  } catch (const ConfigError& e) {
    valid_ = false;
    problems_ = e.problems();
  }
  if (valid_) {
    for (const auto& p : checkDatasetAvailable(config_.dataset)) {
      problems_.push_back(p);
      datasetProblem_ = QString::fromStdString(p.text());
    }
  }
}

const Problem* ExperimentDocument::problemOf(const ConfigField& field) const {
  for (const auto& p : problems_)
    if (p.field == field.key || p.field.rfind(field.key + "[", 0) == 0 || p.field.rfind(field.key + ".", 0) == 0)
      return &p;
  return nullptr;
}

QString ExperimentDocument::problemText() const {
  QStringList lines;
  for (const auto& p : problems_) lines << QString::fromStdString(p.text());
  return lines.join('\n');
}

void ExperimentDocument::setDataset(std::shared_ptr<const DatasetSplits> splits, const nlohmann::json& datasetConfig) {
  dataset_ = std::move(splits);
  const ExperimentConfig before = config_;
  const std::string kindBefore = datasetKind();
  const std::string section = configSection(&ExperimentConfig::dataset);
  // To or from a table, the section is the import's own: an image folder's options
  // (corrections, label noise) do not fit a table, nor a table's columns a folder.
  const std::string kindAfter =
      datasetConfig.value(configField(&ExperimentConfig::dataset, &DatasetConfig::kind).name(), kindBefore);
  const auto images = [](const std::string& k) { return k == "image-folder" || k == "fashion-mnist"; };
  const std::string textColumn = configField(&ExperimentConfig::dataset, &DatasetConfig::text_column).name();
  const bool textChanged = datasetConfig.contains(textColumn) != json_[section].contains(textColumn);
  if (!json_[section].is_object() || (kindAfter != kindBefore && !(images(kindAfter) && images(kindBefore))) ||
      textChanged)
    json_[section] = nlohmann::json::object();
  for (auto it = datasetConfig.begin(); it != datasetConfig.end(); ++it) json_[section][it.key()] = it.value();
  revalidate();
  const bool textBefore = dataFamilyOf(before.dataset) == DataFamily::Text;
  applyDataKindRecipe(textBefore != datasetIsText() ? "" : kindBefore, before);
  loadedKind_ = datasetKind();
  loadedRoot_ = datasetRoot();
  loadedSection_ = datasetSection();
  modified_ = true;
  emit changed();
  emit datasetChanged();
}

// Another kind of images gets its own recipe (engine/config/recipes.h: the dataset
// stays); the same kind keeps the experiment's own transforms. Grayscale photos, or
// a recipe that does not fit, get pipelines that fit the data.
void ExperimentDocument::applyDataKindRecipe(const std::string& kindBefore, const ExperimentConfig& before) {
  photoRecipe_ = false;
  bool recipe = false;
  const std::string preset =
      kindBefore != datasetKind() ? presetForDataKind(datasetIsText() ? "text" : datasetKind()) : "";
  QFile file(QString(":/experiments/%1.json").arg(QString::fromStdString(preset)));
  if (!preset.empty() && file.open(QIODevice::ReadOnly)) {
    const nlohmann::json chosen = nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
    if (chosen.is_object()) {
      applyRecipe(json_, chosen);
      recipe = true;
      photoRecipe_ = datasetKind() == "image-folder";
      const bool table = datasetKind() == "csv";
      if ((photoRecipe_ || table) && dataset_)  // as many passes as this data needs (engine/config/recipes.h)
        json_[nlohmann::json::json_pointer(configField(&ExperimentConfig::epochs).pointer())] =
            epochsForBudget(table ? tableSampleBudget() : photoSampleBudget(), dataset_->train->size());
      revalidate();
    }
  }
  if ((!recipe || !valid_) &&
      (kindBefore != datasetKind() || before.dataset.channels != config_.dataset.channels || !valid_)) {
    DatasetConfig d;
    d.kind = datasetKind();
    d.channels = config_.dataset.channels;
    const Augmentation aug = augmentation();
    json_[transformsKey()] = defaultPipelinesJson(d);
    revalidate();
    if (valid_) setAugmentation(aug);  // re-derives train from the new val pipeline
  }
}

bool ExperimentDocument::datasetIsText() const {
  const nlohmann::json section = datasetSection();
  return datasetKind() == "text-folder" ||
         (datasetKind() == "csv" && section.value(datasetKey(&DatasetConfig::text_column), std::string()) != "");
}

bool ExperimentDocument::datasetMatchesConfig() const {
  if (!dataset_ || loadedKind_ != datasetKind()) return false;
  if (loadedKind_ == "csv" || loadedKind_ == "text-folder")  // another target, column or tokenizer: another dataset
    return loadedSection_ == datasetSection();
  return loadedKind_ != "image-folder" || loadedRoot_ == datasetRoot();
}

void ExperimentDocument::clearDataset() {
  dataset_.reset();
  emit changed();
  emit datasetChanged();
}

ExperimentDocument::Augmentation ExperimentDocument::augmentation() const {
  return valid_ ? augmentationOf(config_) : Augmentation{};
}

void ExperimentDocument::setAugmentation(const Augmentation& a) {
  if (!valid_) {  // the form shows the group disabled; resync it
    emit changed();
    return;
  }
  setPointer(pipelinePointer(true), pipelineJson(augmentedTrainPipeline(config_, a)));
}

}  // namespace trainscope::ui
