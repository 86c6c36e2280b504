#include "engine/system/usable_cores.h"

#include <sched.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace trainscope {

namespace fs = std::filesystem;

namespace {

std::string firstLine(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line;
}

// cgroup v2's cpu.max ("max 100000" or "QUOTA PERIOD"), in cores; 0 when unlimited or unreadable.
double quotaV2(const fs::path& dir) {
  std::istringstream in(firstLine(dir / "cpu.max"));
  std::string quota;
  double period = 0;
  if (!(in >> quota >> period) || quota == "max" || period <= 0) return 0;
  try {
    return std::stod(quota) / period;
  } catch (const std::exception&) {
    return 0;
  }
}

// cgroup v1's cpu.cfs_quota_us (-1: unlimited) over cpu.cfs_period_us, in cores.
double quotaV1(const fs::path& dir) {
  try {
    const double quota = std::stod(firstLine(dir / "cpu.cfs_quota_us"));
    const double period = std::stod(firstLine(dir / "cpu.cfs_period_us"));
    return quota > 0 && period > 0 ? quota / period : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

// The smallest quota from the cgroup's folder up to `mount`; a container sees its own cgroup at the
// mount's root (the path /proc names is the host's), so a missing `dir` starts there.
void smallestQuota(const fs::path& mount, const fs::path& cgroup, bool v2, UsableCores& c) {
  std::error_code ec;
  fs::path dir = cgroup.empty() ? mount : mount / cgroup;
  if (!fs::is_directory(dir, ec)) dir = mount;
  for (;; dir = dir.parent_path()) {
    const double q = v2 ? quotaV2(dir) : quotaV1(dir);
    if (q > 0 && (c.quota == 0 || q < c.quota))
      c.quota = q, c.quota_file = (dir / (v2 ? "cpu.max" : "cpu.cfs_quota_us")).string();
    if (dir == mount || !dir.has_relative_path() || dir == dir.parent_path()) break;
  }
}

// The cpu controller's cgroup in /proc/self/cgroup: "0::/a/b" (v2), "4:cpu,cpuacct:/a/b" (v1).
void readCgroupQuota(const fs::path& root, UsableCores& c) {
  std::ifstream in(root / "proc/self/cgroup");
  const fs::path cgroups = root / "sys/fs/cgroup";
  std::error_code ec;
  for (std::string line; std::getline(in, line);) {
    const size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const fs::path path = fs::path(line.substr(second + 1)).relative_path();
    if (controllers.empty() && line.compare(0, first, "0") == 0) {
      if (fs::exists(cgroups / "cgroup.controllers", ec)) smallestQuota(cgroups, path, true, c);
      continue;
    }
    std::istringstream names(controllers);
    for (std::string name; std::getline(names, name, ',');)
      if (name == "cpu") {
        for (const char* mount : {"cpu,cpuacct", "cpu", "cpuacct,cpu"})
          if (fs::is_directory(cgroups / mount, ec)) {
            smallestQuota(cgroups / mount, path, false, c);
            break;
          }
        break;
      }
  }
}

}  // namespace

std::vector<int> affinityCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  return cpus;
}

UsableCores usableCoresUnder(const std::string& root, int host, int affinity) {
  UsableCores c;
  c.host = std::max(1, host);
  c.affinity = std::max(0, affinity);
  readCgroupQuota(root, c);
  c.count = c.host;
  if (c.affinity > 0) c.count = std::min(c.count, c.affinity);
  if (c.quota > 0) c.count = std::min(c.count, std::max(1, static_cast<int>(std::floor(c.quota + 1e-9))));
  return c;
}

UsableCores usableCores() {
  return usableCoresUnder("/", static_cast<int>(std::thread::hardware_concurrency()),
                          static_cast<int>(affinityCpus().size()));
}

Message UsableCores::reason() const {
  constexpr const char* kContext = "trainscope::Cores";
  const std::string n = std::to_string(count), all = std::to_string(host);
  char cores[32];
  std::snprintf(cores, sizeof cores, "%g", quota);
  if (quota > 0 && count == std::max(1, static_cast<int>(std::floor(quota + 1e-9))) && count < host &&
      (affinity == 0 || count <= affinity))
    return {kContext,
            quota == 1
                ? QT_TRANSLATE_NOOP("trainscope::Cores", "%1 of %2 cores: its cgroup's CPU quota is 1 core (%4)")
                : QT_TRANSLATE_NOOP("trainscope::Cores", "%1 of %2 cores: its cgroup's CPU quota is %3 cores (%4)"),
            {n, all, cores, quota_file}};
  if (affinity > 0 && count < host)
    return {
        kContext,
        QT_TRANSLATE_NOOP("trainscope::Cores", "%1 of %2 cores: the CPUs this process may run on (its CPU affinity)"),
        {n, all}};
  return {kContext, QT_TRANSLATE_NOOP("trainscope::Cores", "all %1 cores"), {all}};
}

}  // namespace trainscope
