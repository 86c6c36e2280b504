// Compare: every run in the runs folder (from the app or the CLI) in a sortable,
// searchable table; the selected runs' curves overlaid live (any scalar; by step,
// epoch or time; TensorBoard's smoothing; log scale; one colour per run everywhere;
// legend entries toggle); the hyperparameters that differ; export as PNG, SVG, PDF
// and CSV. Runs can be renamed, tagged, annotated and deleted.
#pragma once

#include "engine/run_library.h"

#include <QTimer>
#include <QWidget>

#include <map>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QTableWidget;

namespace trainscope::widgets {
class LiveCurvePlot;
struct ExportSeries;
}  // namespace trainscope::widgets

namespace trainscope::ui {

class ComparePage : public QWidget {
  Q_OBJECT
 public:
  explicit ComparePage(QWidget* parent = nullptr);

  void setRunsDir(const QString& dir);
  QString runsDir() const { return runsDir_; }
  // Re-reads the runs folder (and the curves of runs that changed).
  void reload();
  // Ticks the runs whose folders are given (e.g. a lesson's), unticking the others.
  void selectRuns(const QStringList& dirs);
  void setMetric(const QString& metric);  // loss, val_accuracy, ... (see lessonMetrics())
  void setXAxis(const QString& x);        // step, epoch, time
  void setLogScale(bool on);
  void setFilter(const QString& text);
  // A lesson's explanation above the plot, so what to look for stays in view while its
  // runs come in; empty hides it.
  void setGuide(const QString& title, const QString& text);
  QString guideText() const;

  QStringList selectedRuns() const;
  const std::vector<RunEntry>& runs() const { return runs_; }
  QTableWidget* runTable() const { return table_; }
  QTableWidget* differenceTable() const { return diff_; }
  widgets::LiveCurvePlot* plot() const { return plot_; }
  QColor colorOf(const QString& dir);
  // What the plot shows, every point (for CSV export and tests).
  std::vector<widgets::ExportSeries> plottedSeries();

  bool exportCsv(const QString& path, QString* error = nullptr);
  bool exportImage(const QString& path, QString* error = nullptr);  // .png, .pdf or .svg by extension

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void rebuildTable();
  void replot();
  // The timer's refresh: new runs and statuses into the table, new points onto the
  // curves, keeping the user's zoom, hidden series, selection and scroll position.
  void refreshLive();
  QString tableSignature() const;
  void updateDifferences();
  const RunCurves* curvesOf(const RunEntry& run);
  void renameSelected();
  void tagSelected();
  void noteSelected();
  void deleteSelected();
  QString currentRunDir() const;  // the table's current row
  void chooseExport();

  QString runsDir_;
  std::vector<RunEntry> runs_;
  struct Cached {
    RunCurves curves;
    qint64 modified = -1;  // metrics.h5's mtime when read
    bool failed = false;
  };
  std::map<std::string, Cached> curves_;
  std::map<QString, int> colors_;  // ticked run folder -> palette index, while ticked
  std::map<QString, bool> ticked_;
  QLineEdit* search_;
  QWidget* guide_;
  QLabel* guideText_;
  QLabel* folderLabel_;
  QTableWidget *table_, *diff_;
  QComboBox *metric_, *x_;
  QSlider* smoothing_;
  QCheckBox* log_;
  QPushButton *rename_, *tag_, *note_, *delete_, *export_;
  widgets::LiveCurvePlot* plot_;
  QTimer live_;
  QString signature_;                   // of the table's contents, to rebuild only on change
  std::map<QString, int> plottedSeries_;  // run folder -> series on the plot
  bool rebuilding_ = false;
};

}  // namespace trainscope::ui
