// A run's threads can run below the GUI: the setting applies to the thread that asks,
// and threads it starts inherit it (Linux).
#include "engine/system/threads.h"

#include <gtest/gtest.h>

#include <thread>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {
int threadNice() { return getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid))); }
}  // namespace

TEST(RunThreadNiceness, AppliesToTheRunsThreadAndWhatItStarts) {
  const int process = threadNice();
  trainscope::setRunThreadNiceness(3);
  int run = 0, child = 0;
  std::thread([&] {
    trainscope::applyRunThreadNiceness();
    run = threadNice();
    std::thread([&] { child = threadNice(); }).join();  // e.g. a loader worker
  }).join();
  trainscope::setRunThreadNiceness(0);
  EXPECT_EQ(run, std::min(19, process + 3));
  EXPECT_EQ(child, run);
  EXPECT_EQ(threadNice(), process);  // the calling thread (the GUI's) is left alone
  int unchanged = 0;
  std::thread([&] {
    trainscope::applyRunThreadNiceness();  // 0: nothing changes
    unchanged = threadNice();
  }).join();
  EXPECT_EQ(unchanged, process);
}
#endif
