// A stand-in for libnvidia-ml.so.1: NVML's functions the gauges call, answering for
// one GPU with fixed readings, so the loader and the gauges are tested without a GPU.
#include <cstring>

extern "C" {

struct nvmlDevice_st {
  int index;
};
static nvmlDevice_st standInDevice{0};

int nvmlInit_v2() { return 0; }
int nvmlDeviceGetCount_v2(unsigned int* count) { return *count = 1, 0; }
int nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_st** device) {
  if (index != 0) return 2;  // NVML_ERROR_INVALID_ARGUMENT
  return *device = &standInDevice, 0;
}
int nvmlDeviceGetName(nvmlDevice_st*, char* name, unsigned int length) {
  std::strncpy(name, "Stand-in GPU", length);
  return 0;
}
int nvmlDeviceGetUtilizationRates(nvmlDevice_st*, unsigned int* rates) {  // {gpu, memory}
  rates[0] = 42, rates[1] = 17;
  return 0;
}
int nvmlDeviceGetMemoryInfo(nvmlDevice_st*, unsigned long long* memory) {  // {total, free, used}
  memory[0] = 80ull << 30, memory[1] = 60ull << 30, memory[2] = 20ull << 30;
  return 0;
}
// {version, total, reserved, free, used}: the driver's reserve apart from `used`.
struct StandInMemoryV2 {
  unsigned int version;
  unsigned long long total, reserved, free, used;
};
int nvmlDeviceGetMemoryInfo_v2(nvmlDevice_st*, StandInMemoryV2* memory) {
  if (memory->version != (sizeof(StandInMemoryV2) | (2u << 24))) return 25;  // NVML_ERROR_ARGUMENT_VERSION_MISMATCH
  memory->total = 80ull << 30, memory->reserved = 1ull << 30, memory->free = 60ull << 30, memory->used = 19ull << 30;
  return 0;
}
int nvmlDeviceGetTemperature(nvmlDevice_st*, int sensor, unsigned int* celsius) {
  return sensor == 0 ? (*celsius = 55, 0) : 2;
}
int nvmlDeviceGetPowerUsage(nvmlDevice_st*, unsigned int* milliwatts) { return *milliwatts = 123456, 0; }
int nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_st*, unsigned int*) { return 3; }  // NVML_ERROR_NOT_SUPPORTED
const char* nvmlErrorString(int code) { return code == 3 ? "Not Supported" : "Unknown Error"; }
}
