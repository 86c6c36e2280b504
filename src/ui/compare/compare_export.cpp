// The Compare page's export: the plot as PNG, SVG or PDF (as the screen shows it), or its
// data as CSV (every point of every run plotted).
#include "ui/compare/compare_page.h"

#include "widgets/curve_export.h"
#include "widgets/live_curve_plot.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>

namespace trainscope::ui {

bool ComparePage::exportCsv(const QString& path, QString* error) {
  return widgets::writeCurvesCsv(path, plottedSeries(), x_->currentData().toString(), metric_->currentData().toString(),
                                 error);
}

bool ComparePage::exportImage(const QString& path, QString* error) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  bool ok = false;
  if (suffix == "svg")
    ok = widgets::writePlotSvg(path, plot_->picture(), error);
  else if (suffix == "pdf")
    ok = plot_->plot()->savePdf(path);
  else
    ok = plot_->plot()->savePng(path, 0, 0, 2.0);  // twice the screen's pixels, for slides
  if (!ok && error && error->isEmpty()) *error = tr("could not write %1").arg(path);
  return ok;
}

void ComparePage::chooseExport() {
  // A name that says what it holds, in the folder of the last export.
  QString stem = metric_->currentData().toString() + "-by-" + x_->currentData().toString();
  for (const auto& s : plottedSeries_) {
    for (const auto& r : runs_)
      if (QString::fromStdString(r.dir) == s.first) stem = QString::fromStdString(r.name) + "-" + stem;
    break;
  }
  stem.replace(QRegularExpression("[^A-Za-z0-9._-]+"), "_");
  const QString folder = QSettings().value("exportFolder", QDir::homePath()).toString();
  QString filter;
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export the comparison"), QDir(folder).filePath(stem + ".png"),
      tr("PNG image (*.png);;SVG image (*.svg);;PDF (*.pdf);;CSV data, every point (*.csv)"), &filter);
  if (path.isEmpty()) return;
  QString error;
  const bool ok = path.endsWith(".csv", Qt::CaseInsensitive) ? exportCsv(path, &error) : exportImage(path, &error);
  if (!ok) {
    QMessageBox::warning(this, tr("Export"), tr("Could not export: %1").arg(error));
    return;
  }
  QSettings().setValue("exportFolder", QFileInfo(path).absolutePath());
  emit exported(path);
}

}  // namespace trainscope::ui
