// Checkpoints: model state_dict, optimizer state, schedule position (the step),
// where in the data the run is, and the RNG state. Written atomically (temporary
// file, then rename); always loadable on a CPU-only machine.
#pragma once

#include "engine/models/layer_stack.h"
#include "engine/train/best_epoch.h"
#include "engine/train/weight_average.h"

#include <torch/torch.h>

#include <chrono>
#include <filesystem>
#include <string>

namespace trainscope {

struct TrainingPosition {
  int64_t epoch = 0;           // 0-based epoch in progress
  int64_t batch_in_epoch = 0;  // batches of that epoch already trained on
  int64_t global_step = 0;     // optimizer steps done
  BestSoFar best;              // the best epoch (best_epoch.h)
  // Running sums of the epoch in progress, so its summary survives a resume.
  double epoch_loss_sum = 0, epoch_correct = 0, epoch_seen = 0;
  double train_seconds = 0;  // training time so far, pauses excluded
  // The updates in the checkpoint's moving average of the weights; -1: it has none.
  int64_t average_updates = -1;
};

// With `average` (training.ema_decay), the checkpoint keeps it too ("ema").
void saveCheckpoint(const std::string& path, LayerStack& model, torch::optim::Optimizer& optimizer,
                    const TrainingPosition& position, WeightAverage* average = nullptr);

// Loads into `model` and `optimizer` (whose tensors must already be on `device`), and
// into `average` the checkpoint's average, when it has one (else the average restarts
// from the loaded weights and `average_updates` is -1).
TrainingPosition loadCheckpoint(const std::string& path, LayerStack& model, torch::optim::Optimizer& optimizer,
                                const torch::Device& device, WeightAverage* average = nullptr);

// Loads only the model weights (state_dict) from a checkpoint, onto the CPU; with
// `average`, the moving average of the weights instead (std::runtime_error when the
// checkpoint has none).
void loadModelWeights(const std::string& path, LayerStack& model, bool average = false);
// When a checkpoint inside an epoch is due: training.checkpoint_every_steps optimizer
// steps or checkpoint_every_seconds seconds since the last one.
class CheckpointTimer {
 public:
  explicit CheckpointTimer(const TrainingConfig& config) : config_(config) {}
  bool due(int64_t step) const;
  void saved(int64_t step);  // a checkpoint (or a resume's) at `step`, now

 private:
  const TrainingConfig& config_;
  int64_t step_ = 0;
  std::chrono::steady_clock::time_point time_ = std::chrono::steady_clock::now();
};

}  // namespace trainscope
