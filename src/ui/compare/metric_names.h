// The curves a run records, as users read them: "train_loss" is "training loss (per
// epoch)" on every page (Compare's menu, a lesson's description), never the key.
#pragma once

#include <QPair>
#include <QString>
#include <QVector>

namespace trainscope::ui {

// Every curve Compare can plot: (key in metrics.h5 or probes.h5, label), in menu order.
QVector<QPair<QString, QString>> curveNames();
// The label of a curve key, or the key itself when it is not one of them.
QString curveLabel(const QString& key);
// "step", "epoch", "time" as an axis says it.
QString xAxisLabel(const QString& x);

}  // namespace trainscope::ui
