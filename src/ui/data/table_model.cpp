#include "ui/data/table_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

namespace trainscope::ui {

void TableModel::setTable(std::shared_ptr<const CsvTable> table, const QString& target, const QSet<QString>& unused) {
  beginResetModel();
  table_ = std::move(table);
  target_ = table_ ? table_->find(target.toStdString()) : -1;
  unused_.clear();
  for (int c = 0; table_ && c < static_cast<int>(table_->columns.size()); ++c)
    if (unused.contains(QString::fromStdString(table_->columns[static_cast<size_t>(c)].name))) unused_.insert(c);
  endResetModel();
}

int TableModel::rowCount(const QModelIndex& parent) const {
  // QTableView counts rows in int: past 2^31 rows only the first are shown.
  return parent.isValid() || !table_ ? 0 : static_cast<int>(std::min<int64_t>(table_->rows, INT32_MAX));
}

int TableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() || !table_ ? 0 : static_cast<int>(table_->columns.size());
}

QVariant TableModel::data(const QModelIndex& index, int role) const {
  if (!table_ || !index.isValid()) return {};
  const TableColumn& column = table_->columns.at(static_cast<size_t>(index.column()));
  const bool missing = column.isMissing(index.row());
  switch (role) {
    case Qt::DisplayRole: return missing ? QStringLiteral("—") : QString::fromStdString(column.display(index.row()));
    case Qt::ToolTipRole: return missing ? tr("missing") : QVariant();
    case Qt::TextAlignmentRole:
      return QVariant::fromValue(Qt::AlignVCenter |
                                 (column.type == ColumnType::Number || missing ? Qt::AlignRight : Qt::AlignLeft));
    case Qt::ForegroundRole:
      if (missing || unused_.contains(index.column())) return QBrush(QColor(140, 140, 140));
      return {};
    case Qt::BackgroundRole:
      if (index.column() == target_) return QBrush(QColor(255, 243, 205));
      return {};
    default: return {};
  }
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (!table_) return {};
  if (orientation == Qt::Vertical) {
    if (role != Qt::DisplayRole) return {};
    return QLocale().toString(static_cast<qlonglong>(table_->lines.at(static_cast<size_t>(section))));
  }
  const TableColumn& column = table_->columns.at(static_cast<size_t>(section));
  if (role == Qt::DisplayRole) return QString::fromStdString(column.name);
  if (role == Qt::FontRole && section == target_) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  if (role == Qt::ToolTipRole)
    return section == target_ ? tr("%1: the target, what the model predicts").arg(QString::fromStdString(column.name))
                              : QString::fromStdString(column.name);
  return {};
}

}  // namespace trainscope::ui
