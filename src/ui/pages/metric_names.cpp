#include "ui/pages/metric_names.h"

#include <QCoreApplication>

namespace trainscope::ui {

namespace {
constexpr const char* kContext = "trainscope::ui::MetricNames";
struct Name {
  const char* key;
  const char* label;
};
// lupdate collects the labels from QT_TRANSLATE_NOOP; they are translated when asked for.
const Name kCurves[] = {
    {"loss", QT_TRANSLATE_NOOP("trainscope::ui::MetricNames", "training loss (per step)")},
    {"accuracy", QT_TRANSLATE_NOOP("trainscope::ui::MetricNames", "training accuracy (per step)")},
    {"val_loss", QT_TRANSLATE_NOOP("trainscope::ui::MetricNames", "validation loss")},
    {"val_accuracy", QT_TRANSLATE_NOOP("trainscope::ui::MetricNames", "validation accuracy")},
    {"train_loss", QT_TRANSLATE_NOOP("trainscope::ui::MetricNames", "training loss (per epoch)")},
    {"train_accuracy", QT_TRANSLATE_NOOP("trainscope::ui::MetricNames", "training accuracy (per epoch)")},
    {"lr", QT_TRANSLATE_NOOP("trainscope::ui::MetricNames", "learning rate")},
    {"samples_per_sec", QT_TRANSLATE_NOOP("trainscope::ui::MetricNames", "samples/s")},
    {"grad_norm", QT_TRANSLATE_NOOP("trainscope::ui::MetricNames", "gradient norm")}};
const Name kAxes[] = {{"step", QT_TRANSLATE_NOOP("trainscope::ui::MetricNames", "step")},
                      {"epoch", QT_TRANSLATE_NOOP("trainscope::ui::MetricNames", "epoch")},
                      {"time", QT_TRANSLATE_NOOP("trainscope::ui::MetricNames", "time (s)")}};
}  // namespace

QVector<QPair<QString, QString>> curveNames() {
  QVector<QPair<QString, QString>> out;
  for (const Name& n : kCurves)
    out.append({QString::fromLatin1(n.key), QCoreApplication::translate(kContext, n.label)});
  return out;
}

QString curveLabel(const QString& key) {
  for (const Name& n : kCurves)
    if (key == QLatin1String(n.key)) return QCoreApplication::translate(kContext, n.label);
  return key;
}

QString xAxisLabel(const QString& x) {
  for (const Name& n : kAxes)
    if (x == QLatin1String(n.key)) return QCoreApplication::translate(kContext, n.label);
  return x;
}

}  // namespace trainscope::ui
