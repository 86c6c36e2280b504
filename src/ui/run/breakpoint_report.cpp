#include "ui/run/breakpoint_report.h"

namespace trainscope::ui {

QString BreakpointReport::text(const BreakpointHit& hit) {
  const auto number = [](double v, int digits) { return QString::number(v, 'f', digits); };
  if (hit.kind == "loss_spike")
    return tr("At step %1 the loss (%2) rose to %3 times its running mean (%4); the limit is %5.")
        .arg(hit.step)
        .arg(number(hit.value, 4), number(hit.value / hit.reference, 1), number(hit.reference, 4),
             number(hit.threshold, 1));
  if (hit.kind == "val_accuracy_drop")
    return tr("After epoch %1 the validation metric fell to %2, %3 below its best so far (%4); the limit is %5.")
        .arg(hit.epoch)
        .arg(number(hit.value, 4), number(hit.reference - hit.value, 4), number(hit.reference, 4),
             number(hit.threshold, 4));
  return tr("At step %1, %2% of the outputs of %3 are zero; the limit is %4%.")
      .arg(hit.step)
      .arg(number(100 * hit.value, 1), QString::fromStdString(hit.layer), number(100 * hit.threshold, 1));
}

QString BreakpointReport::advice() {
  return tr(
      "The run is paused. Look at it (Inspect, Mistakes), resume it, or rewind it to an earlier checkpoint and "
      "fork it with other settings.");
}

}  // namespace trainscope::ui
