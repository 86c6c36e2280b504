// The largest batch that fits: one training step (forward, backward, optimizer step)
// and one validation forward measured at growing batch sizes, against a memory
// budget with headroom: on the CPU the process's peak resident memory against the
// memory available, on CUDA the caching allocator's peak against the device's free
// memory. Then the gradient accumulation that reaches a target effective batch, and
// when that needs accumulation, what activation checkpointing would fit instead.
#pragma once

#include "engine/config/config.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace trainscope {

struct BatchFitOptions {
  double headroom = 0.2;     // the share of the budget left free
  int target_batch = 0;      // the effective batch wanted; 0 = the config's batch x accumulation
  int max_batch = 4096;      // never measured beyond (nor beyond the training split)
  int64_t budget_bytes = 0;  // 0 = what the machine has available now
};

struct BatchMeasurement {
  int batch = 0;
  int64_t peak_bytes = 0;  // the process (CPU) or the allocator (CUDA) at its peak
  bool fits = false;
  int checkpoint_segments = 0;  // model.activation_checkpointing it was measured with
};

struct BatchFit {
  int batch_size = 0;        // the largest measured batch within the budget
  int grad_accum_steps = 1;  // to reach the target effective batch with it
  int target_batch = 0;
  int64_t budget_bytes = 0;
  std::string device, memory;  // "cpu", "resident memory" / "CUDA allocator"
  std::vector<BatchMeasurement> measured;
  // When the target batch does not fit in one step (or no batch does) and the config
  // has no activation checkpointing: the same measurement with
  // model.activation_checkpointing at `checkpoint_segments` (about the square root of
  // the layer count), the fitter's offer to trade compute for memory.
  int checkpoint_segments = 0;  // 0 = not measured
  int checkpointed_batch_size = 0, checkpointed_grad_accum_steps = 1;
  std::vector<BatchMeasurement> checkpointed_measured;
};

// Throws ConfigError / std::runtime_error with a readable reason.
BatchFit fitBatchSize(const ExperimentConfig& config, const BatchFitOptions& options,
                      const std::function<void(const BatchMeasurement&)>& progress = {});

}  // namespace trainscope
