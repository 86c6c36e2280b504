#include "ui/search/search_window.h"

#include "engine/search/search_outcome.h"
#include "ui/run/background.h"
#include "ui/search/search_process.h"
#include "ui/search/search_view_data.h"
#include "ui/translation.h"
#include "widgets/parallel_coordinates.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <optional>

namespace trainscope::ui {

namespace {

// Sorts by its number (Qt::UserRole) when both have one, else by text.
class SortItem : public QTableWidgetItem {
 public:
  SortItem(const QString& text, double key) : QTableWidgetItem(text) { setData(Qt::UserRole, key); }
  bool operator<(const QTableWidgetItem& other) const override {
    const double a = data(Qt::UserRole).toDouble(), b = other.data(Qt::UserRole).toDouble();
    if (std::isnan(a) != std::isnan(b)) return std::isnan(b);  // the empty ones last, sorted up
    if (!std::isnan(a)) return a < b;
    return text() < other.text();
  }
};

SortItem* item(const QString& text, double key = NAN) {
  auto* i = new SortItem(text, key);
  i->setFlags(i->flags() & ~Qt::ItemIsEditable);
  return i;
}

}  // namespace

SearchWindow::SearchWindow(QWidget* parent) : QWidget(parent, Qt::Window) {
  setWindowTitle(tr("Search"));
  title_ = new QLabel(this);
  QFont bold = title_->font();
  bold.setBold(true);
  title_->setFont(bold);
  progress_ = new QLabel(this);
  progress_->setWordWrap(true);
  plot_ = new widgets::ParallelCoordinates(this);
  table_ = new QTableWidget(this);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  table_->verticalHeader()->hide();
  table_->setSortingEnabled(true);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(plot_);
  split->addWidget(table_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  outcome_ = new QLabel(this);
  outcome_->setWordWrap(true);
  outcome_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* buttons = new QHBoxLayout;
  buildButtons(this, buttons);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(title_);
  layout->addWidget(progress_);
  layout->addWidget(split, 1);
  layout->addWidget(outcome_);
  layout->addLayout(buttons);
  connect(plot_, &widgets::ParallelCoordinates::brushChanged, this, &SearchWindow::filterRows);
  connect(table_, &QTableWidget::itemSelectionChanged, this, [this] {
    const auto rows = table_->selectionModel()->selectedRows();
    plot_->setHighlighted(rows.size() == 1 ? table_->item(rows[0].row(), 0)->data(Qt::UserRole).toInt() : -1);
  });
  timer_ = new QTimer(this);
  timer_->setInterval(1000);
  connect(timer_, &QTimer::timeout, this, &SearchWindow::refresh);
  timer_->start();
  resize(960, 680);
  updateButtons();
}

SearchWindow::~SearchWindow() = default;

void SearchWindow::buildButtons(QWidget* parent, QHBoxLayout* row) {
  clear_ = new QPushButton(tr("Clear ranges"), parent);
  stop_ = new QPushButton(tr("Stop search"), parent);
  stop_->setToolTip(tr("The trials stop after their current step and keep their records; resume the search later."));
  resume_ = new QPushButton(tr("Resume search"), parent);
  compare_ = new QPushButton(tr("Compare trials"), parent);
  compare_->setToolTip(
      tr("The trials in the plot's ranges (or the selected ones) on the Compare page, against the preset."));
  row->addWidget(clear_);
  row->addStretch(1);
  row->addWidget(stop_);
  row->addWidget(resume_);
  row->addWidget(compare_);
  connect(clear_, &QPushButton::clicked, plot_, &widgets::ParallelCoordinates::clearBrushes);
  connect(stop_, &QPushButton::clicked, this, [this] {
    if (process_) process_->stop();
    stop_->setEnabled(false);  // once: a second SIGTERM would make it quit at once
  });
  connect(resume_, &QPushButton::clicked, this, &SearchWindow::resumeSearch);
  connect(compare_, &QPushButton::clicked, this, &SearchWindow::compareTrials);
}

bool SearchWindow::searching() const { return process_ && process_->running(); }

bool SearchWindow::start(const nlohmann::json& experiment, const nlohmann::json& space, const SearchSettings& settings,
                         QString* error) {
  if (searching()) {
    if (error) *error = tr("A search is running; stop it first.");
    return false;
  }
  process_ = SearchProcess::start(experiment, space, settings, error);
  if (!process_) return false;
  folder_.clear();
  record_ = {};
  seen_ = {};
  sorted_ = false;
  title_->setText(tr("Starting the search…"));
  progress_->clear();
  outcome_->clear();
  watchProcess();
  updateButtons();
  return true;
}

void SearchWindow::watchProcess() {
  connect(process_.get(), &SearchProcess::folderKnown, this, [this](const QString& folder) {
    folder_ = folder;
    reloadNow();
  });
  connect(process_.get(), &SearchProcess::ended, this, [this](int code) {
    reloadNow();
    if (folder_.isEmpty() || (code != 0 && code != 130 && record_.trials.empty()))
      outcome_->setText(tr("The search could not run: %1").arg(process_->lastOutput()));
    updateButtons();
  });
}

void SearchWindow::follow(const QString& folder) {
  folder_ = folder;
  seen_ = {};
  sorted_ = false;
  reloadNow();
}

void SearchWindow::resumeSearch() {
  QString error;
  process_ = SearchProcess::resume(folder_, &error);
  if (!process_) {
    QMessageBox::warning(this, tr("Search"), error);
    return;
  }
  watchProcess();
  updateButtons();
}

void SearchWindow::refresh() {
  if (folder_.isEmpty() || loading_) return;
  const QFileInfo file(folder_ + "/" + kSearchFile);
  if (!file.exists() || file.lastModified() == seen_) return;
  seen_ = file.lastModified();
  loading_ = true;
  const std::string dir = folder_.toStdString();
  runInBackground(
      this,
      [dir]() -> std::optional<SearchRecord> {
        try {
          return loadSearchRecord(dir);
        } catch (const std::exception&) {
          return std::nullopt;  // being replaced this instant, or damaged: the next tick tells
        }
      },
      [this, dir](std::optional<SearchRecord> record) {
        loading_ = false;
        if (record && dir == folder_.toStdString()) display(std::move(*record));  // not a search shown before
      });
}

void SearchWindow::reloadNow() {
  if (folder_.isEmpty()) return;
  try {
    display(loadSearchRecord(folder_.toStdString()));
    seen_ = QFileInfo(folder_ + "/" + kSearchFile).lastModified();
  } catch (const std::exception& e) {
    outcome_->setText(QString::fromStdString(e.what()));
  }
}

void SearchWindow::display(SearchRecord record) {
  record_ = std::move(record);
  title_->setText(tr("Search %1").arg(QString::fromStdString(record_.name)));
  progress_->setText(searchProgress(record_));
  const SearchPlotData data = searchPlotData(record_);
  plot_->setData(data.axes, data.lines);
  fillTable();
  showOutcome();
  updateButtons();
}

void SearchWindow::fillTable() {
  const QStringList fields = searchedFields(record_);
  const QString metric =
      QString::fromStdString(record_.metric_key.empty() ? record_.settings.metric : record_.metric_key);
  QStringList headers = {tr("Trial"), tr("Status"), metric, tr("Epochs")};
  headers += fields;
  headers << tr("Run folder");
  const auto sortColumn = table_->horizontalHeader()->sortIndicatorSection();
  const auto sortOrder = table_->horizontalHeader()->sortIndicatorOrder();
  const auto selected = table_->selectionModel() ? table_->selectionModel()->selectedRows() : QModelIndexList{};
  const int selectedTrial = selected.size() == 1 ? table_->item(selected[0].row(), 0)->data(Qt::UserRole).toInt() : -1;
  table_->setSortingEnabled(false);
  table_->clear();
  table_->setColumnCount(headers.size());
  table_->setHorizontalHeaderLabels(headers);
  table_->setRowCount(static_cast<int>(record_.trials.size()));
  int row = 0;
  for (const auto& t : record_.trials) {
    table_->setItem(row, 0, item(trialLabel(t), t.index));
    table_->setItem(row, 1, item(trialStatusName(t.status), static_cast<double>(t.status)));
    table_->setItem(row, 2, item(QString::fromStdString(metricText(t.best)), t.best));
    table_->setItem(row, 3, item(QString::number(t.curve.size()), static_cast<double>(t.curve.size())));
    for (int f = 0; f < fields.size(); ++f) {
      const nlohmann::json v = trialValue(record_, t, fields[f].toStdString());
      const QString text =
          v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump());
      table_->setItem(row, 4 + f, item(text, v.is_number() ? v.get<double>() : NAN));
    }
    table_->setItem(row, 4 + fields.size(), item(QFileInfo(QString::fromStdString(t.run_dir)).fileName()));
    ++row;
  }
  table_->setSortingEnabled(true);
  if (!sorted_) {  // the best first, until the user sorts otherwise
    sorted_ = true;
    table_->sortByColumn(2, record_.maximize ? Qt::DescendingOrder : Qt::AscendingOrder);
  } else {
    table_->sortByColumn(sortColumn < headers.size() ? sortColumn : 0, sortOrder);
  }
  table_->resizeColumnsToContents();
  table_->setColumnWidth(headers.size() - 1, std::min(table_->columnWidth(headers.size() - 1), 320));
  for (int r = 0; r < table_->rowCount(); ++r)
    if (table_->item(r, 0)->data(Qt::UserRole).toInt() == selectedTrial) table_->selectRow(r);
  filterRows();
}

void SearchWindow::filterRows() {
  const QVector<int> visible = plot_->visibleIds();
  for (int r = 0; r < table_->rowCount(); ++r)
    table_->setRowHidden(r, plot_->hasBrush() && !visible.contains(table_->item(r, 0)->data(Qt::UserRole).toInt()));
}

void SearchWindow::showOutcome() {
  const SearchOutcome o = searchOutcome(record_);
  if (record_.state != "finished") {
    outcome_->setText(o.best < 0 ? QString()
                                 : tr("Best so far: trial %1, %2 %3.")
                                       .arg(o.best)
                                       .arg(QString::fromStdString(record_.metric_key))
                                       .arg(QString::fromStdString(metricText(o.best_value))));
    return;
  }
  QString text = translated(o.verdict);
  for (const auto& reason : o.reasons) text += "\n  • " + translated(reason);
  outcome_->setText(text);
}

void SearchWindow::updateButtons() {
  const bool running = searching();
  stop_->setEnabled(running);
  resume_->setEnabled(!running && !folder_.isEmpty() && !record_.trials.empty() && record_.state != "finished");
  compare_->setEnabled(!record_.trials.empty());
}

void SearchWindow::compareTrials() {
  QSet<int> chosen;
  for (const auto& index : table_->selectionModel()->selectedRows())
    chosen.insert(table_->item(index.row(), 0)->data(Qt::UserRole).toInt());
  const QVector<int> visible = plot_->visibleIds();
  QStringList dirs;
  QString baseline;
  for (const auto& t : record_.trials) {
    if (t.run_dir.empty()) continue;
    const QString dir = QString::fromStdString(t.run_dir);
    if (t.preset) baseline = dir;
    const bool wanted =
        chosen.size() > 1 ? chosen.contains(t.index) : (!plot_->hasBrush() || visible.contains(t.index));
    if (wanted || t.preset) dirs << dir;
  }
  emit compareRequested(dirs, baseline);
}

}  // namespace trainscope::ui
