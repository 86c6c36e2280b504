// Asynchronous successive halving (ASHA; Li et al., "A System for Massively Parallel
// Hyperparameter Tuning", 2020), in its stopping form as Ray Tune's ASHAScheduler
// runs it: each trial trains for the full epochs, and at every rung (min_epochs,
// min_epochs x eta, min_epochs x eta^2, ... below the epochs) its validation metric
// is ranked among the values the trials before it reached at that rung. Outside the
// top ceil(n / eta) of those n (its own included), it stops, and its slot goes to a
// new trial; on distinct values this is Ray's (1 - 1/eta) quantile cutoff, and ties
// count against the trial. No trial waits for another, so one, two or more can train
// at once. No torch.
#pragma once

#include <cstdint>
#include <vector>

namespace trainscope {

struct HalvingConfig {
  bool on = false;
  int64_t min_epochs = 1;  // the first rung
  double eta = 3;          // the reduction factor: the top 1/eta go on at each rung
};

// The rung epochs below `epochs`: min_epochs * eta^k.
std::vector<int64_t> halvingRungs(const HalvingConfig& config, int64_t epochs);

struct RungVerdict {
  bool stop = false;
  int compared = 0;   // the trials' values ranked (its own included)
  int top = 1;        // how many of them go on: ceil(compared / eta)
  double cutoff = 0;  // the value it had to beat: the top-th best of the others' (NaN: fewer others)
};

// A trial reached a rung with `value`; `earlier` holds the values other trials
// recorded at that rung. With no earlier value it always goes on; a value that is not a
// number (a diverged trial) always stops.
RungVerdict judgeAtRung(const std::vector<double>& earlier, double value, double eta, bool maximize);

}  // namespace trainscope
