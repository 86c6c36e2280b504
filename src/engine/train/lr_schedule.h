// Learning-rate schedules as a pure function of the optimizer step, so a checkpoint
// only needs the step to restore them: constant, StepLR, MultiStepLR and cosine
// annealing (epoch-based ones use whole epochs, as PyTorch's scheduler.step() per
// epoch), each with an optional linear warmup (LinearLR).
#pragma once

#include "engine/config/config.h"

#include <cstdint>

namespace trainscope {

class LrSchedule {
 public:
  LrSchedule(const SchedulerConfig& config, double base_lr, int64_t steps_per_epoch, int64_t total_steps);
  // The learning rate for the optimizer step that follows `steps_done` completed steps.
  double lrAt(int64_t steps_done) const;

 private:
  SchedulerConfig config_;
  double base_;
  int64_t stepsPerEpoch_, totalSteps_, warmupSteps_;
};

}  // namespace trainscope
