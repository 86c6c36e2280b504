#include "ui/compare/run_table_cells.h"

#include <cmath>

namespace trainscope::ui {

QString percentCell(double v) { return std::isnan(v) ? QString() : QString::number(v * 100, 'f', 2) + "%"; }

QString durationCell(double s) {
  if (s <= 0) return {};
  if (s < 120) return QString::number(s, 'f', 0) + " s";
  if (s < 7200) return QString::number(s / 60, 'f', 1) + " min";
  return QString::number(s / 3600, 'f', 1) + " h";
}

bool SortItem::operator<(const QTableWidgetItem& other) const {
  const auto* o = dynamic_cast<const SortItem*>(&other);
  if (o && !std::isnan(key_) && !std::isnan(o->key_)) return key_ < o->key_;
  return QTableWidgetItem::operator<(other);
}

}  // namespace trainscope::ui
