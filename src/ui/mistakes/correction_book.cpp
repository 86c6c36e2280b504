#include "ui/mistakes/correction_book.h"

#include "ui/experiment/experiment_document.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace trainscope::ui {

CorrectionBook::CorrectionBook(ExperimentDocument* document, QObject* parent) : QObject(parent), doc_(document) {}

void CorrectionBook::setDataset(const std::string& kind, const std::string& root) {
  if (kind == kind_ && root == root_ && !path_.isEmpty()) return;
  kind_ = kind, root_ = root;
  // A folder's name, and a hash of its path: two folders called "photos" stay apart.
  const QString name =
      kind == "image-folder"
          ? QFileInfo(QString::fromStdString(root)).fileName() + "-" +
                QCryptographicHash::hash(QByteArray::fromStdString(root), QCryptographicHash::Sha1).toHex().left(8)
          : QString::fromStdString(kind);
  // The user's data, not the runs folder: every folder there is a run.
  path_ = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
              .filePath("label-corrections/" + name + ".json");
  corrections_ = {};
  if (QFileInfo::exists(path_)) {
    try {
      corrections_ = readLabelCorrections(path_.toStdString());
    } catch (const std::exception&) {  // a damaged file: the next save replaces it
    }
  }
  emit changed();
}

bool CorrectionBook::set(const LabelCorrection& c, QString* error) {
  corrections_.set(c);
  return save(error);
}

bool CorrectionBook::setAll(const std::vector<LabelCorrection>& all, QString* error) {
  for (const LabelCorrection& c : all) corrections_.set(c);
  return save(error);
}

bool CorrectionBook::remove(const std::string& sample, QString* error) {
  corrections_.remove(sample);
  return save(error);
}

bool CorrectionBook::clear(QString* error) {
  corrections_ = {};
  return save(error);
}

bool CorrectionBook::usedByExperiment() const {
  const auto used = doc_->value(configField(&ExperimentConfig::dataset, &DatasetConfig::corrections));
  return used.is_string() && QString::fromStdString(used.get<std::string>()) == path_;
}

bool CorrectionBook::save(QString* error) {
  try {
    QDir().mkpath(QFileInfo(path_).absolutePath());
    writeLabelCorrections(path_.toStdString(), corrections_);
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    emit changed();
    return false;
  }
  // The next run of this dataset trains on them; an empty file is simply not named.
  if (doc_->datasetKind() == kind_ && (kind_ != "image-folder" || doc_->datasetRoot() == root_)) {
    if (corrections_.items.empty())
      doc_->unset(configField(&ExperimentConfig::dataset, &DatasetConfig::corrections));
    else
      doc_->set(configField(&ExperimentConfig::dataset, &DatasetConfig::corrections), path_.toStdString());
  }
  emit changed();
  return true;
}

}  // namespace trainscope::ui
