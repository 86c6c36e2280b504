#include "engine/system/nvml_gauges.h"

#include <dlfcn.h>

#include <cstdlib>
#include <map>
#include <mutex>

namespace trainscope {

namespace {

constexpr const char* kContext = "trainscope::System";

// NVML's C interface, as nvml.h declares it (only what the gauges read).
using nvmlReturn_t = int;
using nvmlDevice_t = struct nvmlDevice_st*;
struct nvmlUtilization_t {
  unsigned int gpu, memory;
};
struct nvmlMemory_t {
  unsigned long long total, free, used;
};
// The second version separates what the driver reserves from `used`, as nvidia-smi
// shows it (the first counts the reserve as used: 615 MiB on an idle H200).
struct nvmlMemory_v2_t {
  unsigned int version;
  unsigned long long total, reserved, free, used;
};
constexpr unsigned int kMemoryV2 = sizeof(nvmlMemory_v2_t) | (2u << 24);  // NVML_STRUCT_VERSION(Memory, 2)
constexpr int kTemperatureGpu = 0;                                        // NVML_TEMPERATURE_GPU

struct Nvml {
  void* library = nullptr;
  Message failure;  // set when loading or initialising failed
  nvmlReturn_t (*deviceCount)(unsigned int*) = nullptr;
  nvmlReturn_t (*handleByIndex)(unsigned int, nvmlDevice_t*) = nullptr;
  nvmlReturn_t (*name)(nvmlDevice_t, char*, unsigned int) = nullptr;
  nvmlReturn_t (*utilization)(nvmlDevice_t, nvmlUtilization_t*) = nullptr;
  nvmlReturn_t (*memory)(nvmlDevice_t, nvmlMemory_t*) = nullptr;
  nvmlReturn_t (*memoryV2)(nvmlDevice_t, nvmlMemory_v2_t*) = nullptr;  // drivers from r510 on
  nvmlReturn_t (*temperature)(nvmlDevice_t, int, unsigned int*) = nullptr;
  nvmlReturn_t (*power)(nvmlDevice_t, unsigned int*) = nullptr;
  nvmlReturn_t (*powerLimit)(nvmlDevice_t, unsigned int*) = nullptr;
  const char* (*errorString)(nvmlReturn_t) = nullptr;

  std::string error(nvmlReturn_t code) const {
    return errorString ? errorString(code) : "NVML error " + std::to_string(code);
  }
};

template <typename F>
bool bind(void* library, const char* symbol, F& into) {
  into = reinterpret_cast<F>(dlsym(library, symbol));
  return into != nullptr;
}

Nvml load(const std::string& path) {
  Nvml n;
  n.library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!n.library) {
    n.failure = {kContext, QT_TRANSLATE_NOOP("trainscope::System", "no NVIDIA driver here (%1 not found)"), {path}};
    return n;
  }
  nvmlReturn_t (*init)() = nullptr;
  const bool bound = bind(n.library, "nvmlInit_v2", init) && bind(n.library, "nvmlDeviceGetCount_v2", n.deviceCount) &&
                     bind(n.library, "nvmlDeviceGetHandleByIndex_v2", n.handleByIndex) &&
                     bind(n.library, "nvmlDeviceGetName", n.name) &&
                     bind(n.library, "nvmlDeviceGetUtilizationRates", n.utilization) &&
                     bind(n.library, "nvmlDeviceGetMemoryInfo", n.memory) &&
                     bind(n.library, "nvmlDeviceGetTemperature", n.temperature) &&
                     bind(n.library, "nvmlDeviceGetPowerUsage", n.power) &&
                     bind(n.library, "nvmlDeviceGetEnforcedPowerLimit", n.powerLimit) &&
                     bind(n.library, "nvmlErrorString", n.errorString);
  if (!bound) {
    n.failure = {kContext, QT_TRANSLATE_NOOP("trainscope::System", "%1 is not a usable NVML library"), {path}};
    return n;
  }
  bind(n.library, "nvmlDeviceGetMemoryInfo_v2", n.memoryV2);
  if (const nvmlReturn_t code = init(); code != 0)
    n.failure = {kContext, QT_TRANSLATE_NOOP("trainscope::System", "NVML did not start: %1"), {n.error(code)}};
  return n;
}

// Loaded and initialised once per library for the process (the driver keeps its state).
const Nvml& nvml() {
  static std::mutex mutex;
  static std::map<std::string, Nvml> loaded;
  const char* chosen = std::getenv("TRAINSCOPE_NVML_LIBRARY");
  const std::string path = chosen && *chosen ? chosen : "libnvidia-ml.so.1";
  std::lock_guard<std::mutex> lock(mutex);
  auto found = loaded.find(path);
  if (found == loaded.end()) found = loaded.emplace(path, load(path)).first;
  return found->second;
}

}  // namespace

NvmlGauges nvmlGauges(int index) {
  NvmlGauges g;
  const Nvml& n = nvml();
  if (!n.failure.empty()) return g.reason = n.failure, g;
  unsigned int count = 0;
  nvmlDevice_t device = nullptr;
  if (n.deviceCount(&count) != 0 || index < 0 || static_cast<unsigned int>(index) >= count) {
    g.reason = {kContext, QT_TRANSLATE_NOOP("trainscope::System", "NVML sees no GPU %1"), {std::to_string(index)}};
    return g;
  }
  if (const nvmlReturn_t code = n.handleByIndex(static_cast<unsigned int>(index), &device); code != 0) {
    g.reason = {kContext, QT_TRANSLATE_NOOP("trainscope::System", "NVML did not start: %1"), {n.error(code)}};
    return g;
  }
  g.available = true;
  char name[96] = {};
  if (n.name(device, name, sizeof name) == 0) g.name = name;
  // Each reading on its own: a GPU without power readings still has the others.
  if (nvmlUtilization_t u{}; n.utilization(device, &u) == 0) g.utilization = u.gpu / 100.0;
  if (nvmlMemory_v2_t m{kMemoryV2}; n.memoryV2 && n.memoryV2(device, &m) == 0)
    g.memory_used = static_cast<int64_t>(m.used), g.memory_total = static_cast<int64_t>(m.total);
  else if (nvmlMemory_t m1{}; n.memory(device, &m1) == 0)
    g.memory_used = static_cast<int64_t>(m1.used), g.memory_total = static_cast<int64_t>(m1.total);
  if (unsigned int c = 0; n.temperature(device, kTemperatureGpu, &c) == 0) g.temperature_c = c;
  if (unsigned int mw = 0; n.power(device, &mw) == 0) g.power_w = mw / 1000.0;
  if (unsigned int mw = 0; n.powerLimit(device, &mw) == 0) g.power_limit_w = mw / 1000.0;
  return g;
}

}  // namespace trainscope
