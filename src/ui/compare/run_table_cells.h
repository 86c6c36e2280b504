// The cells of the Compare page's runs table: results as percentages, training times
// in s, min or h, and items that sort by their number rather than their text.
#pragma once

#include <QString>
#include <QTableWidgetItem>

namespace trainscope::ui {

// "87.07%", or "" for NaN (a run with no validation yet).
QString percentCell(double share);
// "45 s", "3.5 min", "2.1 h", or "" when unknown.
QString durationCell(double seconds);

// A table item that sorts by a number when it has one (NaN: by its text).
class SortItem : public QTableWidgetItem {
 public:
  SortItem(const QString& text, double key) : QTableWidgetItem(text), key_(key) {}
  bool operator<(const QTableWidgetItem& other) const override;

 private:
  double key_;
};

}  // namespace trainscope::ui
