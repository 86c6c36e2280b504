// An environment check in the spirit of the seed's: versions, CUDA and devices,
// threads, and a timed matrix multiply (synchronised on a GPU) to see the BLAS at work.
#pragma once

#include "engine/run/message.h"
#include "engine/system/cpu_contention.h"
#include "engine/system/nvml_gauges.h"
#include "engine/system/usable_cores.h"
#include "engine/system/versions.h"

#include <string>
#include <vector>

namespace trainscope {

struct EnvironmentReport {
  LibraryVersions versions;
  bool cuda_available = false;
  bool cudnn_available = false;
  std::vector<std::string> devices;  // "cpu", "cuda:0", ...
  int hardware_threads = 0;
  UsableCores cores;  // what threads: 0 uses, and why
  CpuWindow others;   // what other work did with those CPUs during the checks
  int torch_threads = 0;
  std::string parallel_info;  // LibTorch's at::get_parallel_info()
  int matmul_size = 0;
  double cpu_gflops = 0;  // float32 matmul
  // training.precision bf16 on the CPU: its native instructions (none: emulated) and
  // the same matmul in bfloat16.
  std::vector<std::string> bf16_instructions;
  double cpu_bf16_gflops = 0;
  double gpu_gflops = 0;  // 0 when there is no GPU
  NvmlGauges gpu_gauges;  // the first GPU's NVML gauges, or why there are none
};

// Runs the checks (about a second on a laptop CPU).
EnvironmentReport checkEnvironment(int matmulSize = 1024);
// The report as lines, in translatable form (the app shows them in its language).
std::vector<Message> reportLines(const EnvironmentReport& r);
// The same in English, as `trainscope-cli doctor` prints it.
std::string formatReport(const EnvironmentReport& r);

}  // namespace trainscope
