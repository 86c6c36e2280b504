// The process-wide LibTorch settings a run asks for: anomaly detection
// (torch.autograd.set_detect_anomaly) and determinism
// (torch.use_deterministic_algorithms, with cuBLAS's workspace setting on CUDA).
#pragma once

#include "engine/config/config.h"

#include <torch/torch.h>

namespace trainscope {

void applyTorchSettings(const ExperimentConfig& config, const torch::Device& device);

}  // namespace trainscope
