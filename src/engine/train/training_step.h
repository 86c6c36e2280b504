// The inside of one optimizer step, batch by batch: forward → loss → backward on each
// batch of a gradient accumulation, the step's sums and what went non-finite. The
// trainer (train/trainer.cpp) runs the step around it: zero_grad before, the ranks'
// agreement, clipping and optimizer.step() after.
#pragma once

#include "engine/config/config.h"
#include "engine/data/data_loader.h"
#include "engine/inspect/step_inspection.h"
#include "engine/models/layer_stack.h"
#include "engine/run/events.h"
#include "engine/train/criterion.h"
#include "engine/train/sample_recorder.h"

#include <torch/torch.h>

#include <string>
#include <vector>

namespace trainscope {

// What the batches of one optimizer step add up to.
struct StepSums {
  double loss_sum = 0, correct = 0, seen = 0;
  double rank_seen = 0;          // this rank's own share of `seen`
  double waited = 0;             // seconds waiting for the loader
  double tokens = 0, slots = 0;  // text: tokens batched, and the slots they were padded to
  std::string bad;               // what went non-finite, when something did
  torch::Tensor x, y;            // the last batch trained on: the NaN guard's evidence
  bool syncing = false;          // a data-parallel step's gradient sync has begun
};

// How one optimizer step's batches went.
struct StepOutcome {
  int64_t batches = 0;
  bool abandoned = false;  // stopped between the batches of an accumulation
};

// A step's row of metrics: `step` done (1-based) at `epochPosition` (2.5: halfway
// through the third epoch), `duration` seconds long.
StepMetrics stepMetricsOf(int64_t step, double epochPosition, double lr, const StepSums& sums, double duration);

// What one batch's forward, loss and backward touch.
struct BatchStepParts {
  LayerStack& model;
  StepInspection& inspection;
  SampleRecorder& samples;
  const ExperimentConfig& config;
  const torch::Device& device;
  const std::vector<std::string>& classes;
  const Criterion& criterion;
};

// forward → loss → backward on `batch`, for optimizer step `step` (1-based);
// `batchIndex` keys MixUp/CutMix's draws, so a resumed run repeats them. The loss is
// divided by grad_accum_steps; a non-finite loss (NaN guard on) or an anomaly is
// noted in `sums.bad` and not backpropagated.
void trainOnBatch(const BatchStepParts& parts, const Batch& batch, int64_t step, int64_t batchIndex, StepSums& sums);

// zero_grad(set_to_none=True).
void dropGradients(LayerStack& model);

}  // namespace trainscope
