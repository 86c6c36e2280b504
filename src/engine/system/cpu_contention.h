// What this process and other work did with the CPUs it may run on, measured over a
// window of time: the cores' worth of time each ran there (this process's CPU time; the
// CPUs' busy time in /proc/stat less it) and the kernel's CPU pressure
// (/proc/pressure/cpu, the share of the time some task waited for a CPU). Plain C++, no
// torch.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace trainscope {

struct CpuWindow {
  double seconds = 0;      // wall time it covers
  int cpus = 1;            // the CPUs this process may run on
  double others_busy = 0;  // cores' worth of time other work ran on them
  double pressure = -1;    // share of the time some task waited for a CPU; -1: not known
  double own_busy = 0;     // cores' worth of time this process ran
};

class CpuContentionSource {
 public:
  virtual ~CpuContentionSource() = default;
  // The window since the previous call; the first call only starts one.
  virtual std::optional<CpuWindow> next() = 0;
};

// This process's, read from /proc.
std::unique_ptr<CpuContentionSource> systemCpuContention();

// The arithmetic on /proc's text, for the tests.
struct CpuTimes {
  double busy = 0, total = 0;  // clock ticks
  int cpus = 0;                // the CPUs counted
};
// The busy and total ticks of `cpus` in /proc/stat's text ("cpu3 user nice system idle …");
// of every CPU when `cpus` is empty (the affinity is not known).
CpuTimes cpuTimesOf(const std::string& procStat, const std::vector<int>& cpus);
// The "some" line's total (microseconds) in /proc/pressure/cpu's text; -1 when absent.
double pressureTotalMicros(const std::string& pressureText);

}  // namespace trainscope
