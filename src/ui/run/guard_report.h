// What the NaN guard found, said the same way wherever a run trips it: the app's own
// run (a dialog) and a queued run (a lesson's or a grid's, in the queue's report).
#pragma once

#include "engine/run/events.h"

#include <QCoreApplication>
#include <QString>

namespace trainscope::ui {

class GuardReport {
  Q_DECLARE_TR_FUNCTIONS(trainscope::ui::GuardReport)

 public:
  // "At step 37 loss is nan. The first layer with a non-finite output is fc1. The batch
  // and that layer's input and output are saved in …/nan_step37.h5."
  static QString text(const GuardTripped& trip);
  // What to try next.
  static QString advice();
};

}  // namespace trainscope::ui
