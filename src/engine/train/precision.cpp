#include "engine/train/precision.h"

#include <ATen/autocast_mode.h>

namespace trainscope {

AutocastScope::AutocastScope(const std::string& precision, const torch::Device& device)
    : on_(precision == "bf16"), cuda_(device.is_cuda()) {
  if (!on_) return;
  namespace autocast = at::autocast;
  wasEnabled_ = cuda_ ? autocast::is_enabled() : autocast::is_cpu_enabled();
  wasType_ = cuda_ ? autocast::get_autocast_gpu_dtype() : autocast::get_autocast_cpu_dtype();
  if (cuda_)
    autocast::set_enabled(true), autocast::set_autocast_gpu_dtype(at::kBFloat16);
  else
    autocast::set_cpu_enabled(true), autocast::set_autocast_cpu_dtype(at::kBFloat16);
  autocast::increment_nesting();
}

AutocastScope::~AutocastScope() {
  if (!on_) return;
  namespace autocast = at::autocast;
  if (autocast::decrement_nesting() == 0) autocast::clear_cache();
  if (cuda_)
    autocast::set_enabled(wasEnabled_), autocast::set_autocast_gpu_dtype(wasType_);
  else
    autocast::set_cpu_enabled(wasEnabled_), autocast::set_autocast_cpu_dtype(wasType_);
}

}  // namespace trainscope
