#include "widgets/summary_table.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace trainscope::widgets {

SummaryTable::SummaryTable(const QStringList& headers, QWidget* parent)
    : QWidget(parent), table_(new QTableWidget(0, headers.size(), this)), totals_(new QLabel(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(table_, 1);
  layout->addWidget(totals_);
  table_->setHorizontalHeaderLabels(headers);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->verticalHeader()->setVisible(false);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setAlternatingRowColors(true);
  totals_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  totals_->setWordWrap(true);
}

void SummaryTable::setRows(const QVector<QStringList>& rows, const QString& totals) {
  table_->setRowCount(rows.size());
  for (int r = 0; r < rows.size(); ++r) {
    for (int c = 0; c < rows[r].size() && c < table_->columnCount(); ++c) {
      auto* item = new QTableWidgetItem(rows[r][c]);
      bool number = false;
      QString(rows[r][c]).remove(',').toLongLong(&number);
      if (number) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(r, c, item);
    }
  }
  table_->resizeColumnsToContents();
  totals_->setText(totals);
}

void SummaryTable::setMessage(const QString& text) {
  table_->setRowCount(0);
  totals_->setText(text);
}

int SummaryTable::rowCount() const { return table_->rowCount(); }
QString SummaryTable::cell(int row, int column) const {
  const auto* item = table_->item(row, column);
  return item ? item->text() : QString();
}
QString SummaryTable::totals() const { return totals_->text(); }

}  // namespace trainscope::widgets
