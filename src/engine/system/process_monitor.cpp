#include "engine/system/process_monitor.h"

#include "engine/system/usable_cores.h"

#include <algorithm>
#include <fstream>
#include <string>

namespace trainscope {

int64_t procBytes(const char* file, const std::string& field) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(field, 0) == 0) return std::stoll(line.substr(field.size())) * 1024;
  return -1;
}

ProcessMonitor::ProcessMonitor() { cpu_->next(); }

ProcessSample ProcessMonitor::sample() {
  ProcessSample s;
  s.cores = usableCores().count;
  s.rss = procBytes("/proc/self/status", "VmRSS:");
  s.total_memory = procBytes("/proc/meminfo", "MemTotal:");
  const std::optional<CpuWindow> w = cpu_->next();
  if (w) s.cpu = w->own_busy / std::max(1, s.cores), s.others_busy = w->others_busy;
  s.available = s.rss >= 0 && s.total_memory > 0 && w.has_value();
  return s;
}

}  // namespace trainscope
