// The engine's face for choosing settings before a run: the learning-rate finder and
// the batch-size fitter. Plain C++; errors come back as values with a reason.
#pragma once

#include "engine/config/config.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace trainscope {

struct LrFinderResult {
  bool ok = false;
  std::string error;
  std::vector<double> lrs, losses;  // losses smoothed as fastai's lr_find
  double suggestion = 0;            // 0 when the curve is too short to say
  bool diverged = false;            // stopped early: the loss blew up
  bool state_restored = false;      // weights, optimizer and RNG checked equal to before
};

// The range test on the config's data, model (initialised from its seed) and
// optimizer: at most `iterations` steps from 1e-7 to 10.
LrFinderResult findLearningRate(const ExperimentConfig& config, int iterations = 100,
                                const std::function<void(int, int)>& progress = {});

struct BatchSizeAdvice {
  bool ok = false;
  std::string error;
  int batch_size = 0, grad_accum_steps = 1, target_batch = 0;
  int64_t budget_bytes = 0;
  std::string device, memory;
  std::vector<std::pair<int, int64_t>> measured;  // batch, peak bytes
  // The offer when the target needs accumulation (or nothing fits): the batch with
  // model.activation_checkpointing at checkpoint_segments (0 = not measured).
  int checkpoint_segments = 0, checkpointed_batch_size = 0, checkpointed_grad_accum_steps = 1;
  std::vector<std::pair<int, int64_t>> checkpointed_measured;
};

BatchSizeAdvice adviseBatchSize(const ExperimentConfig& config, double headroom = 0.2, int targetBatch = 0,
                                int64_t budgetBytes = 0);

}  // namespace trainscope
