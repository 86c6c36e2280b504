// A run's recorded curves as the Train page draws them: the training loss and learning
// rate per step (made ready for drawing, pyramids and all) and every epoch's metrics,
// up to a step. Read from metrics.h5 off the GUI thread, so that a resumed run's page
// continues its curves where the checkpoint stands, whatever their length.
#pragma once

#include "engine/run/events.h"
#include "widgets/live_curve_plot.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope::ui {

struct TrainHistory {
  std::string error;                                        // metrics.h5 could not be read: why (the rest is empty)
  widgets::LiveCurvePlot::PreparedCurve loss, lr, padding;  // padding: text's, else empty
  std::vector<EpochMetrics> epochs;
  int64_t last_step = 0;
};

// Plain work, any thread. `upToStep` < 0: all of it. `smoothing`: the loss curve's EMA
// weight, as the page shows it.
TrainHistory readTrainHistory(const std::string& runDir, int64_t upToStep, double smoothing);

}  // namespace trainscope::ui
