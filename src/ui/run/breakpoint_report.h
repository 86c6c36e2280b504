// What a breakpoint (training.breakpoints) saw, said the same way in the dialog, the
// status bar and the desktop notification.
#pragma once

#include "engine/run/events.h"

#include <QCoreApplication>
#include <QString>

namespace trainscope::ui {

class BreakpointReport {
  Q_DECLARE_TR_FUNCTIONS(trainscope::ui::BreakpointReport)

 public:
  // "At step 412 the loss (2.31) rose to 4.2 times its running mean (0.55); the limit is 3."
  static QString text(const BreakpointHit& hit);
  // What can be done now.
  static QString advice();
};

}  // namespace trainscope::ui
