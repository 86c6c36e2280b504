// The cores threads: 0 uses, on fake cgroup trees: v2 and v1 quotas, the smallest along
// the ancestors, a container's cgroup at the mount's root, the affinity, and files that
// say nothing usable.
#include "engine/system/usable_cores.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <fstream>

namespace trainscope {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

struct CoresCase {
  const char* name;
  std::vector<std::pair<std::string, std::string>> files;  // relative path, contents
  int host, affinity;
  int count;
  double quota;
};

class Cores : public testing::TestWithParam<CoresCase> {};

TEST_P(Cores, CountWhatTheProcessMayUse) {
  const CoresCase& c = GetParam();
  test::TempDir root;
  for (const auto& [path, text] : c.files) write(root.path() / path, text);
  const UsableCores u = usableCoresUnder(root.str(), c.host, c.affinity);
  EXPECT_EQ(u.count, c.count);
  EXPECT_DOUBLE_EQ(u.quota, c.quota);
  EXPECT_FALSE(u.reason().english().empty());
}

const std::string kV2 = "sys/fs/cgroup/cgroup.controllers";

INSTANTIATE_TEST_SUITE_P(
    Trees, Cores,
    testing::Values(
        CoresCase{"nothing_known", {}, 8, 0, 8, 0}, CoresCase{"affinity", {}, 8, 3, 3, 0},
        CoresCase{"v2_unlimited",
                  {{"proc/self/cgroup", "0::/user.slice/run.scope\n"},
                   {kV2, "cpu"},
                   {"sys/fs/cgroup/user.slice/run.scope/cpu.max", "max 100000\n"}},
                  8,
                  8,
                  8,
                  0},
        CoresCase{"v2_parent_quota",
                  {{"proc/self/cgroup", "0::/a/b\n"},
                   {kV2, "cpu"},
                   {"sys/fs/cgroup/a/b/cpu.max", "max 100000\n"},
                   {"sys/fs/cgroup/a/cpu.max", "200000 100000\n"}},
                  64,
                  64,
                  2,
                  2},
        CoresCase{"v2_smallest_wins",
                  {{"proc/self/cgroup", "0::/a/b\n"},
                   {kV2, "cpu"},
                   {"sys/fs/cgroup/a/b/cpu.max", "300000 100000\n"},
                   {"sys/fs/cgroup/a/cpu.max", "400000 100000\n"}},
                  64,
                  64,
                  3,
                  3},
        CoresCase{
            "v2_container_root",
            {{"proc/self/cgroup", "0::/docker/abc\n"}, {kV2, "cpu"}, {"sys/fs/cgroup/cpu.max", "100000 100000\n"}},
            16,
            16,
            1,
            1},
        CoresCase{"v2_fraction_rounds_down",
                  {{"proc/self/cgroup", "0::/\n"}, {kV2, "cpu"}, {"sys/fs/cgroup/cpu.max", "150000 100000\n"}},
                  4,
                  4,
                  1,
                  1.5},
        CoresCase{"v2_below_one_core",
                  {{"proc/self/cgroup", "0::/\n"}, {kV2, "cpu"}, {"sys/fs/cgroup/cpu.max", "50000 100000\n"}},
                  4,
                  4,
                  1,
                  0.5},
        CoresCase{"v2_affinity_smaller",
                  {{"proc/self/cgroup", "0::/\n"}, {kV2, "cpu"}, {"sys/fs/cgroup/cpu.max", "400000 100000\n"}},
                  8,
                  2,
                  2,
                  4},
        CoresCase{"v2_garbage",
                  {{"proc/self/cgroup", "0::/\n"}, {kV2, "cpu"}, {"sys/fs/cgroup/cpu.max", "lots 0\n"}},
                  4,
                  4,
                  4,
                  0},
        CoresCase{"v1_quota",
                  {{"proc/self/cgroup", "5:cpuacct,cpu:/slurm/job1\n4:memory:/slurm/job1\n"},
                   {"sys/fs/cgroup/cpu,cpuacct/slurm/job1/cpu.cfs_quota_us", "200000\n"},
                   {"sys/fs/cgroup/cpu,cpuacct/slurm/job1/cpu.cfs_period_us", "100000\n"}},
                  32,
                  32,
                  2,
                  2},
        CoresCase{"v1_unlimited",
                  {{"proc/self/cgroup", "5:cpu,cpuacct:/\n"},
                   {"sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "-1\n"},
                   {"sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us", "100000\n"}},
                  6,
                  6,
                  6,
                  0}),
    [](const testing::TestParamInfo<CoresCase>& i) { return std::string(i.param.name); });

TEST(Cores, TheReasonNamesWhatLimitsTheCount) {
  test::TempDir root;
  write(root.path() / "proc/self/cgroup", "0::/job\n");
  write(root.path() / kV2, "cpu");
  write(root.path() / "sys/fs/cgroup/job/cpu.max", "200000 100000\n");
  const std::string quota = usableCoresUnder(root.str(), 64, 64).reason().english();
  EXPECT_EQ(quota, "2 of 64 cores: its cgroup's CPU quota is 2 cores (" + root.str() + "/sys/fs/cgroup/job/cpu.max)");
  EXPECT_EQ(usableCoresUnder(root.str(), 64, 1).reason().english(),
            "1 of 64 cores: the CPUs this process may run on (its CPU affinity)");
  EXPECT_EQ(usableCoresUnder("/nonexistent", 4, 4).reason().english(), "all 4 cores");
}

TEST(Cores, ThisProcessHasAtLeastOneAndAtMostTheHosts) {
  const UsableCores u = usableCores();
  EXPECT_GE(u.count, 1);
  EXPECT_LE(u.count, u.host);
}

}  // namespace
}  // namespace trainscope
