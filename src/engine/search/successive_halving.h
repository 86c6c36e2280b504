// Asynchronous successive halving (ASHA; Li et al., "A System for Massively Parallel
// Hyperparameter Tuning", 2020), in its stopping form as Ray Tune's ASHAScheduler
// runs it: each trial trains for the full epochs, and at every rung (min_epochs,
// min_epochs x eta, min_epochs x eta^2, ... below the epochs) its validation metric
// is compared with what the trials before it reached at that rung. Below the top
// 1/eta of them (the (1 - 1/eta) quantile), it stops, and its slot goes to a new
// trial. No trial waits for another, so one, two or more can train at once. No torch.
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
  double cutoff = 0;  // the value a trial had to reach (or beat) to go on
  int compared = 0;   // how many trials' values it was compared with (its own included)
};

// A trial reached a rung with `value`; `earlier` holds the values other trials
// recorded at that rung. With no earlier value it always goes on.
RungVerdict judgeAtRung(const std::vector<double>& earlier, double value, double eta, bool maximize);

}  // namespace trainscope
