// Where training runs (CPU or CUDA), and with how many threads (threads.h).
#pragma once

#include "engine/system/threads.h"

#include <torch/torch.h>

#include <string>

namespace trainscope {

// "auto": CUDA when this LibTorch has it and a GPU is present, else CPU. Throws
// std::runtime_error when "cuda" is asked for and not available.
torch::Device resolveDevice(const std::string& requested);

// A LibTorch error as a user reads it: its first line (the rest is a stack trace, for
// log.txt), with what to try when memory ran out. "LibTorch: ...".
std::string readableTorchError(const c10::Error& error);

}  // namespace trainscope
