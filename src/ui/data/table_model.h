// A CSV table as a Qt item model for QTableView: cells are read from the table's typed
// columns only when a row is drawn, so a million rows scroll as smoothly as a hundred.
// The target column is tinted, left-out columns greyed, missing cells marked.
#pragma once

#include "engine/data/csv_table.h"

#include <QAbstractTableModel>
#include <QSet>
#include <QString>

#include <memory>

namespace trainscope::ui {

class TableModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  using QAbstractTableModel::QAbstractTableModel;

  // `unused`: the columns the model does not learn from (left out or not selected).
  void setTable(std::shared_ptr<const CsvTable> table, const QString& target, const QSet<QString>& unused);
  const CsvTable* table() const { return table_.get(); }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  // Columns: the name (its type in the tooltip); rows: the line of the file they start on.
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::shared_ptr<const CsvTable> table_;
  int target_ = -1;
  QSet<int> unused_;
};

}  // namespace trainscope::ui
