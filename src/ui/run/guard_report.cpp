#include "ui/run/guard_report.h"

namespace trainscope::ui {

QString GuardReport::text(const GuardTripped& trip) {
  QString text = tr("At step %1 %2.").arg(trip.step).arg(QString::fromStdString(trip.what));
  if (!trip.layer.empty())
    text += " " + tr("The first layer with a non-finite output is %1.").arg(QString::fromStdString(trip.layer));
  if (!trip.dump_path.empty())
    text +=
        " " +
        tr("The batch and that layer's input and output are saved in %1.").arg(QString::fromStdString(trip.dump_path));
  return text;
}

QString GuardReport::advice() { return tr("Try a lower learning rate, gradient clipping, or normalised inputs."); }

}  // namespace trainscope::ui
