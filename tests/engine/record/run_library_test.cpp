// The run library: listing generated and real runs with their fields, surviving damaged
// folders, annotations, deletion, curves and the "what differs" table.
#include "engine/record/run_library.h"
#include "engine/session.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace trainscope {
namespace {

void writeFile(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

nlohmann::json runJson(const std::string& name, const std::string& status, double lr, double best,
                       const std::string& start) {
  return {{"name", name},
          {"status", status},
          {"seed", 3},
          {"start_time", start},
          {"train_seconds", 12.5},
          {"epochs_completed", 2},
          {"steps", 100},
          {"best_val_accuracy", best},
          {"final_val_accuracy", best - 0.01},
          {"dataset", {{"description", "Fashion-MNIST"}}},
          {"config",
           {{"epochs", 3},
            {"model", {{"name", "lenet"}}},
            {"optimizer", {{"name", "sgd"}, {"lr", lr}, {"weight_decay", 0.0}}},
            {"loader", {{"batch_size", 64}}},
            {"scheduler", {{"name", "cosine"}}}}}};
}

TEST(RunLibrary, ListsRunsWithTheirFieldsNewestFirst) {
  test::TempDir dir;
  writeFile(dir.path() / "a-1/run.json", runJson("a", "finished", 0.1, 0.9, "2026-11-30T08:00:00+0000").dump());
  writeFile(dir.path() / "b-2/run.json", runJson("b", "stopped", 0.01, 0.8, "2026-11-30T09:00:00+0000").dump());
  writeFile(dir.path() / "not-a-run/readme.txt", "hello");
  const auto runs = listRuns(dir.str());
  ASSERT_EQ(runs.size(), 2u) << "a folder without run.json, metrics.h5 or checkpoints is not a run";
  EXPECT_EQ(runs[0].name, "b");
  EXPECT_EQ(runs[0].status, "stopped");
  EXPECT_EQ(runs[1].id, "a-1");
  EXPECT_EQ(runs[1].model, "lenet");
  EXPECT_EQ(runs[1].optimizer, "sgd");
  EXPECT_DOUBLE_EQ(runs[1].lr, 0.1);
  EXPECT_EQ(runs[1].batch_size, 64);
  EXPECT_DOUBLE_EQ(runs[1].best_val_accuracy, 0.9);
  EXPECT_DOUBLE_EQ(runs[1].final_val_accuracy, 0.89);
  EXPECT_DOUBLE_EQ(runs[1].train_seconds, 12.5);
  EXPECT_EQ(runs[1].dataset, "Fashion-MNIST");
}

TEST(RunLibrary, AListingAgainSeesEveryChangeToARunsFiles) {
  test::TempDir dir;
  const fs::path run = dir.path() / "a-1";
  writeFile(run / "run.json", runJson("a", "finished", 0.1, 0.9, "2026-11-30T08:00:00+0000").dump());
  writeFile(dir.path() / "live-2/run.json", runJson("live", "running", 0.1, 0.5, "2026-11-30T07:00:00+0000").dump());
  ASSERT_EQ(listRuns(dir.str()).size(), 2u);
  EXPECT_EQ(listRuns(dir.str())[1].status, "running");
  setRunName(run.string(), "renamed");  // at once, within the file clock's resolution
  setRunTags(run.string(), {"x"});
  EXPECT_EQ(listRuns(dir.str())[0].name, "renamed");
  EXPECT_EQ(listRuns(dir.str())[0].tags, std::vector<std::string>{"x"});
  // run.json rewritten by another program (a resume): its time and size change.
  writeFile(run / "run.json", runJson("a", "finished", 0.1, 0.95, "2026-11-30T08:00:00+0000").dump(1));
  EXPECT_DOUBLE_EQ(listRuns(dir.str())[0].best_val_accuracy, 0.95);
  // A running run is read each time: it turns interrupted by the clock, not by its files.
  const auto old = fs::file_time_type::clock::now() - std::chrono::hours(1);
  writeFile(dir.path() / "live-2/metrics.h5", "x");
  fs::last_write_time(dir.path() / "live-2/metrics.h5", old);
  fs::last_write_time(dir.path() / "live-2/run.json", old);
  EXPECT_EQ(listRuns(dir.str())[1].status, "interrupted");
  deleteRun(run.string());
  ASSERT_EQ(listRuns(dir.str()).size(), 1u);
  writeFile(run / "run.json", "{ damaged");
  EXPECT_EQ(listRuns(dir.str())[1].status, "damaged") << "a new folder of the same name is read anew";
}

TEST(RunLibrary, ADamagedFolderIsListedAsDamagedWithTheReason) {
  test::TempDir dir;
  writeFile(dir.path() / "broken-1/run.json", "{ this is not json");
  writeFile(dir.path() / "half-2/metrics.h5", "not hdf5 either");  // run.json never written
  writeFile(dir.path() / "ok-3/run.json", runJson("ok", "finished", 0.1, 0.9, "2026-11-30T08:00:00+0000").dump());
  const auto runs = listRuns(dir.str());
  ASSERT_EQ(runs.size(), 3u);
  int damaged = 0;
  for (const auto& r : runs) {
    if (r.status != "damaged") continue;
    ++damaged;
    EXPECT_FALSE(r.damage.empty());
  }
  EXPECT_EQ(damaged, 2);
  EXPECT_THROW(readRunCurves((dir.path() / "half-2").string()), std::runtime_error);
}

TEST(RunLibrary, AStaleRunningRunIsInterrupted) {
  test::TempDir dir;
  writeFile(dir.path() / "r/run.json", runJson("r", "running", 0.1, 0.5, "x").dump());
  EXPECT_EQ(readRunEntry((dir.path() / "r").string(), /*staleAfterSeconds=*/3600).status, "running");
  fs::last_write_time(dir.path() / "r/run.json", fs::file_time_type::clock::now() - std::chrono::hours(2));
  EXPECT_EQ(readRunEntry((dir.path() / "r").string(), 3600).status, "interrupted");
}

TEST(RunLibrary, RenameTagNoteAndDelete) {
  test::TempDir dir;
  const fs::path run = dir.path() / "a-1";
  writeFile(run / "run.json", runJson("a", "finished", 0.1, 0.9, "t").dump());
  setRunName(run.string(), "baseline, lr 0.1");
  setRunTags(run.string(), {"baseline", "workshop"});
  setRunNote(run.string(), "the one to beat");
  const RunEntry e = readRunEntry(run.string());
  EXPECT_EQ(e.name, "baseline, lr 0.1");
  EXPECT_EQ(e.tags, (std::vector<std::string>{"baseline", "workshop"}));
  EXPECT_EQ(e.note, "the one to beat");
  EXPECT_EQ(test::readJsonFile((run / "run.json").string())["name"], "a")
      << "run.json is the engine's; annotations live apart";
  EXPECT_THROW(deleteRun(dir.str() + "/nothing-here"), std::runtime_error);
  deleteRun(run.string());
  EXPECT_FALSE(fs::exists(run));
  EXPECT_TRUE(listRuns(dir.str()).empty());
}

TEST(RunLibrary, OnlyTheFieldsThatDifferAreListed) {
  const nlohmann::json a = {{"seed", 1}, {"optimizer", {{"lr", 0.1}, {"name", "sgd"}}}, {"epochs", 3}};
  const nlohmann::json b = {{"seed", 1}, {"optimizer", {{"lr", 0.01}, {"name", "sgd"}}}, {"epochs", 5}};
  EXPECT_EQ(differingFields({a, b}), (std::vector<std::string>{"epochs", "optimizer.lr"}));
  EXPECT_TRUE(differingFields({a, a}).empty());
  EXPECT_EQ(fieldValue(b, "optimizer.lr"), 0.01);
  EXPECT_TRUE(fieldValue(b, "optimizer.momentum").is_null());
}

TEST(RunLibrary, ReadsARealRunAndItsCurves) {
  if (!test::haveFashionMnist()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  test::TempDir dir;
  auto config = test::smallFashionExperiment(dir.str(), 256, 64);
  auto session = TrainingSession::start(config);
  const auto r = test::followRun(*session);
  ASSERT_EQ(r.finalState(), RunState::Finished);
  const auto runs = listRuns(dir.str());
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].status, "finished");
  EXPECT_EQ(runs[0].steps, 8);
  EXPECT_DOUBLE_EQ(runs[0].best_val_accuracy, r.epochs.back().val_accuracy);
  const RunCurves c = readRunCurves(runs[0].dir);
  ASSERT_EQ(c.steps.at("loss").size(), 8u);
  EXPECT_DOUBLE_EQ(c.steps.at("loss").back(), r.steps.back().loss);
  ASSERT_EQ(c.epochs.at("val_accuracy").size(), 1u);
  ASSERT_EQ(c.probes.at("grad_norm").size(), 8u) << "probes are on by default";
  EXPECT_EQ(c.probes.at("step").back(), 8.0);
  EXPECT_GT(c.probes.at("grad_norm").front(), 0.0);
}

}  // namespace
}  // namespace trainscope
