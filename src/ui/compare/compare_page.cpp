#include "ui/compare/compare_page.h"
#include "ui/compare/fork_family.h"

#include "ui/compare/compare_reader.h"
#include "ui/compare/metric_names.h"
#include "ui/compare/run_actions.h"
#include "ui/compare/run_differences.h"
#include "ui/compare/run_table_cells.h"
#include "ui/run/background.h"
#include "ui/translation.h"

#include "widgets/curve_export.h"
#include "widgets/live_curve_plot.h"
#include "widgets/palette.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <set>

namespace trainscope::ui {

namespace {
// The results next to the name: on a narrow screen the settings scroll, not the results.
enum Column {
  kTick,
  kName,
  kStatus,
  kBest,
  kFinal,
  kModel,
  kOptimizer,
  kLr,
  kWeightDecay,
  kTime,
  kDataset,
  kTags,
  kColumns
};

}  // namespace

ComparePage::ComparePage(QWidget* parent) : QWidget(parent) {
  folderLabel_ = new QLabel(this);
  auto* top = makeRunTools();
  table_ = new QTableWidget(0, kColumns, this);
  table_->setHorizontalHeaderLabels({"", tr("Run"), tr("Status"), tr("Best val acc"), tr("Final val acc"), tr("Model"),
                                     tr("Optimizer"), tr("LR"), tr("Weight decay"), tr("Time"), tr("Dataset"),
                                     tr("Tags")});
  table_->horizontalHeaderItem(kTick)->setToolTip(tr("Tick the runs to overlay"));
  table_->verticalHeader()->setVisible(false);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  // Names and results in full; the long dataset description takes what is left.
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(kDataset, QHeaderView::Stretch);
  table_->setSortingEnabled(true);

  diff_ = new RunDifferences(this);
  auto* splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(table_);
  splitter->addWidget(makePlotArea());
  splitter->addWidget(diff_);
  splitter->setStretchFactor(0, 2);
  splitter->setStretchFactor(1, 4);
  splitter->setStretchFactor(2, 1);
  splitter->setSizes({160, 420, 110});  // the plot first: the tables scroll
  folderLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  folderLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // a long path never widens the page
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(folderLabel_);
  layout->addLayout(top);
  layout->addWidget(splitter, 1);

  connect(search_, &QLineEdit::textChanged, this, &ComparePage::rebuildTable);
  table_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(table_, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    if (table_->itemAt(at)) runMenu_->popup(table_->viewport()->mapToGlobal(at));
  });
  connect(table_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
    if (rebuilding_ || item->column() != kTick) return;
    const QString dir = item->data(Qt::UserRole).toString();
    ticked_[dir] = item->checkState() == Qt::Checked;
    if (!ticked_[dir]) colors_.erase(dir);  // its colour is free for the next run ticked
    colorOf(dir);
    QTimer::singleShot(0, this, &ComparePage::rebuildTable);  // not inside the item's own signal
    replot();  // from the cache at once; a run never read comes with the read below
    updateDifferences();
    if (ticked_[dir] && !curves_.count(dir.toStdString())) startRead(false);
  });
  // Live runs: re-read the folder and the curves that changed, every two seconds while shown.
  live_.setInterval(2000);
  connect(&live_, &QTimer::timeout, this, [this] {
    if (isVisible()) startRead(false);
  });
  live_.start();
  connect(&reader_, &QFutureWatcher<RunsSnapshot>::finished, this, &ComparePage::applySnapshot);
  connect(&plotter_, &QFutureWatcher<PreparedPlot>::finished, this, &ComparePage::applyPlot);
}

// The filter and the selected run's menu (resume, rename, tags, note, delete, export),
// which a right click on a run opens too.
QLayout* ComparePage::makeRunTools() {
  search_ = new QLineEdit(this);
  search_->setPlaceholderText(tr("Filter: name, status, model, tag…"));
  search_->setClearButtonEnabled(true);
  auto* refresh = new QPushButton(tr("Refresh"), this);
  RunActions::MenuHooks hooks;
  hooks.currentRunDir = [this] { return currentRunDir(); };
  hooks.changed = [this] { reload(); };
  hooks.removed = [this](const QString& dir) {
    ticked_.erase(dir);
    reload();
  };
  hooks.resume = [this](const QString& dir, qint64 epochs) { emit resumeRequested(dir, epochs); };
  hooks.follow = [this](const QString& dir) { emit followRequested(dir); };
  hooks.baseline = [this] { return baseline_; };
  hooks.setBaseline = [this](const QString& dir) { setBaseline(dir); };
  hooks.fork = [this](const QString& dir) { emit forkRequested(dir); };
  hooks.isAppsRun = [this](const QString& dir) { return appsRun_ && appsRun_(dir); };
  hooks.family = [this](const QString& dir) { return forkFamily(runs_, dir); };
  hooks.showFamily = [this](const QString& dir) { showFamily(dir); };
  runMenu_ = RunActions::runMenu(this, hooks);
  runButton_ = new QPushButton(this);
  runButton_->setText(tr("Selected run"));
  runButton_->setToolTip(
      tr("The selected run (a right click on a run too): resume it, rename, tag, annotate or delete it, export its "
         "trained model for Python, OpenCV or ONNX, try it on images, write it as TensorBoard event files, or bundle "
         "it for reproduction on another machine."));
  runButton_->setMenu(runMenu_);  // a push button sizes itself with its menu's arrow

  auto* top = new QHBoxLayout;  // the folder has a line of its own: a long path never widens the page
  top->addWidget(search_, 1);
  top->addWidget(refresh);
  top->addWidget(runButton_);
  connect(refresh, &QPushButton::clicked, this, &ComparePage::reload);
  return top;
}

// The lesson's guide, the curve's controls and the plot.
QWidget* ComparePage::makePlotArea() {
  metric_ = new QComboBox(this);
  for (const auto& [key, label] : curveNames()) metric_->addItem(label, key);
  x_ = new QComboBox(this);
  for (const char* x : {"step", "epoch", "time"}) x_->addItem(xAxisLabel(x), QString(x));
  smoothing_ = new QSlider(Qt::Horizontal, this);
  smoothing_->setRange(0, 99);
  smoothing_->setValue(60);
  smoothing_->setToolTip(
      tr("TensorBoard's smoothing: a debiased exponential moving average; the raw curve stays faint behind."));
  log_ = new QCheckBox(tr("Log scale"), this);
  export_ = new QPushButton(tr("Save plot…"), this);
  export_->setToolTip(tr("The plot as PNG, SVG or PDF, or its data as CSV (every point)."));

  plot_ = new widgets::LiveCurvePlot(this);
  plot_->setSmoothing(0.6);
  plot_->setMinimumHeight(240);  // a lesson's note above it never squeezes it flat

  auto* plotBar = new QHBoxLayout;
  plotBar->addWidget(new QLabel(tr("Curve:"), this));
  plotBar->addWidget(metric_);
  plotBar->addWidget(new QLabel(tr("by"), this));
  plotBar->addWidget(x_);
  auto* smoothingLabel = new QLabel(tr("Smoothing %1").arg(QLocale().toString(0.6, 'f', 2)), this);
  plotBar->addWidget(smoothingLabel);
  plotBar->addWidget(smoothing_, 1);
  plotBar->addWidget(log_);
  plotBar->addWidget(export_);
  connect(smoothing_, &QSlider::valueChanged, this, [this, smoothingLabel](int v) {
    smoothingLabel->setText(tr("Smoothing %1").arg(QLocale().toString(v / 100.0, 'f', 2)));
    plot_->setSmoothing(v / 100.0);
    plot_->redraw();
  });
  guide_ = new QWidget(this);
  guideText_ = new QLabel(guide_);
  guideText_->setWordWrap(true);
  guideText_->setTextFormat(Qt::RichText);
  auto* hideGuide = new QPushButton(tr("Hide"), guide_);
  auto* guideLayout = new QHBoxLayout(guide_);
  guideLayout->setContentsMargins(6, 4, 6, 4);
  // At most about five lines high, scrolling beyond: the plot below keeps its room.
  auto* guideScroll = new QScrollArea(guide_);
  guideScroll->setWidget(guideText_);
  guideScroll->setWidgetResizable(true);
  guideScroll->setFrameShape(QFrame::NoFrame);
  guideScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  guideScroll->setMaximumHeight(fontMetrics().lineSpacing() * 5 + 8);
  guideScroll->setStyleSheet("background: transparent;");
  guideLayout->addWidget(guideScroll, 1);
  guideLayout->addWidget(hideGuide, 0, Qt::AlignTop);
  guide_->setStyleSheet("background-color: #fff8e1;");
  guide_->hide();
  connect(hideGuide, &QPushButton::clicked, guide_, &QWidget::hide);
  auto* plotArea = new QWidget(this);
  auto* plotLayout = new QVBoxLayout(plotArea);
  plotLayout->setContentsMargins(0, 0, 0, 0);
  plotLayout->addWidget(guide_);
  plotLayout->addLayout(plotBar);
  plotLayout->addWidget(plot_, 1);
  connect(export_, &QPushButton::clicked, this, &ComparePage::chooseExport);
  connect(metric_, &QComboBox::currentIndexChanged, this, &ComparePage::replot);
  connect(x_, &QComboBox::currentIndexChanged, this, &ComparePage::replot);
  connect(log_, &QCheckBox::toggled, this, [this](bool on) {
    plot_->setLogScale(on);
    plot_->redraw();
  });
  return plotArea;
}

ComparePage::~ComparePage() {
  reader_.waitForFinished();
  // A taken result leaves the future invalid, and waiting on that never returns.
  if (plotter_.future().isValid()) plotter_.waitForFinished();
}

void ComparePage::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  reload();
}

void ComparePage::setRunsDir(const QString& dir) {
  if (dir == runsDir_) return;
  runsDir_ = dir;
  curves_.clear();
  folderLabel_->setText(tr("Runs in %1").arg(QFileInfo(dir).absoluteFilePath()));
  reload();
}

QColor ComparePage::colorOf(const QString& dir) {
  // A run gets its colour when it is ticked: the first palette entry no other ticked
  // run holds, so the runs compared are always distinct; it keeps it until unticked.
  auto it = colors_.find(dir);
  if (it == colors_.end()) {
    const auto ticked = ticked_.find(dir);
    if (ticked == ticked_.end() || !ticked->second) return QColor(190, 190, 190);
    std::set<int> used;
    for (const auto& [other, index] : colors_) used.insert(index);
    int index = 0;
    while (used.count(index)) ++index;
    it = colors_.emplace(dir, index).first;
  }
  return widgets::seriesColor(it->second);
}

void ComparePage::reload() { startRead(true); }

void ComparePage::startRead(bool full) {
  fullRead_ = fullRead_ || full;
  if (inFlight_) {  // one read at a time; this one follows it
    readAgain_ = true;
    return;
  }
  readAgain_ = false;
  if (runsDir_.isEmpty()) {  // nothing to read: done
    reading_ = false;
    return;
  }
  reading_ = inFlight_ = true;
  inFlightFull_ = fullRead_;
  fullRead_ = false;
  // What the worker needs, copied: which runs are ticked, and what the cache holds.
  std::set<std::string> ticked;
  for (const auto& [dir, on] : ticked_)
    if (on) ticked.insert(absolutePath(dir.toStdString()));
  std::map<std::string, CurvesStamp> cached;
  for (const auto& [dir, c] : curves_) cached[dir] = {c.modified, c.failed};
  const QString runsDir = runsDir_;
  reader_.setFuture(runInBackground([runsDir, ticked, cached] { return readRunsSnapshot(runsDir, ticked, cached); }));
}

void ComparePage::applySnapshot() {
  inFlight_ = false;
  RunsSnapshot s = reader_.result();
  const bool current = s.runsDir == runsDir_;
  if (current && !s.error.empty()) {  // the folder could not be listed: keep what is shown
    folderLabel_->setText(tr("Runs in %1: cannot be read (%2)")
                              .arg(QFileInfo(runsDir_).absoluteFilePath(), QString::fromStdString(s.error)));
  } else if (current) {
    folderLabel_->setText(tr("Runs in %1").arg(QFileInfo(runsDir_).absoluteFilePath()));
    runs_ = std::move(s.runs);
    for (auto& [dir, c] : s.curves) {
      // A run's own named metrics (a script's, a TensorBoard tag) join the metric menu.
      for (const auto& named : c.curves ? c.curves->scalars : std::map<std::string, NamedCurve>{})
        if (metric_->findData(QString::fromStdString(named.first)) < 0)
          metric_->addItem(QString::fromStdString(named.first), QString::fromStdString(named.first));
      curves_[dir] = std::move(c);
    }
    adoptListedSpellings(runs_, ticked_, colors_);
    if (inFlightFull_) {
      rebuildTable();
      replot();
      updateDifferences();
    } else {
      refreshLive();
    }
  }
  if (readAgain_ || !current) {
    startRead(!current);
    if (reading_) return;
  }
  reading_ = false;
  if (!plotting_) emit refreshed();  // else when the plot lands
}

QString ComparePage::tableSignature() const {
  QString sig;
  for (const auto& r : runs_) {
    QString tags;
    for (const auto& t : r.tags) tags += QString::fromStdString(t) + ",";
    sig += QString::fromStdString(r.dir + "|" + r.name + "|" + r.status + "|" + r.note) + "|" + tags + "|" +
           QString::number(r.best_val_accuracy) + "|" + QString::number(r.final_val_accuracy) + "|" +
           QString::number(r.steps) + "\n";
  }
  return sig;
}

void ComparePage::refreshLive() {
  const QString sig = tableSignature();
  if (sig != signature_) {
    rebuildTable();
    updateDifferences();
  }
  if (plotting_) {  // the plot being prepared may predate this read: refresh when it lands
    liveSkipped_ = true;
    return;
  }
  const auto runs = plotRequests();
  // The runs asked for last time, whether or not they had this curve (a run without
  // probes.h5 has no grad_norm): the same set means the same plot.
  bool sameRuns = runs.size() == plottedCurves_.size();
  for (const auto& r : runs) sameRuns = sameRuns && plottedCurves_.count(r.dir);
  if (!sameRuns) {
    replot();
    return;
  }
  const std::string metric = metric_->currentData().toString().toStdString();
  const std::string x = x_->currentData().toString().toStdString();
  for (const auto& r : runs) {
    if (plottedCurves_[r.dir] == r.curves) continue;  // not read again since drawn
    plottedCurves_[r.dir] = r.curves;
    std::vector<double> xs, ys;
    if (!plottedSeries_.count(r.dir)) {  // no such curve when plotted: replot if it has one now
      if (curveOf(*r.curves, metric, x, xs, ys, r.fromStep)) return replot();
      continue;
    }
    if (!curveOf(*r.curves, metric, x, xs, ys, r.fromStep)) continue;
    const int index = plottedSeries_[r.dir];
    const size_t have = static_cast<size_t>(plot_->pointCount(index));
    if (xs.size() < have) {  // a resumed run rewrote its record: draw it afresh
      replot();
      return;
    }
    if (xs.size() > have)
      plot_->append(index, std::vector<double>(xs.begin() + static_cast<std::ptrdiff_t>(have), xs.end()),
                    std::vector<double>(ys.begin() + static_cast<std::ptrdiff_t>(have), ys.end()));
    plottedCurves_[r.dir] = r.curves;
  }
  plot_->refresh();
}

void ComparePage::rebuildTable() {
  rebuilding_ = true;
  signature_ = tableSignature();
  const int scroll = table_->verticalScrollBar()->value();
  const QString current = currentRunDir();
  table_->setSortingEnabled(false);
  table_->setRowCount(0);
  const QString filter = search_->text().trimmed();
  for (const auto& r : runs_) {
    const QString dir = QString::fromStdString(r.dir);
    QString tags;
    for (const auto& t : r.tags) tags += (tags.isEmpty() ? "" : ", ") + QString::fromStdString(t);
    QStringList text;
    QVector<double> keys;  // what a column sorts by, when it is a number
    for (int c = 0; c < kColumns; ++c) text << QString(), keys << NAN;
    text[kName] = QString::fromStdString(r.name);
    text[kStatus] = statusName(QString::fromStdString(r.status));
    text[kBest] = percentCell(r.best_val_accuracy), keys[kBest] = r.best_val_accuracy;
    text[kFinal] = percentCell(r.final_val_accuracy), keys[kFinal] = r.final_val_accuracy;
    text[kModel] = QString::fromStdString(r.model);
    text[kOptimizer] = QString::fromStdString(r.optimizer);
    text[kLr] = std::isnan(r.lr) ? QString() : QString::number(r.lr, 'g', 3), keys[kLr] = r.lr;
    text[kWeightDecay] = std::isnan(r.weight_decay) ? QString() : QString::number(r.weight_decay, 'g', 3);
    keys[kWeightDecay] = r.weight_decay;
    text[kTime] = durationCell(r.train_seconds), keys[kTime] = r.train_seconds;
    text[kDataset] = datasetText(r.dataset);
    text[kTags] = tags;
    if (!filter.isEmpty()) {
      bool match = QString::fromStdString(r.id).contains(filter, Qt::CaseInsensitive) ||
                   QString::fromStdString(r.note).contains(filter, Qt::CaseInsensitive);
      for (const auto& t : text) match |= t.contains(filter, Qt::CaseInsensitive);
      if (!match) continue;
    }
    const int row = table_->rowCount();
    table_->insertRow(row);
    auto* tick = new QTableWidgetItem;
    tick->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    tick->setCheckState(ticked_[dir] ? Qt::Checked : Qt::Unchecked);
    tick->setData(Qt::UserRole, dir);
    tick->setData(Qt::DecorationRole, colorOf(dir));
    table_->setItem(row, kTick, tick);
    for (int c = 1; c < kColumns; ++c) {
      auto* item = new SortItem(text[c], keys[c]);
      item->setData(Qt::UserRole, dir);
      table_->setItem(row, c, item);
    }
    QString tip = QString::fromStdString(r.dir);
    if (!r.note.empty()) tip += "\n" + tr("Note: %1").arg(QString::fromStdString(r.note));
    if (!r.damage.empty()) tip += "\n" + tr("Damaged: %1").arg(QString::fromStdString(r.damage));
    table_->item(row, kName)->setToolTip(tip);
    if (r.status == "damaged") table_->item(row, kStatus)->setToolTip(QString::fromStdString(r.damage));
    if (dir == current) table_->selectRow(row);
  }
  table_->setSortingEnabled(true);
  table_->verticalScrollBar()->setValue(scroll);
  rebuilding_ = false;
}

QString ComparePage::currentRunDir() const {
  const auto* item = table_->currentItem();
  return item ? item->data(Qt::UserRole).toString() : QString();
}

QStringList ComparePage::selectedRuns() const {
  QStringList out;
  for (const auto& r : runs_) {
    const QString dir = QString::fromStdString(r.dir);
    const auto it = ticked_.find(dir);
    if (it != ticked_.end() && it->second) out << dir;
  }
  return out;
}

void ComparePage::selectRuns(const QStringList& dirs) {
  for (auto& [dir, on] : ticked_) on = false;
  colors_.clear();
  // Folders as the listing names them, in the order given: colours follow that order.
  for (const auto& d : dirs) {
    QString key = d;
    for (const auto& r : runs_)
      if (absolutePath(r.dir) == absolutePath(d.toStdString())) key = QString::fromStdString(r.dir);
    ticked_[key] = true;
    colorOf(key);
  }
  rebuildTable();
  replot();
  updateDifferences();
  startRead(true);  // their curves, and runs the listing did not have yet
}

void ComparePage::setMetric(const QString& metric) {
  const int i = metric_->findData(metric);
  if (i >= 0) metric_->setCurrentIndex(i);
}
void ComparePage::setXAxis(const QString& x) {
  const int i = x_->findData(x);
  if (i >= 0) x_->setCurrentIndex(i);
}
void ComparePage::setLogScale(bool on) { log_->setChecked(on); }
void ComparePage::setFilter(const QString& text) { search_->setText(text); }

void ComparePage::setGuide(const QString& title, const QString& text, const QString& outcome) {
  const QString said = outcome.isEmpty()
                           ? QString()
                           : "<div style='color:#8a1c00'>" + outcome.toHtmlEscaped().replace("\n", "<br>") + "</div>";
  guideText_->setText("<b>" + title.toHtmlEscaped() + "</b><br>" + said + text.toHtmlEscaped());
  guide_->setVisible(!text.isEmpty());
}

QString ComparePage::guideText() const { return guide_->isVisibleTo(this) ? guideText_->text() : QString(); }

std::vector<PlotRequest> ComparePage::plotRequests() {
  std::vector<PlotRequest> out;
  std::set<QString> ticked;
  for (const auto& [dir, on] : ticked_)
    if (on) ticked.insert(dir);
  const auto branches = branchSteps(runs_, ticked);  // forks drawn from where they leave their parent
  for (const auto& run : runs_) {
    const QString dir = QString::fromStdString(run.dir);
    if (!ticked_[dir]) continue;
    const auto it = curves_.find(run.dir);
    if (it == curves_.end() || it->second.failed || !it->second.curves) continue;  // not read (yet)
    const auto branch = branches.find(dir);
    out.push_back({QString::fromStdString(run.name), dir, colorOf(dir), it->second.curves,
                   branch == branches.end() ? 0.0 : static_cast<double>(branch->second)});
  }
  return out;
}

void ComparePage::showFamily(const QString& dir) { selectRuns(forkFamily(runs_, dir)); }

std::vector<widgets::ExportSeries> ComparePage::plottedSeries() {
  std::vector<widgets::ExportSeries> out;
  const std::string metric = metric_->currentData().toString().toStdString();
  const std::string x = x_->currentData().toString().toStdString();
  for (const auto& run : plotRequests()) {
    widgets::ExportSeries s;
    s.name = run.name, s.dir = run.dir, s.color = run.color;
    if (curveOf(*run.curves, metric, x, s.xs, s.ys, run.fromStep)) out.push_back(std::move(s));
  }
  return out;
}

void ComparePage::replot() {
  const int generation = ++plotGeneration_;
  plotting_ = true;
  const std::string metric = metric_->currentData().toString().toStdString();
  const std::string x = x_->currentData().toString().toStdString();
  const double smoothing = plot_->smoothing();
  plotter_.setFuture(runInBackground([runs = plotRequests(), metric, x, smoothing, generation] {
    return preparePlot(runs, metric, x, smoothing, generation);
  }));
}

void ComparePage::applyPlot() {
  PreparedPlot prepared;
  try {
    prepared = plotter_.future().takeResult();
  } catch (const std::exception&) {  // out of memory while preparing: the plot stays as it was
    plotting_ = false;
    return;
  }
  if (prepared.generation != plotGeneration_) return;  // a newer one is on its way
  plotting_ = false;
  const QString metric = metric_->currentData().toString();
  plot_->removeAllSeries();
  plottedSeries_.clear();
  plottedCurves_.clear();
  plot_->setAxisLabels(xAxisLabel(x_->currentData().toString()), metric_->currentText());
  const bool perEpoch = isEpochMetric(metric.toStdString());
  for (auto& s : prepared.series) {
    widgets::LiveCurvePlot::SeriesStyle style;
    style.color = s.run.color;
    style.points = perEpoch;
    style.smoothed = !perEpoch && metric != "lr";
    // Past 20 runs the smoothed lines alone: 100 faint bands under 100 lines are a grey
    // mass, and cost most of a redraw (docs/benchmarks.md).
    style.band = prepared.series.size() <= 20;
    const int i = plot_->addSeries(s.run.name, style);
    plot_->setSeriesData(i, std::move(s.curve));
    plottedSeries_[s.run.dir] = i;
  }
  for (const auto& run : prepared.requested) plottedCurves_[run.dir] = run.curves;
  plot_->redraw();
  if (liveSkipped_) {  // a read landed while this was prepared: add what it brought
    liveSkipped_ = false;
    refreshLive();
    if (plotting_) return;  // it asked for another plot; that one emits
  }
  if (!reading_) emit refreshed();
}

void ComparePage::setBaseline(const QString& dir) {
  baseline_ = dir;
  updateDifferences();
}

// The ticked runs, after the baseline (ticked or not) when there is one.
void ComparePage::updateDifferences() {
  const auto base = std::find_if(runs_.begin(), runs_.end(), [this](const RunEntry& r) {
    return !baseline_.isEmpty() && QString::fromStdString(r.dir) == baseline_;
  });
  const RunEntry* baseline = base == runs_.end() ? nullptr : &*base;
  std::vector<const RunEntry*> chosen;
  if (baseline) chosen.push_back(baseline);
  for (const auto& r : runs_)
    if (ticked_[QString::fromStdString(r.dir)] && &r != baseline) chosen.push_back(&r);
  diff_->showRuns(
      chosen, [this](const QString& dir) { return colorOf(dir); }, baseline);
}

}  // namespace trainscope::ui
