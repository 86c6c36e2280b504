// The GPU's own gauges from NVIDIA's management library (NVML, what nvidia-smi reads):
// utilisation, memory, temperature and power of the whole device. libnvidia-ml.so.1 is
// loaded at run time (dlopen), so nothing extra is needed to build or to run without a
// GPU; without it `available` is false and `reason` says why. TRAINSCOPE_NVML_LIBRARY
// names another library to load (the tests' stand-in).
#pragma once

#include "engine/run/message.h"

#include <cmath>
#include <cstdint>
#include <string>

namespace trainscope {

struct NvmlGauges {
  bool available = false;
  Message reason;                             // why not, when not available
  std::string name;                           // "NVIDIA H200"
  double utilization = std::nan("");          // share of the last sample period with a kernel running, 0..1
  int64_t memory_used = 0, memory_total = 0;  // bytes, every process
  double temperature_c = std::nan("");        // the GPU die
  double power_w = std::nan(""), power_limit_w = std::nan("");  // draw, and the enforced limit
};

// Device `index`'s gauges now; loads and initialises NVML once per process.
NvmlGauges nvmlGauges(int index = 0);

}  // namespace trainscope
