#include "engine/train/lr_schedule.h"

#include <algorithm>
#include <cmath>

namespace trainscope {

LrSchedule::LrSchedule(const SchedulerConfig& config, double base_lr, int64_t steps_per_epoch, int64_t total_steps)
    : config_(config),
      base_(base_lr),
      stepsPerEpoch_(std::max<int64_t>(1, steps_per_epoch)),
      totalSteps_(std::max<int64_t>(1, total_steps)),
      warmupSteps_(static_cast<int64_t>(std::llround(config.warmup_epochs * static_cast<double>(stepsPerEpoch_)))) {}

double LrSchedule::lrAt(int64_t step) const {
  double factor = 1.0;
  if (warmupSteps_ > 0 && step < warmupSteps_) {
    const double t = static_cast<double>(step) / static_cast<double>(warmupSteps_);
    factor = config_.warmup_start_factor + (1.0 - config_.warmup_start_factor) * t;
  }
  const double epoch = std::floor(static_cast<double>(step) / static_cast<double>(stepsPerEpoch_));
  if (config_.name == "step") {
    return base_ * factor * std::pow(config_.gamma, std::floor(epoch / config_.step_size));
  }
  if (config_.name == "multistep") {
    const auto passed =
        std::count_if(config_.milestones.begin(), config_.milestones.end(), [&](double m) { return epoch >= m; });
    return base_ * factor * std::pow(config_.gamma, static_cast<double>(passed));
  }
  if (config_.name == "cosine") {
    // Annealed per step over the steps after warmup, down to eta_min.
    if (step < warmupSteps_) return base_ * factor;
    const double span = static_cast<double>(std::max<int64_t>(1, totalSteps_ - warmupSteps_));
    const double t = std::min(1.0, static_cast<double>(step - warmupSteps_) / span);
    return config_.eta_min + (base_ - config_.eta_min) * 0.5 * (1.0 + std::cos(M_PI * t));
  }
  return base_ * factor;
}

}  // namespace trainscope
