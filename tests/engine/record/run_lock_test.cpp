#include "engine/record/run_lock.h"

#include "engine/record/run_library.h"
#include "engine/record/run_repair.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <fstream>

#include <unistd.h>

namespace trainscope {
namespace {

TEST(RunLock, OneWriterAtATimeAndTheSecondLearnsWho) {
  test::TempDir dir;
  EXPECT_EQ(RunLock::holder(dir.path()), "") << "never locked";
  {
    auto lock = RunLock::acquire(dir.path(), "trainscope-cli train");
    const std::string who = RunLock::holder(dir.path());
    EXPECT_NE(who.find("pid " + std::to_string(getpid())), std::string::npos) << who;
    EXPECT_NE(who.find("trainscope-cli train"), std::string::npos) << who;
    try {
      RunLock::acquire(dir.path(), "trainscope-cli resume");
      FAIL() << "a second writer must be refused";
    } catch (const RunLockedError& e) {
      EXPECT_NE(std::string(e.what()).find("is being written by pid"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(RunLock::holder(dir.path()), "") << "released with its owner";
  EXPECT_NO_THROW(RunLock::acquire(dir.path(), "again"));
}

TEST(RunLock, ALockedRunIsNotDeletedNorRepaired) {
  test::TempDir dir;
  std::ofstream(dir.path() / "run.json") << R"({"status": "running"})";
  auto lock = RunLock::acquire(dir.path(), "test");
  EXPECT_THROW(deleteRun(dir.str()), RunLockedError);
  EXPECT_THROW(repairRun(dir.str()), RunLockedError);
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "run.json"));
}

TEST(RunLock, ARunWhoseWriterIsGoneIsListedInterruptedAndRepaired) {
  test::TempDir runs;
  const auto run = runs.path() / "r1";
  std::filesystem::create_directories(run);
  std::ofstream(run / "run.json") << R"({"status": "running", "name": "r1", "config": {}})";
  RunLock::acquire(run, "a writer that died");  // released at once: the lock file stays, free
  const auto listed = listRuns(runs.str());
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].status, "interrupted");
  EXPECT_NE(readRunEntry(run.string()).status, "running") << "the record says so too now";
}

}  // namespace
}  // namespace trainscope
