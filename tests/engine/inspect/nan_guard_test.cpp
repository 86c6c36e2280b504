#include "engine/inspect/nan_guard.h"

#include "engine/models/model_factory.h"
#include "engine/session.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>

namespace fs = std::filesystem;

namespace trainscope {
namespace {

class NanGuardTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::haveFashionMnist()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  }
  ExperimentConfig divergingRun(const std::string& action) {
    auto c = test::smallFashionExperiment(runs_.str(), 2048, 128);
    c.optimizer.lr = 1e3;  // diverges to NaN within a few steps
    c.optimizer.momentum = 0.0;
    c.training.nan_guard = action;
    return c;
  }
  test::TempDir runs_;
};

std::vector<GuardTripped> tripsOf(TrainingSession& s, const std::function<void(const GuardTripped&)>& onTrip = {}) {
  std::vector<GuardTripped> trips;
  test::followRun(s, [&](const Event& e, const test::RunEvents&) {
    if (const auto* g = std::get_if<GuardTripped>(&e)) {
      trips.push_back(*g);
      if (onTrip) onTrip(*g);
    }
  });
  return trips;
}

TEST_F(NanGuardTest, ALearningRateOf1e3PausesTheRunWithEvidenceH5pyReads) {
  auto s = TrainingSession::start(divergingRun("pause"));
  bool sawPause = false;
  std::vector<GuardTripped> trips;
  const test::RunEvents r = test::followRun(*s, [&](const Event& e, const test::RunEvents&) {
    if (const auto* g = std::get_if<GuardTripped>(&e)) trips.push_back(*g);
    if (const auto* st = std::get_if<StateChanged>(&e); st && st->state == RunState::Paused) {
      sawPause = true;
      s->stop();
    }
  });
  ASSERT_EQ(trips.size(), 1u);
  EXPECT_TRUE(sawPause);
  EXPECT_EQ(r.finalState(), RunState::Stopped);
  const GuardTripped& g = trips[0];
  EXPECT_EQ(g.action, "pause");
  EXPECT_FALSE(g.what.empty());
  EXPECT_GT(g.step, 1);
  // The bad step was not applied: the curve ends before it.
  EXPECT_EQ(r.steps.back().step, g.step - 1);
  for (const auto& m : r.steps) EXPECT_TRUE(std::isfinite(m.loss));
  ASSERT_TRUE(fs::exists(g.dump_path)) << g.dump_path;
  EXPECT_EQ(fs::path(g.dump_path).parent_path().filename(), "nan_guard");

  // The evidence in Python, with h5py and numpy only.
  const std::string script =
      "import h5py, numpy as np, sys\n"
      "f = h5py.File(sys.argv[1], 'r')\n"
      "x, y = f['inputs'][:], f['targets'][:]\n"
      "print(x.shape, y.shape, int(f.attrs['step']), f.attrs['layer'], f.attrs['reason'])\n"
      "if f.attrs['layer']:\n"
      "    out = f['layer/output'][:]\n"
      "    print('nonfinite', int((~np.isfinite(out)).sum()) > 0)\n";
  const std::string scriptPath = runs_.str() + "/read_dump.py";
  FILE* py = fopen(scriptPath.c_str(), "w");
  fputs(script.c_str(), py);
  fclose(py);
  FILE* pipe = popen((std::string(TRAINSCOPE_PYTHON) + " " + scriptPath + " '" + g.dump_path + "' 2>&1").c_str(), "r");
  std::string out;
  std::array<char, 512> buf{};
  while (fgets(buf.data(), buf.size(), pipe)) out += buf.data();
  ASSERT_EQ(pclose(pipe), 0) << out;
  EXPECT_NE(out.find("(32, 1, 28, 28) (32,) " + std::to_string(g.step)), std::string::npos) << out;
  if (!g.layer.empty()) {
    EXPECT_NE(out.find("nonfinite True"), std::string::npos) << out;
  }
  EXPECT_NE(out.find(g.layer), std::string::npos) << out;
}

TEST_F(NanGuardTest, StopEndsTheRunAndSkipCarriesOn) {
  auto stop = TrainingSession::start(divergingRun("stop"));
  EXPECT_EQ(tripsOf(*stop).size(), 1u);
  EXPECT_EQ(test::readJsonFile(stop->runDir() + "/run.json")["reason"], "stopped by the NaN guard");

  auto probed = divergingRun("stop");  // with probes on, their gradient norm feeds the check
  probed.probes.enabled = true;
  auto withProbes = TrainingSession::start(probed);
  EXPECT_EQ(tripsOf(*withProbes).size(), 1u);
  EXPECT_EQ(test::readJsonFile(withProbes->runDir() + "/run.json")["reason"], "stopped by the NaN guard");

  auto skip = TrainingSession::start(divergingRun("skip"));
  const auto trips = tripsOf(*skip);
  EXPECT_GE(trips.size(), 1u);
  const auto info = test::readJsonFile(skip->runDir() + "/run.json");
  EXPECT_EQ(info["status"], "finished") << "skip keeps going to the end";
  EXPECT_EQ(info["nan_guard_trips"], static_cast<int64_t>(trips.size()));
  int dumps = 0;
  for (const auto& e : fs::directory_iterator(fs::path(skip->runDir()) / "nan_guard"))
    dumps += e.path().extension() == ".h5";
  EXPECT_EQ(dumps, std::min<int>(5, static_cast<int>(trips.size()))) << "evidence for the first five trips only";
}

TEST(NanGuard, FindsTheFirstNonFiniteLayerAndGradient) {
  test::TempDir dir;
  ModelConfig mlp;
  mlp.name = "mlp";
  mlp.hidden = {8};
  mlp.dropout = 0;
  LayerStack model = buildModel(mlp, {1, 4, 4}, 3);
  EXPECT_EQ(firstNonFiniteGradient(model), "");
  model->forward(torch::ones({2, 1, 4, 4})).sum().backward();
  EXPECT_EQ(firstNonFiniteGradient(model), "") << "finite data, finite gradients";
  for (auto& p : model->parameters()) p.mutable_grad() = torch::Tensor();
  torch::Tensor x = torch::ones({2, 1, 4, 4});
  x[0][0][0][0] = std::numeric_limits<float>::quiet_NaN();  // one bad pixel
  model->forward(x).sum().backward();
  EXPECT_EQ(firstNonFiniteGradient(model), "fc1.weight") << "the first parameter, in model order";
  const NanDiagnosis d =
      investigateNonFinite(model, x, torch::zeros({2}, torch::kInt64), "test", 1, 1, dir.str() + "/d.h5");
  EXPECT_EQ(d.layer, "flatten") << "the very first layer already passes the NaN on";
  EXPECT_EQ(d.layer_type, "Flatten");
  EXPECT_TRUE(fs::exists(dir.str() + "/d.h5"));
}

TEST(Config, NanGuardFieldsAreValidated) {
  try {
    parseConfig({{"training", {{"nan_guard", "explode"}}}});
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("training.nan_guard: must be one of pause, stop, skip, off"),
              std::string::npos);
  }
  EXPECT_TRUE(parseConfig({{"training", {{"anomaly_detection", true}}}}).training.anomaly_detection);
}

}  // namespace
}  // namespace trainscope
