// What a training session has done and how fast: the samples, steps and seconds of
// this process's session (a resumed run adds its earlier training time), and the
// validation passes. The Train page's rate, elapsed time and ETA come from here.
#pragma once

#include "engine/run/events.h"

#include <algorithm>
#include <cstdint>

namespace trainscope {

class Throughput {
 public:
  explicit Throughput(double resumedTrainSeconds = 0) : resumedTrainSeconds_(resumedTrainSeconds) {}

  // An optimizer step of `samples` (all ranks') in `seconds`; `rankSamples` this rank's share.
  void stepDone(double samples, double seconds, double rankSamples) {
    samples_ += samples, seconds_ += seconds, rankSamples_ += rankSamples;
    ++steps_;
  }
  void validated(double seconds) {
    lastValidationSeconds_ = seconds;
    validationSeconds_ += seconds;
  }

  double samplesPerSecond() const { return seconds_ > 0 ? samples_ / seconds_ : 0; }
  // Training and validation time so far, earlier sessions' training included.
  double elapsed() const { return resumedTrainSeconds_ + seconds_ + validationSeconds_; }
  // The steps left at the measured step time, plus the validations left at the last one's.
  double eta(int64_t stepsLeft, int64_t validationsLeft) const {
    if (steps_ == 0) return 0;
    return (seconds_ / static_cast<double>(steps_)) * static_cast<double>(std::max<int64_t>(0, stepsLeft)) +
           lastValidationSeconds_ * static_cast<double>(std::max<int64_t>(0, validationsLeft));
  }
  // Where the run is, for the Progress event: epoch is 0-based, stepInEpoch counts
  // the steps done in it; `validating` after its last step.
  struct Position {
    int64_t epoch = 0, epochs = 0, stepInEpoch = 0, stepsPerEpoch = 0, globalStep = 0, totalSteps = 0;
  };
  Progress progress(const Position& at, bool validating) const {
    Progress p;
    p.epoch = at.epoch + 1, p.epochs = at.epochs;
    p.step_in_epoch = std::min(at.stepInEpoch, at.stepsPerEpoch), p.steps_per_epoch = at.stepsPerEpoch;
    p.global_step = at.globalStep, p.total_steps = at.totalSteps;
    p.samples_per_sec = samplesPerSecond(), p.elapsed = elapsed();
    // One validation per epoch still to validate.
    p.eta = eta(at.totalSteps - at.globalStep, at.epochs - at.epoch - (validating ? 1 : 0));
    p.validating = validating;
    return p;
  }
  double sessionSeconds() const { return seconds_; }
  double rankSamples() const { return rankSamples_; }

 private:
  double resumedTrainSeconds_;
  double samples_ = 0, seconds_ = 0, rankSamples_ = 0;
  int64_t steps_ = 0;
  double validationSeconds_ = 0, lastValidationSeconds_ = 0;
};

}  // namespace trainscope
