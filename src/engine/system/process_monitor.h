// This process's memory (resident set) and CPU use, sampled from /proc (Linux). The
// System page polls it; elsewhere `available` is false rather than a guess. No Qt,
// no torch.
#pragma once

#include "engine/system/cpu_contention.h"

#include <cstdint>
#include <string>

namespace trainscope {

// A "kB" field of a /proc file, in bytes: "VmRSS:" of /proc/self/status, "MemTotal:"
// of /proc/meminfo; -1 when the file or the field is not there.
int64_t procBytes(const char* file, const std::string& field);

struct ProcessSample {
  bool available = false;
  int64_t rss = 0;           // bytes resident
  int64_t total_memory = 0;  // bytes of RAM in the machine
  double cpu = 0;            // share of the usable cores since the previous sample, 0..1
  int cores = 1;             // usable (usable_cores.h)
  double others_busy = -1;   // cores' worth other processes used on this one's CPUs; -1: not known yet
};

class ProcessMonitor {
 public:
  ProcessMonitor();
  ProcessSample sample();

 private:
  std::unique_ptr<CpuContentionSource> cpu_ = systemCpuContention();  // this process's CPU time and the others'
};

}  // namespace trainscope
