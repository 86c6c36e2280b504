// A read-only table with a totals line under it (the model summary's shape).
#pragma once

#include <QStringList>
#include <QVector>
#include <QWidget>

class QLabel;
class QTableWidget;

namespace trainscope::widgets {

class SummaryTable : public QWidget {
  Q_OBJECT
 public:
  explicit SummaryTable(const QStringList& headers, QWidget* parent = nullptr);
  // Columns whose cells are numbers are right-aligned.
  void setRows(const QVector<QStringList>& rows, const QString& totals);
  void setMessage(const QString& text);  // replaces the rows, e.g. an error
  int rowCount() const;
  QString cell(int row, int column) const;
  QString totals() const;

 private:
  QTableWidget* table_;
  QLabel* totals_;
};

}  // namespace trainscope::widgets
