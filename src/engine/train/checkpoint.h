// Checkpoints: model state_dict, optimizer state, schedule position (the step),
// where in the data the run is, and the RNG state. Written atomically (temporary
// file, then rename); always loadable on a CPU-only machine.
#pragma once

#include "engine/models/layer_stack.h"
#include "engine/train/best_epoch.h"

#include <torch/torch.h>

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
};

void saveCheckpoint(const std::string& path, LayerStack& model, torch::optim::Optimizer& optimizer,
                    const TrainingPosition& position);

// Loads into `model` and `optimizer` (whose tensors must already be on `device`).
TrainingPosition loadCheckpoint(const std::string& path, LayerStack& model, torch::optim::Optimizer& optimizer,
                                const torch::Device& device);

// Loads only the model weights (state_dict) from a checkpoint, onto the CPU.
void loadModelWeights(const std::string& path, LayerStack& model);
// `from` copied to `to` atomically (a copy beside it, then a rename).
void copyCheckpoint(const std::filesystem::path& from, const std::filesystem::path& to);

}  // namespace trainscope
