// The experiment being edited in the app: the same JSON the CLI takes, the dataset it
// was imported with, and what is wrong with it right now (field path + message).
// Pages edit it; every edit is validated by the engine's own parser.
#pragma once

#include "engine/config/config.h"
#include "engine/config/config_fields.h"
#include "engine/config/recipes.h"
#include "engine/data/dataset.h"

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace trainscope::ui {

// A dataset field's name inside the experiment's "dataset" section ("target").
template <class T>
std::string datasetKey(T DatasetConfig::*member) {
  return configField(&ExperimentConfig::dataset, member).name();
}

class ExperimentDocument : public QObject {
  Q_OBJECT
 public:
  explicit ExperimentDocument(QObject* parent = nullptr);

  // Loads a config file; on failure returns false and leaves the document as it was.
  bool load(const QString& path, QString* error);
  bool save(const QString& path, QString* error);
  void setJson(const nlohmann::json& config);

  const nlohmann::json& json() const { return json_; }
  // A field as written, else its default (the last valid config's); null when neither.
  nlohmann::json value(const ConfigField& field) const;
  // Sets a field, making its parents objects when a hand-written file had them as
  // something else (the engine then reports what is still wrong).
  void set(const ConfigField& field, const nlohmann::json& value);
  // Removes a field, so the default applies again.
  void unset(const ConfigField& field);
  // A pipeline's transforms (the training or the validation one), as written or by default.
  nlohmann::json pipeline(bool train) const;
  void setPipeline(bool train, const nlohmann::json& transforms);
  // The dataset the experiment names, read defensively (any JSON may be loaded).
  std::string datasetKind() const;
  std::string datasetRoot() const;
  std::string datasetPath() const;        // a table's file (dataset.path)
  nlohmann::json datasetSection() const;  // the experiment's "dataset" as written
  bool datasetIsText() const;             // a text folder, or a CSV's text column
  // The config with every default filled in, when it is valid.
  const ExperimentConfig* config() const { return valid_ ? &config_ : nullptr; }
  bool isValid() const { return valid_ && datasetProblem_.isEmpty(); }
  QString path() const { return path_; }
  bool isModified() const { return modified_; }

  // What is wrong, as the engine says it ({field, message}), and all of it as text.
  const Problems& problems() const { return problems_; }
  // The first problem of a field or of a part of it ("scheduler.milestones[1]"); nullptr when none.
  const Problem* problemOf(const ConfigField& field) const;
  QString problemText() const;

  // The imported dataset (shared with loaders and thumbnails; never modified).
  void setDataset(std::shared_ptr<const DatasetSplits> splits, const nlohmann::json& datasetConfig);
  void clearDataset();
  // Whether the loaded dataset is the one the experiment names (kind and root).
  bool datasetMatchesConfig() const;
  std::shared_ptr<const DatasetSplits> dataset() const { return dataset_; }
  // Whether the last setDataset switched to the photo recipe (the Data page says so).
  bool photoRecipeJustApplied() const { return photoRecipe_; }

  // Augmentation on/off, built from the val pipeline as the form describes it
  // (engine/config/recipes.h).
  using Augmentation = trainscope::Augmentation;
  Augmentation augmentation() const;
  void setAugmentation(const Augmentation& a);

 signals:
  void changed();
  void datasetChanged();

 private:
  void revalidate();
  void setPointer(const std::string& pointer, const nlohmann::json& value);
  nlohmann::json writtenOrDefault(const std::string& pointer) const;  // as written, else the last valid config's
  void applyDataKindRecipe(const std::string& kindBefore, const ExperimentConfig& before);

  nlohmann::json json_;
  ExperimentConfig config_;
  nlohmann::json full_;  // toJson(config_): every default filled in, for value()
  bool valid_ = false;
  bool modified_ = false;
  bool photoRecipe_ = false;
  QString path_;
  QString datasetProblem_;
  Problems problems_;
  std::shared_ptr<const DatasetSplits> dataset_;
  std::string loadedKind_, loadedRoot_;
  nlohmann::json loadedSection_;
};

}  // namespace trainscope::ui
