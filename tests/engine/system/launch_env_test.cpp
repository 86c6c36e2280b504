#include "engine/system/launch_env.h"

#include "engine/config/config.h"

#include <gtest/gtest.h>

#include <map>

namespace trainscope {
namespace {

ProcessGroupSpec specOf(const std::map<std::string, std::string>& env) {
  return processGroupFromEnvironment([&](const char* name) -> const char* {
    const auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  });
}

TEST(LaunchEnvironment, NoLauncherIsOneProcess) {
  const ProcessGroupSpec s = specOf({});
  EXPECT_FALSE(s.distributed());
  EXPECT_EQ(s.launcher, "");
}

TEST(LaunchEnvironment, TorchrunsVariablesWithItsAgentStore) {
  const ProcessGroupSpec s = specOf({{"RANK", "3"},
                                     {"WORLD_SIZE", "4"},
                                     {"LOCAL_RANK", "1"},
                                     {"LOCAL_WORLD_SIZE", "2"},
                                     {"MASTER_ADDR", "node7"},
                                     {"MASTER_PORT", "29400"},
                                     {"TORCHELASTIC_USE_AGENT_STORE", "True"},
                                     {"TORCHELASTIC_RESTART_COUNT", "2"},
                                     {"TORCHELASTIC_RUN_ID", "abc"}});
  EXPECT_TRUE(s.distributed());
  EXPECT_EQ(s.rank, 3);
  EXPECT_EQ(s.world_size, 4);
  EXPECT_EQ(s.local_rank, 1);
  EXPECT_EQ(s.local_world_size, 2);
  EXPECT_EQ(s.master_addr, "node7");
  EXPECT_EQ(s.master_port, 29400);
  EXPECT_TRUE(s.agent_store);
  EXPECT_EQ(s.store_prefix, "/worker/attempt_2") << "as torch.distributed's _create_c10d_store";
  EXPECT_EQ(s.launcher, "torchrun");
}

TEST(LaunchEnvironment, SrunsVariablesMeetOnTheFirstNode) {
  const ProcessGroupSpec s = specOf({{"SLURM_PROCID", "5"},
                                     {"SLURM_NTASKS", "16"},
                                     {"SLURM_STEP_NUM_TASKS", "8"},
                                     {"SLURM_LOCALID", "1"},
                                     {"SLURM_STEP_TASKS_PER_NODE", "4(x2)"},
                                     {"SLURM_STEP_NODELIST", "gpu[07-08]"},
                                     {"SLURM_JOB_ID", "123456"}});
  EXPECT_EQ(s.rank, 5);
  EXPECT_EQ(s.world_size, 8) << "the step's tasks, not the allocation's";
  EXPECT_EQ(s.local_world_size, 4);
  EXPECT_EQ(s.master_addr, "gpu07");
  EXPECT_EQ(s.master_port, 20000 + 123456 % 20000) << "a port of the job's own";
  EXPECT_EQ(s.launcher, "slurm");
  EXPECT_FALSE(s.agent_store);
}

TEST(LaunchEnvironment, SlurmNodeLists) {
  EXPECT_EQ(firstSlurmHost("node01"), "node01");
  EXPECT_EQ(firstSlurmHost("node01,node02"), "node01");
  EXPECT_EQ(firstSlurmHost("node[03-05,9],gpu1"), "node03");
  EXPECT_EQ(firstSlurmHost("n[9,12]"), "n9");
  EXPECT_EQ(firstSlurmHost("login,n[1-2]"), "login");
}

TEST(LaunchEnvironment, WrongValuesNameTheVariable) {
  for (const auto& env : std::vector<std::map<std::string, std::string>>{
           {{"RANK", "abc"}, {"WORLD_SIZE", "2"}},
           {{"RANK", "2"}, {"WORLD_SIZE", "2"}},
           {{"RANK", "0"}, {"WORLD_SIZE", "2"}, {"MASTER_PORT", "70000"}}}) {
    try {
      specOf(env);
      ADD_FAILURE() << "accepted RANK=" << env.at("RANK");
    } catch (const ConfigError& e) {
      const std::string what = e.what();
      EXPECT_TRUE(what.find("RANK=") != std::string::npos || what.find("MASTER_PORT=") != std::string::npos) << what;
    }
  }
}

}  // namespace
}  // namespace trainscope
