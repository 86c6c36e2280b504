// The thread's autocast settings (CPU and CUDA: on or off, and the dtype), captured and
// applied again: training.precision's scope sets and restores them, and activation
// checkpointing's recomputation runs under the ones its first forward had.
#pragma once

#include <ATen/autocast_mode.h>

namespace trainscope {

struct AutocastState {
  bool cpu = false, gpu = false;
  at::ScalarType cpuType = at::kBFloat16, gpuType = at::kHalf;

  static AutocastState current() {
    return {at::autocast::is_cpu_enabled(), at::autocast::is_enabled(), at::autocast::get_autocast_cpu_dtype(),
            at::autocast::get_autocast_gpu_dtype()};
  }
  void apply() const {
    at::autocast::set_cpu_enabled(cpu), at::autocast::set_autocast_cpu_dtype(cpuType);
    at::autocast::set_enabled(gpu), at::autocast::set_autocast_gpu_dtype(gpuType);
  }
};

}  // namespace trainscope
