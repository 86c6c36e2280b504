// Compare: every run in the runs folder (from the app or the CLI) in a sortable,
// searchable table; the selected runs' curves overlaid live (any scalar; by step,
// epoch or time; TensorBoard's smoothing; log scale; one colour per run everywhere;
// legend entries toggle); the hyperparameters that differ; export as PNG, SVG, PDF
// and CSV. The selected run's menu resumes it (in the app's window), renames, tags,
// annotates, deletes or exports it.
#pragma once

#include "engine/record/run_library.h"
#include "ui/compare/compare_reader.h"

#include <QFutureWatcher>
#include <QTimer>
#include <QWidget>

#include <functional>

#include <map>
#include <set>

class QCheckBox;
class QComboBox;
class QLabel;
class QLayout;
class QLineEdit;
class QMenu;
class QPushButton;
class QSlider;
class QTableWidget;

namespace trainscope::widgets {
class LiveCurvePlot;
struct ExportSeries;
}  // namespace trainscope::widgets

namespace trainscope::ui {

class RunDifferences;

class ComparePage : public QWidget {
  Q_OBJECT
 public:
  explicit ComparePage(QWidget* parent = nullptr);
  ~ComparePage() override;

  void setRunsDir(const QString& dir);
  QString runsDir() const { return runsDir_; }
  // Re-reads the runs folder and the ticked runs' changed curves, off the GUI thread
  // (HDF5 reads can take long on a big or busy run); the page shows them when the
  // read lands, and `refreshed` is emitted. Reads asked for meanwhile coalesce.
  void reload();
  // A read is in flight or queued, or the plot is being prepared.
  bool reading() const { return reading_ || plotting_; }
  // Ticks the runs whose folders are given (e.g. a lesson's), unticking the others.
  void selectRuns(const QStringList& dirs);
  void setMetric(const QString& metric);  // loss, val_accuracy, ... (see lessonMetrics())
  void setXAxis(const QString& x);        // step, epoch, time
  void setLogScale(bool on);
  void setFilter(const QString& text);
  // A lesson's explanation above the plot, so what to look for stays in view while its
  // runs come in; empty hides it. `outcome` (runs that ended early, and why) comes first.
  void setGuide(const QString& title, const QString& text, const QString& outcome = {});
  QString guideText() const;

  // Ticks the run's family (the run it was forked from and every fork, at any depth),
  // unticking the others; forks are drawn from their fork step, branching off.
  void showFamily(const QString& dir);
  // Tells the run menu which running run is the app's own (Rewind and fork stops it).
  void setAppsRun(std::function<bool(const QString& dir)> isAppsRun) { appsRun_ = std::move(isAppsRun); }
  QStringList selectedRuns() const;
  QString currentRunDir() const;  // the table's current row, "" when none
  const std::vector<RunEntry>& runs() const { return runs_; }
  QTableWidget* runTable() const { return table_; }
  RunDifferences* differenceTable() const { return diff_; }
  // The run the differences table measures the others against ("" = none); the run
  // menu's "Use as baseline" sets it.
  void setBaseline(const QString& dir);
  QString baseline() const { return baseline_; }
  widgets::LiveCurvePlot* plot() const { return plot_; }
  QPushButton* runButton() const { return runButton_; }
  QMenu* runMenu() const { return runMenu_; }
  QColor colorOf(const QString& dir);
  // What the plot shows, every point (for CSV export and tests).
  std::vector<widgets::ExportSeries> plottedSeries();

  bool exportCsv(const QString& path, QString* error = nullptr);
  bool exportImage(const QString& path, QString* error = nullptr);  // .png, .pdf or .svg by extension

 signals:
  void refreshed();
  // The run menu's Resume: train `dir` on from its checkpoint (epochs 0: as recorded).
  void resumeRequested(const QString& dir, qint64 epochs);
  void followRequested(const QString& dir);
  // The run menu's "Rewind and fork…" (for a run still training, only the app's own).
  void forkRequested(const QString& dir);
  // An export was written (the window says where).
  void exported(const QString& path);

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  // The page's parts, built once by the constructor.
  QLayout* makeRunTools();
  QWidget* makePlotArea();
  // Reads in the background; `full` also rebuilds the plot when it lands (reload),
  // otherwise new points are appended (the live refresh, a newly ticked run).
  void startRead(bool full);
  void applySnapshot();
  void rebuildTable();
  // Prepares the plot off the GUI thread; applyPlot() shows it when it lands.
  void replot();
  void applyPlot();
  std::vector<PlotRequest> plotRequests();
  // After a live read: new runs and statuses into the table, new points onto the
  // curves, keeping the user's zoom, hidden series, selection and scroll position.
  void refreshLive();
  QString tableSignature() const;
  void updateDifferences();
  void chooseExport();

  QString runsDir_;
  std::vector<RunEntry> runs_;
  std::map<std::string, CachedCurves> curves_;
  QFutureWatcher<RunsSnapshot> reader_;
  QFutureWatcher<PreparedPlot> plotter_;
  int plotGeneration_ = 0;  // of the latest replot asked for: an older result is dropped
  bool plotting_ = false;
  bool liveSkipped_ = false;  // a live read landed while the plot was prepared
  bool reading_ = false;      // a read is in flight or queued
  bool inFlight_ = false;     // set with the future, cleared when its result is applied
  bool readAgain_ = false;    // asked for while one was in flight
  bool fullRead_ = false;     // the next read rebuilds the plot
  bool inFlightFull_ = false;
  std::map<QString, int> colors_;  // ticked run folder -> palette index, while ticked
  std::map<QString, bool> ticked_;
  QString baseline_;  // a run folder, as listed
  QLineEdit* search_;
  QWidget* guide_;
  QLabel* guideText_;
  QLabel* folderLabel_;
  QTableWidget* table_;
  RunDifferences* diff_;
  QComboBox *metric_, *x_;
  QSlider* smoothing_;
  QCheckBox* log_;
  QPushButton* export_;
  QPushButton* runButton_;
  QMenu* runMenu_;
  widgets::LiveCurvePlot* plot_;
  QTimer live_;
  QString signature_;                     // of the table's contents, to rebuild only on change
  std::map<QString, int> plottedSeries_;  // run folder -> series on the plot
  // The runs the plot was asked for, with the read each shows (a run without the
  // metric's curve is here but has no series).
  std::map<QString, std::shared_ptr<const RunCurves>> plottedCurves_;
  bool rebuilding_ = false;
  std::function<bool(const QString& dir)> appsRun_;
};

}  // namespace trainscope::ui
