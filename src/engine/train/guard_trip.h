// What the NaN guard leaves when it trips: evidence for the first few trips (the batch,
// and the first layer whose output is not finite, in nan_guard/), a log line for the
// first 20 and every 100th, and run.json's count and first 20 entries. What the run then
// does (pause, stop, skip) is the trainer's.
#pragma once

#include "engine/models/layer_stack.h"
#include "engine/record/run_record.h"
#include "engine/run/events.h"

#include <torch/torch.h>

#include <functional>
#include <string>

namespace trainscope {

struct GuardTripFacts {
  std::string what, action;     // what went non-finite; config.training.nan_guard
  int64_t step = 0, epoch = 0;  // the step not applied (1-based); the epoch (0-based)
  int64_t trip = 0;             // this trip's number in the run, 1-based
  bool writeEvidence = true;    // false on a data-parallel rank other than 0
};

// Records the trip into `record`'s info (the caller saves it) and returns its event.
GuardTripped recordGuardTrip(const GuardTripFacts& facts, LayerStack& model, const torch::Tensor& x,
                             const torch::Tensor& y, RunRecord& record,
                             const std::function<void(const std::string& warning)>& log);

}  // namespace trainscope
