#include "engine/session.h"
#include "engine/system/usable_cores.h"
#include "engine/system/versions.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>

namespace fs = std::filesystem;

namespace trainscope {
namespace {

// Runs a command and returns its standard output (and exit status).
std::string runCommand(const std::string& command, int* status) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return out;
  std::array<char, 4096> buf{};
  while (fgets(buf.data(), buf.size(), pipe)) out += buf.data();
  *status = pclose(pipe);
  return out;
}

bool havePythonH5py() {
  int status = -1;
  runCommand(std::string(TRAINSCOPE_PYTHON) + " -c 'import h5py, numpy' 2>/dev/null", &status);
  return status == 0;
}

// Runs docs/run-format.md's Python example (through tests/python/run_doc_example.py)
// on a run folder; it prints what it read as JSON.
nlohmann::json readWithDocExample(const std::string& runDir) {
  int status = -1;
  const std::string cmd = std::string(TRAINSCOPE_PYTHON) + " " + test::sourceDir() +
                          "/tests/python/run_doc_example.py " + test::sourceDir() + "/docs/run-format.md '" + runDir +
                          "'";
  const std::string out = runCommand(cmd, &status);
  EXPECT_EQ(status, 0) << out;
  return nlohmann::json::parse(out);
}

class RunRecordTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::haveFashionMnist()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  }
  test::TempDir runs_;
};

TEST_F(RunRecordTest, RunFolderHoldsWhatTheFormatDocSays) {
  auto config = test::smallFashionExperiment(runs_.str(), 512, 128);
  config.epochs = 2;
  auto s = TrainingSession::start(config);
  const test::RunEvents r = test::followRun(*s);
  ASSERT_EQ(r.finalState(), RunState::Finished);
  const fs::path dir = s->runDir();
  for (const char* f : {"run.json", "metrics.h5", "log.txt", "checkpoints/last.pt", "checkpoints/best.pt"})
    EXPECT_TRUE(fs::exists(dir / f)) << f;

  const auto info = test::readJsonFile((dir / "run.json").string());
  // Named by model, dataset and start time; the experiment's own name kept beside it.
  EXPECT_EQ(info["name"].get<std::string>().rfind("lenet-fashion-mnist ", 0), 0u) << info["name"];
  EXPECT_EQ(info["experiment"], "test");
  EXPECT_EQ(info["status"], "finished");
  EXPECT_EQ(info["reason"], "completed 2 epochs");
  EXPECT_EQ(info["seed"], 7);
  EXPECT_EQ(info["device"], "cpu");
  EXPECT_EQ(info["threads"], 2);
  EXPECT_EQ(info["cores"]["usable"], usableCores().count) << "what threads: 0 would have used, and why";
  EXPECT_FALSE(info["cores"]["reason"].get<std::string>().empty());
  EXPECT_EQ(info["versions"]["libtorch"], libraryVersions().libtorch);
  EXPECT_FALSE(info["versions"]["opencv"].get<std::string>().empty());
  EXPECT_FALSE(info["versions"]["hdf5"].get<std::string>().empty());
  EXPECT_FALSE(info["start_time"].get<std::string>().empty());
  EXPECT_FALSE(info["end_time"].get<std::string>().empty());
  EXPECT_EQ(info["config"]["optimizer"]["lr"], 0.05) << "the full resolved config";
  EXPECT_EQ(info["config"]["transforms"]["train"].size(), 2u);
  EXPECT_EQ(info["epochs_completed"], 2);
  EXPECT_EQ(info["steps"], 32);  // 2 epochs of 512 / 32
  EXPECT_EQ(info["dataset"]["train_samples"], 512);

  const std::string h5 = (dir / "metrics.h5").string();
  for (const char* col : {"step", "epoch", "wall_time", "loss", "accuracy", "lr", "samples_per_sec", "data_wait"})
    EXPECT_EQ(test::readH5Column(h5, std::string("/steps/") + col).size(), 32u) << col;
  for (const char* col :
       {"epoch", "step", "wall_time", "train_loss", "train_accuracy", "val_loss", "val_accuracy", "lr", "duration"})
    EXPECT_EQ(test::readH5Column(h5, std::string("/epochs/") + col).size(), 2u) << col;
  const auto loss = test::readH5Column(h5, "/steps/loss");
  for (size_t i = 0; i < loss.size(); ++i) EXPECT_DOUBLE_EQ(loss[i], r.steps[i].loss);
  EXPECT_DOUBLE_EQ(test::readH5Column(h5, "/epochs/val_accuracy")[1], r.epochs[1].val_accuracy);
}

TEST_F(RunRecordTest, H5pyReadsTheRecordAsTheDocShows) {
  if (!havePythonH5py()) GTEST_SKIP() << TRAINSCOPE_PYTHON << " with h5py is not installed";
  auto config = test::smallFashionExperiment(runs_.str(), 256, 64);
  auto s = TrainingSession::start(config);
  const test::RunEvents r = test::followRun(*s);
  ASSERT_EQ(r.finalState(), RunState::Finished);
  const nlohmann::json read = readWithDocExample(s->runDir());
  EXPECT_EQ(read["steps"], r.steps.size());
  EXPECT_DOUBLE_EQ(read["last_loss"].get<double>(), r.steps.back().loss);
  EXPECT_DOUBLE_EQ(read["val_accuracy"].back().get<double>(), r.epochs.back().val_accuracy);
  EXPECT_EQ(read["status"], "finished");
}

TEST_F(RunRecordTest, H5pyReadsWhileTheRunIsStillWriting) {
  if (!havePythonH5py()) GTEST_SKIP() << TRAINSCOPE_PYTHON << " with h5py is not installed";
  auto config = test::smallFashionExperiment(runs_.str(), 4096, 64);
  config.epochs = 50;
  auto s = TrainingSession::start(config);
  nlohmann::json live;
  test::followRun(*s, [&](const Event& e, const test::RunEvents& sofar) {
    if (std::holds_alternative<StepMetrics>(e) && sofar.steps.size() == 5) s->pause();
    if (const auto* st = std::get_if<StateChanged>(&e); st && st->state == RunState::Paused) {
      live = readWithDocExample(s->runDir());  // metrics.h5 is open for SWMR writing right now
      s->stop();
    }
  });
  ASSERT_FALSE(live.is_null());
  EXPECT_GE(live["steps"].get<int>(), 5);
  EXPECT_EQ(live["status"], "paused") << "run.json says what the run is doing";
}

}  // namespace
}  // namespace trainscope
