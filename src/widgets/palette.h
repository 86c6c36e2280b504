// Colours for series that must tell apart at a glance: Tableau 10, then darker and
// lighter rounds of it.
#pragma once

#include <QColor>

namespace trainscope::widgets {

inline QColor seriesColor(int i) {
  if (i < 0) return QColor(160, 160, 160);  // none (a sample that was not seen)
  static const QColor base[] = {
      QColor(31, 119, 180), QColor(255, 127, 14),  QColor(44, 160, 44),   QColor(214, 39, 40),  QColor(148, 103, 189),
      QColor(140, 86, 75),  QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34), QColor(23, 190, 207)};
  const QColor c = base[i % 10];
  const int round = (i / 10) % 3;
  return round == 0 ? c : round == 1 ? c.darker(140) : c.lighter(130);
}

}  // namespace trainscope::widgets
