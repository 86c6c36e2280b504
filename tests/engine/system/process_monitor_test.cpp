#include "engine/system/process_monitor.h"

#include <gtest/gtest.h>

#include <chrono>
#include <vector>

namespace trainscope {
namespace {

TEST(ProcessMonitor, SeesThisProcesssMemoryAndCpu) {
  ProcessMonitor monitor;
#ifdef __linux__
  std::vector<char> held(64 << 20, 1);  // 64 MiB, touched, so resident
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(300);
  volatile double sink = 0;
  while (std::chrono::steady_clock::now() < until) sink = sink + 1;  // busy: CPU time grows
  const ProcessSample s = monitor.sample();
  ASSERT_TRUE(s.available);
  EXPECT_GE(s.rss, int64_t{64} << 20) << "the held buffer is resident";
  EXPECT_GT(s.total_memory, s.rss);
  EXPECT_GE(s.cores, 1);
  EXPECT_GT(s.cpu, 0.5 / s.cores) << "one busy thread for the whole interval";
  EXPECT_LE(s.cpu, 1.05);
  EXPECT_EQ(held[12345], 1);
#else
  EXPECT_FALSE(monitor.sample().available);
#endif
}

}  // namespace
}  // namespace trainscope
