// The System page's GPU gauges as the app reads them (src/engine/system/nvml_gauges.cpp),
// printed once a second, for bench/device/nvml_check.sh to set beside nvidia-smi.
// Usage: nvml_probe [SAMPLES]
#include "engine/system/nvml_gauges.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

int main(int argc, char** argv) {
  const int samples = argc > 1 ? std::atoi(argv[1]) : 1;
  for (int i = 0; i < samples; ++i) {
    if (i) std::this_thread::sleep_for(std::chrono::seconds(1));
    const trainscope::NvmlGauges g = trainscope::nvmlGauges(0);
    if (!g.available) return std::printf("unavailable: %s\n", g.reason.english().c_str()), 1;
    std::printf("trainscope: %s, %.0f%%, %lld MiB of %lld MiB, %.0f C, %.1f W of %.1f W\n", g.name.c_str(),
                g.utilization * 100, static_cast<long long>(g.memory_used >> 20),
                static_cast<long long>(g.memory_total >> 20), g.temperature_c, g.power_w, g.power_limit_w);
    std::fflush(stdout);
  }
  return 0;
}
