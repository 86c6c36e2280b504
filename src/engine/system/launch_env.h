// Which process of a data-parallel run this is, read from the launcher's environment:
// torchrun's (RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT,
// TORCHELASTIC_*), or Slurm's srun (SLURM_PROCID, SLURM_STEP_NUM_TASKS, SLURM_LOCALID,
// the first host of the step's node list). No torch here: the CLI reads it first.
#pragma once

#include <functional>
#include <string>

namespace trainscope {

struct ProcessGroupSpec {
  int rank = 0, world_size = 1;
  int local_rank = 0, local_world_size = 1;
  std::string master_addr = "127.0.0.1";
  int master_port = 29500;
  // TORCHELASTIC_USE_AGENT_STORE=True: the launcher hosts the store; every rank joins
  // it as a client under this prefix ("/worker/attempt_<restart count>").
  bool agent_store = false;
  std::string store_prefix;
  std::string launcher;  // "torchrun", "slurm", "trainscope-cli --nproc"; "" for one process
  bool distributed() const { return world_size > 1; }
};

using EnvironmentLookup = std::function<const char*(const char* name)>;

// The spec the environment describes; world size 1 when no launcher set it. Throws
// ConfigError naming the variable when one is set but wrong (RANK=abc, RANK >= WORLD_SIZE).
ProcessGroupSpec processGroupFromEnvironment(const EnvironmentLookup& lookup);
ProcessGroupSpec processGroupFromEnvironment();  // this process's environment

// The first host of a Slurm node list: "node[03-05,9],gpu1" gives "node03".
std::string firstSlurmHost(const std::string& nodeList);

}  // namespace trainscope
