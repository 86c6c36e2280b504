#include "engine/system/process_monitor.h"

#include "engine/system/usable_cores.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#ifdef __linux__
#include <unistd.h>
#endif

namespace trainscope {

namespace {
double wallSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// utime + stime of this process, in seconds (fields 14 and 15 of /proc/self/stat).
double cpuSeconds() {
#ifdef __linux__
  std::ifstream in("/proc/self/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');  // the command name may hold spaces
  if (close == std::string::npos) return -1;
  std::istringstream fields(text.substr(close + 2));
  std::string f;
  long long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && fields >> f; ++i) {
    if (i == 14) utime = std::stoll(f);
    if (i == 15) stime = std::stoll(f);
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
#else
  return -1;
#endif
}
}  // namespace

int64_t procBytes(const char* file, const std::string& field) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(field, 0) == 0) return std::stoll(line.substr(field.size())) * 1024;
  return -1;
}

ProcessMonitor::ProcessMonitor() {
  lastCpuSeconds_ = cpuSeconds();
  lastWall_ = wallSeconds();
  others_->next();
}

ProcessSample ProcessMonitor::sample() {
  ProcessSample s;
  s.cores = usableCores().count;
  s.rss = procBytes("/proc/self/status", "VmRSS:");
  s.total_memory = procBytes("/proc/meminfo", "MemTotal:");
  const double cpu = cpuSeconds(), now = wallSeconds();
  if (cpu >= 0 && lastCpuSeconds_ >= 0 && now > lastWall_)
    s.cpu = (cpu - lastCpuSeconds_) / (now - lastWall_) / std::max(1, s.cores);
  lastCpuSeconds_ = cpu;
  lastWall_ = now;
  if (const std::optional<CpuWindow> w = others_->next()) s.others_busy = w->others_busy;
  s.available = s.rss >= 0 && s.total_memory > 0 && cpu >= 0;
  return s;
}

}  // namespace trainscope
