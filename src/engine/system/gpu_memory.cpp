#include "engine/system/gpu_memory.h"

#include <torch/cuda.h>

#ifdef TRAINSCOPE_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <cuda_runtime_api.h>
#endif

namespace trainscope {

GpuMemory gpuMemory(int device) {
  GpuMemory m;
#ifndef TRAINSCOPE_WITH_CUDA
  (void)device;
  m.reason = {
      "trainscope::System", QT_TRANSLATE_NOOP("trainscope::System", "no GPU: this LibTorch is a CPU build"), {}};
  return m;
#else
  if (!torch::cuda::is_available()) {
    m.reason = {"trainscope::System",
                QT_TRANSLATE_NOOP("trainscope::System", "no GPU: CUDA build, but no CUDA device is visible"),
                {}};
    return m;
  }
  if (device >= static_cast<int>(torch::cuda::device_count())) {
    m.reason = {"trainscope::System", QT_TRANSLATE_NOOP("trainscope::System", "no cuda:%1"), {std::to_string(device)}};
    return m;
  }
  using c10::cuda::CUDACachingAllocator::StatType;
  const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(device);
  const auto aggregate = static_cast<size_t>(StatType::AGGREGATE);
  m.allocated = stats.allocated_bytes[aggregate].current;
  m.peak_allocated = stats.allocated_bytes[aggregate].peak;
  m.reserved = stats.reserved_bytes[aggregate].current;
  int previous = 0;
  cudaGetDevice(&previous);
  cudaSetDevice(device);
  size_t free = 0, total = 0;
  // The device's own count (what nvidia-smi shows), covering other processes too.
  if (cudaMemGetInfo(&free, &total) == cudaSuccess) {
    m.device_total = static_cast<int64_t>(total);
    m.device_used = static_cast<int64_t>(total - free);
  }
  cudaDeviceProp props{};
  if (cudaGetDeviceProperties(&props, device) == cudaSuccess)
    m.device = "cuda:" + std::to_string(device) + " (" + props.name + ")";
  cudaSetDevice(previous);
  m.available = true;
  return m;
#endif
}

void resetGpuPeakMemory(int device) {
#ifdef TRAINSCOPE_WITH_CUDA
  if (torch::cuda::is_available() && device < static_cast<int>(torch::cuda::device_count()))
    c10::cuda::CUDACachingAllocator::resetPeakStats(device);
#else
  (void)device;
#endif
}

}  // namespace trainscope
