// Mixed precision (training.precision): the model's forward pass under LibTorch's
// autocast, as `with torch.autocast(device_type, dtype=torch.bfloat16):` around the
// model call in PyTorch. Matmuls and convolutions run in bfloat16, the weights, their
// gradients and the optimizer stay float32, the loss is computed on float32 logits and
// backward runs outside the scope, as PyTorch's AMP recipe says. bfloat16 keeps
// float32's exponent range, so no loss scaling is needed (fp16's GradScaler is not
// in LibTorch 1.13's C++ API, so fp16 is not offered).
#pragma once

#include "engine/models/autocast_state.h"

#include <torch/torch.h>

#include <string>

namespace trainscope {

// Autocast on for its lifetime when `precision` is "bf16" (on `device`'s type); "fp32"
// changes nothing. Restores the thread's previous state and, leaving the outermost
// scope, drops the cast weights autocast cached (PyTorch does on leaving its context).
class AutocastScope {
 public:
  AutocastScope(const std::string& precision, const torch::Device& device);
  ~AutocastScope();
  AutocastScope(const AutocastScope&) = delete;
  AutocastScope& operator=(const AutocastScope&) = delete;

 private:
  bool on_ = false;
  AutocastState before_;  // the thread's settings before, put back on leaving
};

// A model's output as float32: under autocast a Linear's output is bfloat16.
inline torch::Tensor asFloat32(const torch::Tensor& t) {
  return t.scalar_type() == torch::kFloat ? t : t.to(torch::kFloat);
}

}  // namespace trainscope
