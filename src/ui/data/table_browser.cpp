#include "ui/data/table_browser.h"

#include "engine/config/config.h"
#include "engine/config/config_fields.h"
#include "engine/data/table_dataset.h"
#include "ui/data/table_model.h"
#include "ui/experiment/experiment_document.h"
#include "ui/run/background.h"
#include "widgets/class_chart.h"
#include "widgets/histogram_plot.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace trainscope::ui {

namespace {
using C = ExperimentConfig;
enum ProfileColumn { kName, kType, kUse, kMissing, kValues, kProfileColumns };

// The dotted key, as docs/config.md and a config spell it.
template <class T>
QString fullKey(T DatasetConfig::*member) {
  return QString::fromStdString(configField(&C::dataset, member).key);
}

QString typeName(ColumnType type) {
  switch (type) {
    case ColumnType::Number: return TableBrowser::tr("number");
    case ColumnType::Category: return TableBrowser::tr("category");
    case ColumnType::Text: return TableBrowser::tr("text");
    case ColumnType::Identifier: return TableBrowser::tr("identifier");
  }
  return {};
}

QString valuesText(const ColumnProfile& p) {
  if (p.type == ColumnType::Number)
    return TableBrowser::tr("%1 … %2, median %3")
        .arg(QLocale().toString(p.min, 'g', 6), QLocale().toString(p.max, 'g', 6),
             QLocale().toString(p.median, 'g', 6));
  if (p.type != ColumnType::Category) return {};
  QStringList top;
  for (size_t k = 0; k < std::min<size_t>(3, p.top.size()); ++k)
    top << QString("%1 (%2)").arg(QString::fromStdString(p.top[k].first), QLocale().toString(p.top[k].second));
  return TableBrowser::tr("%1 levels: %2").arg(QLocale().toString(static_cast<qlonglong>(p.levels)), top.join(", "));
}

const TableDataset* tableOf(const DatasetSplits& splits) {
  return dynamic_cast<const TableDataset*>(splits.train.get());
}

bool contains(const std::vector<TableEncoding::Number>& v, const std::string& name) {
  return std::any_of(v.begin(), v.end(), [&](const auto& n) { return n.name == name; });
}
bool contains(const std::vector<TableEncoding::Category>& v, const std::string& name) {
  return std::any_of(v.begin(), v.end(), [&](const auto& n) { return n.name == name; });
}
}  // namespace

TableBrowser::TableBrowser(QWidget* parent) : QWidget(parent), model_(new TableModel(this)) {
  view_ = new QTableView(this);
  view_->setModel(model_);
  view_->setWordWrap(false);
  // Fixed row heights: the view never measures a million rows to scroll them.
  view_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  view_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  view_->verticalHeader()->setToolTip(tr("The line of the file each row starts on"));
  view_->horizontalHeader()->setDefaultSectionSize(110);
  connect(view_->horizontalHeader(), &QHeaderView::sectionClicked, this, &TableBrowser::selectColumn);

  auto* splitter = new QSplitter(this);
  splitter->addWidget(view_);
  splitter->addWidget(makeProfiles());
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(makeChoices());
  layout->addWidget(splitter, 1);
}

// What to predict and how: changing either reads the table again.
QWidget* TableBrowser::makeChoices() {
  auto* box = new QWidget(this);
  target_ = new QComboBox(box);
  target_->setToolTip(tr("The column the model learns to predict (%1)").arg(fullKey(&DatasetConfig::target)));
  target_->setMinimumContentsLength(10);
  task_ = new QComboBox(box);
  task_->setToolTip(tr("auto classifies text or a few whole numbers, and regresses any other number (%1)")
                        .arg(fullKey(&DatasetConfig::task)));
  task_->addItem(tr("auto"), "auto");
  task_->addItem(tr("classification"), "classification");
  task_->addItem(tr("regression"), "regression");
  try_ = new QPushButton(tr("Try the model…"), box);
  try_->setToolTip(
      tr("Type in a row, or start from the selected one, and see what the latest model trained on a table predicts"));
  connect(try_, &QPushButton::clicked, this, [this] {
    const QModelIndex current = view_->currentIndex();
    emit tryRequested(rowValues(current.isValid() ? current.row() : 0));
  });
  text_ = new QPushButton(tr("Classify this text…"), box);
  text_->setToolTip(tr("Select a text column: the model then reads its documents (%1) and predicts the target's "
                       "class from them alone")
                        .arg(fullKey(&DatasetConfig::text_column)));
  text_->setEnabled(false);
  connect(text_, &QPushButton::clicked, this, [this] {
    const int column = columns_->currentRow();
    if (column >= 0 && column < static_cast<int>(profiles_.size()))
      requestSection(datasetKey(&DatasetConfig::text_column), profiles_[static_cast<size_t>(column)].name);
  });
  summary_ = new QLabel(box);
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* row = new QHBoxLayout(box);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(new QLabel(tr("Predict"), box));
  row->addWidget(target_);
  row->addWidget(new QLabel(tr("as"), box));
  row->addWidget(task_);
  row->addWidget(summary_, 1);
  row->addWidget(text_);
  row->addWidget(try_);
  connect(target_, &QComboBox::activated, this, [this] {
    nlohmann::json exclude = section_.value(datasetKey(&DatasetConfig::exclude_columns), nlohmann::json::array());
    const std::string chosen = target_->currentText().toStdString();
    if (exclude.is_array())  // the new target is no longer a column to leave out
      exclude.erase(std::remove(exclude.begin(), exclude.end(), nlohmann::json(chosen)), exclude.end());
    section_[datasetKey(&DatasetConfig::exclude_columns)] = exclude;
    requestSection(datasetKey(&DatasetConfig::target), chosen);
  });
  connect(task_, &QComboBox::activated, this,
          [this] { requestSection(datasetKey(&DatasetConfig::task), task_->currentData().toString().toStdString()); });
  return box;
}

// Every column's profile, and the chart of the one selected.
QWidget* TableBrowser::makeProfiles() {
  auto* box = new QWidget(this);
  columns_ = new QTableWidget(0, kProfileColumns, box);
  columns_->setHorizontalHeaderLabels({tr("Column"), tr("Type"), tr("Use"), tr("Missing"), tr("Values")});
  columns_->horizontalHeaderItem(kUse)->setToolTip(
      tr("Whether the model learns from the column: untick one to leave it out (%1)")
          .arg(fullKey(&DatasetConfig::exclude_columns)));
  columns_->verticalHeader()->hide();
  columns_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
  columns_->setSelectionBehavior(QAbstractItemView::SelectRows);
  columns_->setSelectionMode(QAbstractItemView::SingleSelection);
  columns_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  columns_->horizontalHeader()->setStretchLastSection(true);
  connect(columns_, &QTableWidget::currentCellChanged, this, [this](int row) {
    if (row >= 0) selectColumn(row);
  });
  connect(columns_, &QTableWidget::cellClicked, this, [this](int row) {  // the column's cells come into view
    view_->scrollTo(model_->index(std::max(0, view_->rowAt(0)), row));
  });
  connect(columns_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
    if (!filling_ && item->column() == kUse) columnToggled(item->row());
  });
  chartTitle_ = new QLabel(box);
  chartTitle_->setWordWrap(true);
  histogram_ = new widgets::HistogramPlot(box);
  bars_ = new widgets::ClassChart(box);
  chart_ = new QStackedWidget(box);
  chart_->addWidget(histogram_);
  chart_->addWidget(bars_);
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(columns_, 3);
  layout->addWidget(chartTitle_);
  layout->addWidget(chart_, 2);
  return box;
}

void TableBrowser::setDataset(std::shared_ptr<const DatasetSplits> splits, const nlohmann::json& section) {
  const TableDataset* table = splits ? tableOf(*splits) : nullptr;
  if (!table) return;
  splits_ = std::move(splits);
  section_ = section;
  const TableEncoding& e = table->encoding();
  const CsvTable& t = table->table();
  QSet<QString> unused;
  for (const auto& c : t.columns)
    if (c.name != e.target && useOf(c.name, nullptr) != tr("feature")) unused.insert(QString::fromStdString(c.name));
  // Aliased to the splits: the view keeps the table alive as long as it shows it.
  model_->setTable(std::shared_ptr<const CsvTable>(splits_, &t), QString::fromStdString(e.target), unused);

  QSignalBlocker blockTarget(target_), blockTask(task_);
  target_->clear();
  for (const auto& c : t.columns) target_->addItem(QString::fromStdString(c.name));
  target_->setCurrentText(QString::fromStdString(e.target));
  task_->setCurrentIndex(std::max(0, task_->findData(QString::fromStdString(
                                         section.value(datasetKey(&DatasetConfig::task), std::string("auto"))))));
  const int features = static_cast<int>(e.numbers.size() + e.categories.size());
  summary_->setText(
      tr("%1 rows × %2 columns. %3: %4 training and %5 validation rows; the model learns from %6 of the "
         "columns; rows skipped: %7.")
          .arg(QLocale().toString(static_cast<qlonglong>(t.rows)), QLocale().toString(t.columns.size()),
               e.task == "regression" ? tr("Regression") : tr("Classification into %1 classes").arg(e.classes.size()),
               QLocale().toString(static_cast<qlonglong>(splits_->train->size())),
               QLocale().toString(static_cast<qlonglong>(splits_->val->size())), QLocale().toString(features),
               QLocale().toString(splits_->skipped.size())));

  profiles_.clear();
  columns_->setRowCount(0);
  chartTitle_->setText(tr("Profiling the columns…"));
  const quint64 generation = ++generation_;
  runInBackground(
      this,
      [generation, splits = splits_, table = std::shared_ptr<const CsvTable>(splits_, &t)] {
        Profiles p;
        p.generation = generation;
        p.columns = profileTable(*table, 12, 30);
        const auto& classes = splits->train->classes();
        if (splits->table && splits->table->task == "classification") {
          for (const auto& c : classes) p.classes << QString::fromStdString(c);
          p.train.fill(0, p.classes.size());
          p.val.fill(0, p.classes.size());
          for (auto [data, counts] : {std::pair{splits->train.get(), &p.train}, std::pair{splits->val.get(), &p.val}})
            for (int64_t i = 0; i < data->size(); ++i)
              if (const int64_t k = data->label(i); k >= 0 && k < counts->size()) ++(*counts)[static_cast<int>(k)];
        }
        return p;
      },
      [this](Profiles p) { showProfiles(std::move(p)); });
}

void TableBrowser::showProfiles(Profiles p) {
  if (p.generation != generation_) return;  // a table shown since
  profiles_ = std::move(p.columns);
  classes_ = p.classes, trainCounts_ = p.train, valCounts_ = p.val;
  filling_ = true;
  columns_->setRowCount(static_cast<int>(profiles_.size()));
  for (int r = 0; r < static_cast<int>(profiles_.size()); ++r) fillColumnRow(r, profiles_[static_cast<size_t>(r)]);
  filling_ = false;
  columns_->resizeColumnsToContents();
  const int target = model_->table() ? model_->table()->find(tableOf(*splits_)->encoding().target) : -1;
  columns_->setCurrentCell(std::max(0, target), kName);  // the target's balance or distribution first
  emit profilesShown();
}

void TableBrowser::fillColumnRow(int row, const ColumnProfile& p) {
  const int64_t rows = model_->table()->rows;
  QString why;
  const QString use = useOf(p.name, &why);
  const double missing = rows > 0 ? 100.0 * static_cast<double>(p.missing) / static_cast<double>(rows) : 0;
  const QStringList texts{QString::fromStdString(p.name), typeName(p.type), use,
                          QLocale().toString(missing, 'f', missing > 0 && missing < 1 ? 2 : 1) + "%", valuesText(p)};
  for (int c = 0; c < kProfileColumns; ++c) {
    auto* item = new QTableWidgetItem(texts[c]);
    item->setFlags(item->flags() & ~Qt::ItemIsUserCheckable);  // a box only where a column can be left out
    item->setToolTip(c == kUse       ? why
                     : c == kMissing ? tr("missing in %1 of %2 rows")
                                           .arg(QLocale().toString(static_cast<qlonglong>(p.missing)),
                                                QLocale().toString(static_cast<qlonglong>(rows)))
                                     : texts[c]);
    columns_->setItem(row, c, item);
  }
  const bool target = use == tr("target");
  if (!target && (p.type == ColumnType::Number || p.type == ColumnType::Category)) {
    auto* item = columns_->item(row, kUse);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(use == tr("feature") ? Qt::Checked : Qt::Unchecked);
  }
  if (target) {
    QFont bold = columns_->font();
    bold.setBold(true);
    for (int c = 0; c < kProfileColumns; ++c) columns_->item(row, c)->setFont(bold);
  }
}

// Target, feature, left out (and why), or not used by this experiment's column lists.
QString TableBrowser::useOf(const std::string& column, QString* why) const {
  const TableEncoding& e = tableOf(*splits_)->encoding();
  QString reason;
  QString use = tr("not used");
  if (column == e.target) {
    use = tr("target");
    reason = tr("What the model learns to predict");
  } else if (contains(e.numbers, column) || contains(e.categories, column)) {
    use = tr("feature");
    reason = tr("The model learns from it");
  } else if (std::any_of(e.left_out.begin(), e.left_out.end(), [&](const auto& l) { return l.column == column; })) {
    use = tr("left out");
    const int index = tableOf(*splits_)->table().find(column);
    reason = index >= 0 && tableOf(*splits_)->table().columns[static_cast<size_t>(index)].type == ColumnType::Identifier
                 ? tr("An identifier: its values are mostly distinct, so they name rows and teach nothing")
                 : tr("Free text: the table model does not read it");
  } else {
    reason = tr("Left out by this experiment (%1 or %2)")
                 .arg(fullKey(&DatasetConfig::columns), fullKey(&DatasetConfig::exclude_columns));
  }
  if (why) *why = reason;
  return use;
}

void TableBrowser::selectColumn(int column) {
  if (column < 0 || column >= static_cast<int>(profiles_.size())) return;
  if (columns_->currentRow() != column) {
    columns_->setCurrentCell(column, kName);  // comes back here through currentCellChanged
    return;
  }
  const ColumnProfile& p = profiles_[static_cast<size_t>(column)];
  text_->setEnabled(p.type == ColumnType::Text);
  const QString name = QString::fromStdString(p.name);
  const bool target = p.name == tableOf(*splits_)->encoding().target;
  if (target && !classes_.isEmpty()) {
    bars_->setCounts(classes_, trainCounts_, valCounts_);
    chart_->setCurrentWidget(bars_);
    chartTitle_->setText(tr("%1, the target: rows of each class per split").arg(name));
  } else if (p.type == ColumnType::Number) {
    histogram_->setHistogram(p.edges, p.counts, {});
    chart_->setCurrentWidget(histogram_);
    chartTitle_->setText(
        (target ? tr("%1, the target: distribution of its values") : tr("%1: distribution of its values")).arg(name));
  } else if (p.type == ColumnType::Category) {
    QStringList levels;
    QVector<qint64> counts;
    for (const auto& [level, count] : p.top) levels << QString::fromStdString(level), counts << count;
    bars_->setCounts(levels, counts, {});
    chart_->setCurrentWidget(bars_);
    chartTitle_->setText(tr("%1: its %2 most frequent of %3 levels")
                             .arg(name)
                             .arg(levels.size())
                             .arg(QLocale().toString(static_cast<qlonglong>(p.levels))));
  } else {
    histogram_->clear();
    chart_->setCurrentWidget(histogram_);
    chartTitle_->setText(tr("%1 is %2: nothing to chart").arg(name, typeName(p.type)));
  }
}

std::map<std::string, std::string> TableBrowser::rowValues(int row) const {
  std::map<std::string, std::string> values;
  const CsvTable* t = model_->table();
  if (!t || row < 0 || row >= t->rows) return values;
  for (const auto& c : t->columns) values[c.name] = c.display(row);
  return values;
}

void TableBrowser::requestSection(const std::string& key, const nlohmann::json& value) {
  section_[key] = value;
  emit reimportRequested(section_);
}

// A ticked or unticked column: every unticked one is left out by name.
void TableBrowser::columnToggled(int) {
  nlohmann::json exclude = nlohmann::json::array();
  for (int r = 0; r < columns_->rowCount(); ++r) {
    const auto* use = columns_->item(r, kUse);
    // Only a column with a box: a QTableWidgetItem is user-checkable by default.
    if (use && use->data(Qt::CheckStateRole).isValid() && use->checkState() == Qt::Unchecked)
      exclude.push_back(columns_->item(r, kName)->text().toStdString());
  }
  section_.erase(datasetKey(&DatasetConfig::columns));
  requestSection(datasetKey(&DatasetConfig::exclude_columns), exclude);
}

}  // namespace trainscope::ui
