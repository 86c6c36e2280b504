// GPU memory for the System page: the CUDA caching allocator's view (allocated,
// reserved, peak) and the device's (total, used). In a build without CUDA, or with no
// GPU present, `available` is false and `reason` says why: never a made-up value.
#pragma once

#include "engine/run/message.h"

#include <cstdint>
#include <string>

namespace trainscope {

struct GpuMemory {
  bool available = false;
  Message reason;                                           // why not, when not available
  std::string device;                                       // "cuda:0 (NVIDIA H200)"
  int64_t allocated = 0, reserved = 0, peak_allocated = 0;  // bytes, this process's CUDA allocator
  int64_t device_total = 0, device_used = 0;                // bytes, the whole device (all processes)
};

GpuMemory gpuMemory(int device = 0);

// Starts a new peak_allocated measurement (torch.cuda.reset_peak_memory_stats); does
// nothing without CUDA.
void resetGpuPeakMemory(int device = 0);

}  // namespace trainscope
