// The Mistakes page's export: the confusion matrix shown, as CSV.
#include "engine/inspect/confusion_stats.h"
#include "engine/system/atomic_file.h"
#include "ui/mistakes/mistakes_page.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QSpinBox>

namespace trainscope::ui {

bool MistakesPage::exportCsv(const QString& path, QString* error) {
  const std::vector<int64_t>* m = shownMatrix();
  if (!m) {
    if (error) *error = tr("There is no confusion matrix to export yet.");
    return false;
  }
  std::string why;
  if (!writeOutputFile(path.toStdString(), confusionCsv(*m, diagnosis_->predictions.class_names), &why)) {
    if (error) *error = QString::fromStdString(why);
    return false;
  }
  emit exported(path);
  return true;
}

void MistakesPage::exportCsvDialog() {
  if (!diagnosis_) return;
  const QString name = QFileInfo(QString::fromStdString(diagnosis_->run_dir)).fileName();
  const QString suggested = QString("%1-confusion-epoch-%2.csv").arg(name).arg(epoch_->value());
  const QString path = QFileDialog::getSaveFileName(this, tr("Export confusion matrix"), suggested, tr("CSV (*.csv)"));
  if (path.isEmpty()) return;
  QString error;
  if (!exportCsv(path, &error)) status_->setText(tr("Not exported: %1").arg(error));
}

}  // namespace trainscope::ui
