#include "engine/device.h"

#include <algorithm>
#include <stdexcept>
#include <thread>

namespace trainscope {

bool cudaAvailable() { return torch::cuda::is_available(); }

torch::Device resolveDevice(const std::string& requested) {
  if (requested == "cpu") return torch::kCPU;
  if (cudaAvailable()) return torch::Device(torch::kCUDA, 0);
  if (requested == "cuda")
    throw std::runtime_error("device: CUDA was requested but this LibTorch has no CUDA or no GPU is present");
  return torch::kCPU;
}

int configureThreads(int requested) {
  const int n = requested > 0 ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  torch::set_num_threads(n);
  return n;
}

}  // namespace trainscope
