// Where training runs and with how many threads.
#pragma once

#include <torch/torch.h>

#include <string>

namespace trainscope {

// "auto": CUDA when this LibTorch has it and a GPU is present, else CPU. Throws
// std::runtime_error when "cuda" is asked for and not available.
torch::Device resolveDevice(const std::string& requested);
// Sets LibTorch's intra-op threads: `requested`, or all cores when 0. Returns the count.
int configureThreads(int requested);
bool cudaAvailable();
// Tunes the C allocator for training's allocation pattern (once per process; glibc only).
void keepFreedMemoryForReuse();

}  // namespace trainscope
