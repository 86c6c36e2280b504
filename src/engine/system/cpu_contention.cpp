#include "engine/system/cpu_contention.h"

#include "engine/system/usable_cores.h"

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>

namespace trainscope {

namespace {

std::string readAll(const char* path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

double processCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double wallSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

class ProcCpuContention : public CpuContentionSource {
 public:
  ProcCpuContention() : cpus_(affinityCpus()), ticksPerSecond_(static_cast<double>(sysconf(_SC_CLK_TCK))) {}

  std::optional<CpuWindow> next() override {
    const Reading now = read();
    std::optional<CpuWindow> w;
    if (last_ && now.wall > last_->wall && ticksPerSecond_ > 0) {
      CpuWindow window;
      window.seconds = now.wall - last_->wall;
      window.cpus = std::max(1, now.cpu.cpus);
      const double busy = (now.cpu.busy - last_->cpu.busy) / ticksPerSecond_;
      window.own_busy = (now.own - last_->own) / window.seconds;
      window.others_busy = std::max(0.0, busy / window.seconds - window.own_busy);
      if (now.pressure >= 0 && last_->pressure >= 0)
        window.pressure = std::clamp((now.pressure - last_->pressure) * 1e-6 / window.seconds, 0.0, 1.0);
      w = window;
    }
    last_ = now;
    return w;
  }

 private:
  struct Reading {
    double wall = 0, own = 0, pressure = -1;
    CpuTimes cpu;
  };
  Reading read() const {
    Reading r;
    r.wall = wallSeconds();
    r.own = processCpuSeconds();
    r.cpu = cpuTimesOf(readAll("/proc/stat"), cpus_);
    r.pressure = pressureTotalMicros(readAll("/proc/pressure/cpu"));
    return r;
  }

  std::vector<int> cpus_;
  double ticksPerSecond_;
  std::optional<Reading> last_;
};

}  // namespace

std::unique_ptr<CpuContentionSource> systemCpuContention() { return std::make_unique<ProcCpuContention>(); }

CpuTimes cpuTimesOf(const std::string& procStat, const std::vector<int>& cpus) {
  CpuTimes t;
  std::istringstream in(procStat);
  for (std::string line; std::getline(in, line);) {
    if (line.compare(0, 3, "cpu") != 0 || line.size() < 4 || line[3] < '0' || line[3] > '9') continue;
    std::istringstream fields(line.substr(3));
    int cpu = -1;
    fields >> cpu;
    if (!cpus.empty() && std::find(cpus.begin(), cpus.end(), cpu) == cpus.end()) continue;
    ++t.cpus;
    // user nice system idle iowait irq softirq steal: idle and iowait are the free time.
    double value = 0;
    for (int i = 0; i < 8 && fields >> value; ++i) {
      t.total += value;
      if (i != 3 && i != 4) t.busy += value;
    }
  }
  return t;
}

double pressureTotalMicros(const std::string& pressureText) {
  std::istringstream in(pressureText);
  for (std::string line; std::getline(in, line);) {
    if (line.compare(0, 5, "some ") != 0) continue;
    const size_t at = line.find("total=");
    if (at == std::string::npos) return -1;
    try {
      return std::stod(line.substr(at + 6));
    } catch (const std::exception&) {
      return -1;
    }
  }
  return -1;
}

}  // namespace trainscope
