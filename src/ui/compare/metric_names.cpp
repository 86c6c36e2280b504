#include "ui/compare/metric_names.h"

#include "engine/run/metric_fields.h"

#include <QCoreApplication>

namespace trainscope::ui {

// The engine declares every curve and its label (engine/run/metric_fields.h); the
// labels are translated here.
QVector<QPair<QString, QString>> curveNames() {
  QVector<QPair<QString, QString>> out;
  for (const CurveName& n : trainscope::curveNames())
    out.append({QString::fromStdString(n.key), QCoreApplication::translate(kMetricContext, n.label)});
  return out;
}

QString curveLabel(const QString& key) {
  for (const CurveName& n : trainscope::curveNames())
    if (key.toStdString() == n.key) return QCoreApplication::translate(kMetricContext, n.label);
  return key;
}

QString xAxisLabel(const QString& x) {
  for (const CurveName& n : curveAxes())
    if (x.toStdString() == n.key) return QCoreApplication::translate(kMetricContext, n.label);
  return x;
}

}  // namespace trainscope::ui
