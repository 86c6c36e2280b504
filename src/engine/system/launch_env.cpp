#include "engine/system/launch_env.h"

#include "engine/config/config.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace trainscope {

namespace {

// The variable's integer value, or `fallback` when unset; a problem when malformed.
int intVariable(const EnvironmentLookup& lookup, const char* name, int fallback, int minimum, Problems& problems) {
  const char* text = lookup(name);
  if (!text || !*text) return fallback;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (*end != '\0' || value < minimum || value > 1'000'000) {
    problems.push_back({std::string(name) + "=" + text, "expected a whole number of at least " +
                                                            std::to_string(minimum) +
                                                            " (set by the launcher: torchrun or srun)"});
    return fallback;
  }
  return static_cast<int>(value);
}

std::string stringVariable(const EnvironmentLookup& lookup, const char* name) {
  const char* text = lookup(name);
  return text ? text : "";
}

}  // namespace

std::string firstSlurmHost(const std::string& nodeList) {
  const size_t comma = nodeList.find(',');
  const size_t bracket = nodeList.find('[');
  if (bracket == std::string::npos || (comma != std::string::npos && comma < bracket)) return nodeList.substr(0, comma);
  // "node[03-05,9]": the prefix and the first number of the range, zero padding kept.
  const size_t end = nodeList.find_first_of("-,]", bracket + 1);
  return nodeList.substr(0, bracket) + nodeList.substr(bracket + 1, end - bracket - 1);
}

ProcessGroupSpec processGroupFromEnvironment(const EnvironmentLookup& lookup) {
  ProcessGroupSpec spec;
  Problems problems;
  if (lookup("WORLD_SIZE") || lookup("RANK")) {  // torchrun, or anything that speaks its convention
    spec.world_size = intVariable(lookup, "WORLD_SIZE", 1, 1, problems);
    spec.rank = intVariable(lookup, "RANK", 0, 0, problems);
    spec.local_rank = intVariable(lookup, "LOCAL_RANK", spec.rank, 0, problems);
    spec.local_world_size = intVariable(lookup, "LOCAL_WORLD_SIZE", spec.world_size, 1, problems);
    spec.master_port = intVariable(lookup, "MASTER_PORT", spec.master_port, 1, problems);
    if (const std::string addr = stringVariable(lookup, "MASTER_ADDR"); !addr.empty()) spec.master_addr = addr;
    spec.agent_store = stringVariable(lookup, "TORCHELASTIC_USE_AGENT_STORE") == "True";
    if (spec.agent_store) {
      const std::string attempt = stringVariable(lookup, "TORCHELASTIC_RESTART_COUNT");
      spec.store_prefix = "/worker/attempt_" + (attempt.empty() ? std::string("0") : attempt);
    }
    const std::string named = stringVariable(lookup, "TRAINSCOPE_LAUNCHER");
    spec.launcher = !named.empty() ? named : lookup("TORCHELASTIC_RUN_ID") ? "torchrun" : "environment";
  } else if (lookup("SLURM_PROCID") && (lookup("SLURM_STEP_NUM_TASKS") || lookup("SLURM_NTASKS"))) {
    // srun: one task per process. The step's counts, not the allocation's.
    const char* tasks = lookup("SLURM_STEP_NUM_TASKS") ? "SLURM_STEP_NUM_TASKS" : "SLURM_NTASKS";
    spec.world_size = intVariable(lookup, tasks, 1, 1, problems);
    spec.rank = intVariable(lookup, "SLURM_PROCID", 0, 0, problems);
    spec.local_rank = intVariable(lookup, "SLURM_LOCALID", 0, 0, problems);
    const std::string perNode = stringVariable(lookup, "SLURM_STEP_TASKS_PER_NODE");
    // "2(x3)" or "2,1": the first node's count is this machine's share, near enough.
    spec.local_world_size = perNode.empty() ? 1 : std::max(1, std::atoi(perNode.c_str()));
    std::string nodes = stringVariable(lookup, "SLURM_STEP_NODELIST");
    if (nodes.empty()) nodes = stringVariable(lookup, "SLURM_JOB_NODELIST");
    spec.master_addr = stringVariable(lookup, "MASTER_ADDR");
    if (spec.master_addr.empty()) spec.master_addr = nodes.empty() ? "127.0.0.1" : firstSlurmHost(nodes);
    // A port of the job's own, so two jobs sharing a node do not meet.
    const int job = intVariable(lookup, "SLURM_JOB_ID", 0, 0, problems);
    spec.master_port = intVariable(lookup, "MASTER_PORT", 20000 + job % 20000, 1, problems);
    spec.launcher = "slurm";
  }
  if (spec.master_port > 65535)
    problems.push_back({"MASTER_PORT=" + std::to_string(spec.master_port), "a TCP port is at most 65535"});
  if (problems.empty() && spec.rank >= spec.world_size)
    problems.push_back(
        {"RANK=" + std::to_string(spec.rank), "must be below WORLD_SIZE=" + std::to_string(spec.world_size)});
  if (problems.empty() && spec.local_rank >= spec.local_world_size) spec.local_world_size = spec.local_rank + 1;
  if (!problems.empty()) throw ConfigError(problems);
  if (!spec.distributed()) spec.launcher.clear();
  return spec;
}

ProcessGroupSpec processGroupFromEnvironment() {
  return processGroupFromEnvironment([](const char* name) { return std::getenv(name); });
}

}  // namespace trainscope
