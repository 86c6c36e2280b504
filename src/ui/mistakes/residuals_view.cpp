#include "ui/mistakes/residuals_view.h"

#include "engine/data/table_dataset.h"
#include "widgets/residual_plot.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace trainscope::ui {

namespace {
constexpr size_t kLargestShown = 200;

QString number(double x) { return QLocale().toString(x, 'g', 6); }

QTableWidget* makeTable(const QStringList& headers, QWidget* parent) {
  auto* table = new QTableWidget(0, static_cast<int>(headers.size()), parent);
  table->setHorizontalHeaderLabels(headers);
  table->verticalHeader()->hide();
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setSelectionMode(QAbstractItemView::SingleSelection);
  table->horizontalHeader()->setStretchLastSection(true);
  return table;
}

// MAE, RMSE and R² of the rows predicted, as validation reports them.
QString fitText(const ValidationResiduals& r) {
  double sumAbs = 0, sumSq = 0, sum = 0, sumTrueSq = 0;
  int64_t n = 0;
  for (int64_t i = 0; i < r.samples(); ++i) {
    const double t = r.truth[static_cast<size_t>(i)], p = r.predicted[static_cast<size_t>(i)];
    if (!std::isfinite(t) || !std::isfinite(p)) continue;
    sumAbs += std::abs(p - t), sumSq += (p - t) * (p - t), sum += t, sumTrueSq += t * t, ++n;
  }
  if (n == 0) return ResidualsView::tr("No validation row has a prediction yet.");
  const double sst = sumTrueSq - sum * sum / static_cast<double>(n);
  return ResidualsView::tr(
             "%1 validation rows at the last epoch: MAE %2, RMSE %3, R² %4. Points above the diagonal "
             "are predicted too high, below it too low.")
      .arg(QLocale().toString(static_cast<qlonglong>(n)), number(sumAbs / static_cast<double>(n)),
           number(std::sqrt(sumSq / static_cast<double>(n))), number(sst > 0 ? 1 - sumSq / sst : std::nan("")));
}
}  // namespace

ResidualsView::ResidualsView(QWidget* parent) : QWidget(parent) {
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  plot_ = new widgets::ResidualPlot(this);
  largest_ = makeTable({tr("Row"), tr("True"), tr("Predicted"), tr("Residual")}, this);
  largest_->setToolTip(tr("The validation rows the model is furthest off on: click one to see its values"));
  values_ = makeTable({tr("Column"), tr("Value")}, this);
  auto* right = new QSplitter(Qt::Vertical, this);
  right->addWidget(largest_);
  right->addWidget(values_);
  auto* split = new QSplitter(this);
  split->addWidget(plot_);
  split->addWidget(right);
  split->setSizes({3000, 2000});  // the scatter wider than the tables
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(summary_);
  layout->addWidget(split, 1);
  connect(plot_, &widgets::ResidualPlot::rowClicked, this, &ResidualsView::selectRow);
  connect(largest_, &QTableWidget::currentCellChanged, this, [this](int row) {
    if (row >= 0 && row < static_cast<int>(order_.size()))
      selectRow(static_cast<int>(order_[static_cast<size_t>(row)]));
  });
}

void ResidualsView::setDiagnosis(std::shared_ptr<const RunDiagnosis> diagnosis) {
  diagnosis_ = std::move(diagnosis);
  if (!diagnosis_ || !diagnosis_->has_residuals) return;
  const ValidationResiduals& r = diagnosis_->residuals;
  const QString target = QString::fromStdString(r.target);
  summary_->setText(fitText(r));
  plot_->setPoints(r.truth, r.predicted, target);
  order_ = largestResiduals(r, kLargestShown);
  const QSignalBlocker block(largest_);
  largest_->setRowCount(static_cast<int>(order_.size()));
  for (int k = 0; k < static_cast<int>(order_.size()); ++k) {
    const auto i = static_cast<size_t>(order_[static_cast<size_t>(k)]);
    const double residual = static_cast<double>(r.predicted[i]) - r.truth[i];
    const QString where = QString::fromStdString(diagnosis_->splits->val->describe(static_cast<int64_t>(i)));
    const QStringList texts{where.section('/', -1), number(r.truth[i]), number(r.predicted[i]), number(residual)};
    for (int c = 0; c < texts.size(); ++c) {
      auto* item = new QTableWidgetItem(texts[c]);
      item->setToolTip(c == 0 ? where : texts[c]);
      if (c > 0) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      largest_->setItem(k, c, item);
    }
  }
  largest_->resizeColumnsToContents();
  values_->setRowCount(0);
  if (!order_.empty()) selectRow(static_cast<int>(order_.front()));  // the worst row's values at once
}

// The row's cells as the file holds them, the target first.
void ResidualsView::selectRow(int row) {
  plot_->setSelected(row);
  const auto* table = diagnosis_ ? dynamic_cast<const TableDataset*>(diagnosis_->splits->val.get()) : nullptr;
  if (!table || row < 0 || row >= table->size()) return;
  const int k = static_cast<int>(std::find(order_.begin(), order_.end(), row) - order_.begin());
  if (k < static_cast<int>(order_.size()) && largest_->currentRow() != k) {
    const QSignalBlocker block(largest_);
    largest_->setCurrentCell(k, 0);
  }
  const CsvTable& t = table->table();
  const int64_t r = table->row(row);
  values_->setRowCount(static_cast<int>(t.columns.size()));
  const QString target = QString::fromStdString(table->encoding().target);
  int line = 0;
  for (int pass = 0; pass < 2; ++pass)  // the target, then the others in the file's order
    for (const auto& column : t.columns) {
      const QString name = QString::fromStdString(column.name);
      if ((name == target) != (pass == 0)) continue;
      const bool missing = column.isMissing(r);
      values_->setItem(line, 0, new QTableWidgetItem(name));
      values_->setItem(line++, 1,
                       new QTableWidgetItem(missing ? tr("missing") : QString::fromStdString(column.display(r))));
    }
  values_->resizeColumnToContents(0);
}

QString ResidualsView::statusText(const RunDiagnosis& r, double seconds) {
  if (r.has_residuals) return tr("The validation predictions of the last epoch, read in %1 s.").arg(seconds, 0, 'f', 2);
  return r.residuals_error.empty() ? tr("No predictions yet: they are written at the end of each epoch.")
                                   : tr("residuals.h5: %1").arg(QString::fromStdString(r.residuals_error));
}

}  // namespace trainscope::ui
