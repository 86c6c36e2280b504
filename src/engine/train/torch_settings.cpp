#include "engine/train/torch_settings.h"

#include <torch/csrc/autograd/anomaly_mode.h>

#include <cstdlib>

namespace trainscope {

void applyTorchSettings(const ExperimentConfig& cfg, const torch::Device& device) {
  torch::autograd::AnomalyMode::set_enabled(cfg.training.anomaly_detection);
  if (cfg.deterministic && device.is_cuda()) setenv("CUBLAS_WORKSPACE_CONFIG", ":4096:8", /*overwrite=*/0);
  // A few CUDA backward kernels (adaptive pooling) have no deterministic version: warn, not fail.
  at::globalContext().setDeterministicAlgorithms(cfg.deterministic, /*warn_only=*/device.is_cuda());
}

}  // namespace trainscope
