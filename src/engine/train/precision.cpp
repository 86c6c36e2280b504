#include "engine/train/precision.h"

#include <ATen/autocast_mode.h>

namespace trainscope {

AutocastScope::AutocastScope(const std::string& precision, const torch::Device& device) : on_(precision == "bf16") {
  if (!on_) return;
  before_ = AutocastState::current();
  AutocastState bf16 = before_;
  if (device.is_cuda())
    bf16.gpu = true, bf16.gpuType = at::kBFloat16;
  else
    bf16.cpu = true, bf16.cpuType = at::kBFloat16;
  bf16.apply();
  at::autocast::increment_nesting();
}

AutocastScope::~AutocastScope() {
  if (!on_) return;
  if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
  before_.apply();
}

}  // namespace trainscope
