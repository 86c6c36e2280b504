// Where the Data page's datasets come from: Fashion-MNIST, an image folder, a CSV table,
// the experiment's own dataset section, or a path (the command line, a drop, the last
// session's).
#include "engine/config/config_fields.h"
#include "engine/data/text_dataset.h"
#include "ui/data/data_page.h"
#include "ui/data/dataset_importer.h"
#include "ui/experiment/experiment_document.h"

#include <QFileDialog>
#include <QFileInfo>

namespace trainscope::ui {

void DataPage::importFashionMnist() {
  setBusy(true, tr("Loading Fashion-MNIST…"));
  importer_->importFashionMnist();
}

void DataPage::importFolder(const QString& path) {
  setBusy(true, tr("Importing %1 (decoding every image to find the ones that cannot be used)…").arg(path));
  const ExperimentConfig* cfg = doc_->config();  // the experiment's split and channels
  importer_->importFolder(path, cfg ? cfg->dataset.val_fraction : 0.1, cfg ? cfg->seed : 0,
                          cfg ? cfg->dataset.channels : 3);
}

void DataPage::chooseFolder() {
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Open an image folder (root/<class>/<image>)"));
  if (!dir.isEmpty()) importFolder(dir);
}

// A new file starts from its own columns: the target is guessed, no column lists.
void DataPage::importTable(const QString& path) {
  nlohmann::json section = {{datasetKey(&DatasetConfig::kind), "csv"},
                            {datasetKey(&DatasetConfig::path), QFileInfo(path).absoluteFilePath().toStdString()}};
  if (const ExperimentConfig* cfg = doc_->config())
    section[datasetKey(&DatasetConfig::val_fraction)] = cfg->dataset.val_fraction;
  importTableSection(section);
}

void DataPage::importTableSection(const nlohmann::json& section) {
  if (section.value(datasetKey(&DatasetConfig::text_column), std::string()) != "")
    return importText(section);  // a column of documents: a text dataset
  const QString file = QString::fromStdString(section.value(datasetKey(&DatasetConfig::path), std::string()));
  setBusy(true, tr("Reading %1 (every row, to infer each column's type)…").arg(file));
  const ExperimentConfig* cfg = doc_->config();
  importer_->importTable(section, cfg ? cfg->seed : 0);
}

void DataPage::chooseTable() {
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open a table"), {}, tr("Tables (*.csv *.tsv *.txt);;All files (*)"));
  if (!path.isEmpty()) importTable(path);
}

void DataPage::importText(const nlohmann::json& section) {
  setBusy(true, tr("Reading and tokenising every document…"));
  const ExperimentConfig* cfg = doc_->config();
  importer_->importText(section, cfg ? cfg->seed : 0);
}

void DataPage::chooseTextFolder() {
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a text folder (root/<class>/*.txt)"));
  if (dir.isEmpty()) return;
  nlohmann::json section = {{datasetKey(&DatasetConfig::kind), "text-folder"},
                            {datasetKey(&DatasetConfig::root), dir.toStdString()}};
  if (const ExperimentConfig* cfg = doc_->config())
    section[datasetKey(&DatasetConfig::val_fraction)] = cfg->dataset.val_fraction;
  importText(section);
}

void DataPage::importExperimentDataset() {
  const std::string kind = doc_->datasetKind();
  const ExperimentConfig* cfg = doc_->config();
  if (kind == "text-folder" || (kind == "csv" && cfg && !cfg->dataset.text_column.empty()))
    importText(doc_->datasetSection());
  else if (kind == "image-folder")
    importFolder(QString::fromStdString(doc_->datasetRoot()));
  else if (kind == "csv")
    importTableSection(doc_->datasetSection());
  else
    importFashionMnist();
}

void DataPage::importPath(const QString& path) {
  if (path.isEmpty() || path == "fashion-mnist")
    importFashionMnist();
  else if (QFileInfo(path).isFile())
    importTable(path);
  else if (looksLikeTextFolder(path.toStdString()))
    importText(
        {{datasetKey(&DatasetConfig::kind), "text-folder"}, {datasetKey(&DatasetConfig::root), path.toStdString()}});
  else  // a folder that moved is reported (the import fails with its path), not replaced
    importFolder(path);
}

}  // namespace trainscope::ui
