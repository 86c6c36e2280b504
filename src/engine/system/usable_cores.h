// The cores this process may really use, as `threads: 0` counts them: not the host's
// core count (std::thread::hardware_concurrency) but its CPU affinity (sched_getaffinity,
// as taskset and Slurm set it) and its cgroup's CPU quota (cgroup v2 cpu.max, v1
// cpu.cfs_quota_us; as Docker's --cpus and systemd's CPUQuota set it), the smallest along
// the cgroup's ancestors. A quota of 1.5 cores gives 1 thread: OpenMP threads beyond the
// quota are throttled in the middle of a team's barrier, where the others spin for them.
// Plain C++, no torch.
#pragma once

#include "engine/run/message.h"

#include <string>
#include <vector>

namespace trainscope {

struct UsableCores {
  int count = 1;           // what threads: 0 uses
  int host = 1;            // the machine's
  int affinity = 0;        // the CPUs this process may run on (0: not known)
  double quota = 0;        // its cgroup's CPU quota, in cores (0: none)
  std::string quota_file;  // the file that sets it
  // Why `count`, in translatable form ("2 of 64 cores: the cgroup's quota is 2 cores (…)").
  Message reason() const;
};

// This process's, now.
UsableCores usableCores();
// The CPUs this process may run on (sched_getaffinity), in order; empty when not known.
std::vector<int> affinityCpus();
// The arithmetic, on a file system rooted at `root` (proc/self/cgroup, sys/fs/cgroup/…;
// "/" for the real one, a fake tree in tests), a host of `host` cores and an affinity of
// `affinity` CPUs (0: not known).
UsableCores usableCoresUnder(const std::string& root, int host, int affinity);

}  // namespace trainscope
