// Tensors to HDF5: exact round trips, and saves on a schedule and on request.
#include "engine/inspect/tensor_dump.h"
#include "engine/record/tensor_file.h"
#include "engine/session.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <hdf5.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

namespace trainscope {
namespace {

// Same bytes, so NaN payloads, -0.0 and denormals count too.
bool bitExact(const torch::Tensor& a, const torch::Tensor& b) {
  if (a.scalar_type() != b.scalar_type() || a.sizes() != b.sizes()) return false;
  const torch::Tensor x = a.contiguous(), y = b.contiguous();
  return std::memcmp(x.data_ptr(), y.data_ptr(), static_cast<size_t>(x.numel()) * x.element_size()) == 0;
}

TEST(TensorFileTest, EveryDtypeRoundTripsBitExactly) {
  test::TempDir dir;
  const std::string path = (dir.path() / "t.h5").string();
  torch::manual_seed(3);
  torch::Tensor f = torch::randn({4, 3, 5});
  f[0][0][0] = std::numeric_limits<float>::quiet_NaN();
  f[0][0][1] = std::numeric_limits<float>::infinity();
  f[0][0][2] = -0.0f;
  f[0][0][3] = std::numeric_limits<float>::denorm_min();
  const std::vector<std::pair<std::string, torch::Tensor>> tensors = {
      {"/a/float32", f},
      {"/a/float64", torch::randn({7}, torch::kFloat64) * 1e300},
      {"/b/int64", torch::randint(-(int64_t{1} << 40), int64_t{1} << 40, {3, 3}, torch::kInt64)},
      {"/b/int32", torch::randint(-1000, 1000, {10}, torch::kInt32)},
      {"/c/uint8", torch::randint(0, 256, {2, 2, 2}, torch::kUInt8)},
      {"/c/scalar", torch::tensor(2.5f)},
      {"/c/strided", torch::arange(24, torch::kFloat32).reshape({4, 6}).t()},  // non-contiguous on write
  };
  {
    TensorFile file(path);
    for (const auto& [name, t] : tensors) file.write(name, t);
  }
  for (const auto& [name, t] : tensors) EXPECT_TRUE(bitExact(TensorFile::read(path, name), t.contiguous())) << name;
  const auto listed = listStoredTensors(path);
  ASSERT_EQ(listed.size(), tensors.size());
  EXPECT_EQ(listed[0].path, "/a/float32");
  EXPECT_EQ(listed[0].dtype, "float32") << "numpy's name";
  EXPECT_EQ(listed[0].shape, (std::vector<int64_t>{4, 3, 5}));
  EXPECT_THROW(TensorFile::read(path, "/missing"), std::runtime_error);
}

TEST(TensorFileTest, AppendModeKeepsWhatIsThere) {
  test::TempDir dir;
  const std::string path = (dir.path() / "t.h5").string();
  TensorFile(path, TensorFile::Mode::Append).write("/one", torch::ones({2}));
  TensorFile(path, TensorFile::Mode::Append).write("/two", torch::zeros({3}));
  TensorFile again(path, TensorFile::Mode::Append);
  EXPECT_TRUE(again.exists("/one"));
  EXPECT_TRUE(again.exists("/two"));
  EXPECT_FALSE(again.exists("/three/four"));
}

TEST(TensorFileTest, AppendingToADamagedFileFailsAndKeepsIt) {
  test::TempDir dir;
  const std::string path = (dir.path() / "t.h5").string();
  std::ofstream(path) << "not an HDF5 file";
  EXPECT_THROW(TensorFile(path, TensorFile::Mode::Append), std::runtime_error);
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "not an HDF5 file") << "never truncated";
}

class TensorDumpTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::haveFashionMnist()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  }
  test::TempDir runs_;
};

int64_t intAttribute(const std::string& file, const std::string& object, const char* name) {
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  const hid_t o = H5Oopen(f, object.c_str(), H5P_DEFAULT);
  const hid_t a = H5Aopen(o, name, H5P_DEFAULT);
  int64_t v = -1;
  H5Aread(a, H5T_NATIVE_INT64, &v);
  H5Aclose(a);
  H5Oclose(o);
  H5Fclose(f);
  return v;
}

TEST_F(TensorDumpTest, ScheduledStepsSaveEveryKindOfTheChosenLayers) {
  auto config = test::smallFashionExperiment(runs_.str(), 256, 64);
  config.tensors.steps = {2};
  config.tensors.every = 5;
  config.tensors.layers = {"conv1", "relu3"};
  auto session = TrainingSession::start(config);
  std::vector<TensorsSaved> saves;
  const auto r = test::followRun(*session, [&](const Event& e, const test::RunEvents&) {
    if (const auto* s = std::get_if<TensorsSaved>(&e)) saves.push_back(*s);
  });
  ASSERT_EQ(r.finalState(), RunState::Finished) << (r.errors.empty() ? "" : r.errors[0]);
  ASSERT_EQ(saves.size(), 2u) << "steps 2 and 5 of 8";
  EXPECT_EQ(saves[0].step, 2);
  EXPECT_EQ(saves[1].step, 5);
  EXPECT_EQ(saves[0].group, "/step_000002");
  EXPECT_TRUE(saves[0].error.empty()) << saves[0].error;
  // conv1: activation, activation_grad, weight, weight_grad, bias, bias_grad; relu3 has no parameters.
  EXPECT_EQ(saves[0].count, 8);
  const std::string file = session->runDir() + "/tensors.h5";
  ASSERT_EQ(saves[0].path, file);
  const auto act = TensorFile::read(file, "/step_000002/conv1/activation");
  EXPECT_EQ(act.sizes(), (std::vector<int64_t>{32, 6, 28, 28}));
  EXPECT_EQ(TensorFile::read(file, "/step_000002/conv1/activation_grad").sizes(), act.sizes());
  EXPECT_EQ(TensorFile::read(file, "/step_000002/conv1/weight").sizes(), (std::vector<int64_t>{6, 1, 5, 5}));
  EXPECT_EQ(TensorFile::read(file, "/step_000002/conv1/weight_grad").sizes(), (std::vector<int64_t>{6, 1, 5, 5}));
  EXPECT_EQ(TensorFile::read(file, "/step_000005/relu3/activation").sizes(), (std::vector<int64_t>{32, 120}));
  EXPECT_EQ(intAttribute(file, "/step_000002/conv1/weight", "step"), 2);
  EXPECT_EQ(intAttribute(file, "/step_000002/conv1/weight", "epoch"), 1);
  // A ReLU's output is never negative; the saved values are the real ones.
  EXPECT_GE(TensorFile::read(file, "/step_000005/relu3/activation").min().item<float>(), 0.0f);
  TensorFile check(file, TensorFile::Mode::Append);
  EXPECT_FALSE(check.exists("/step_000002/fc1")) << "only the chosen layers";
  EXPECT_FALSE(check.exists("/step_000003"));
}

TEST_F(TensorDumpTest, ARequestSavesAtTheNextStepAndABadOneIsReportedNotFatal) {
  auto config = test::smallFashionExperiment(runs_.str(), 256, 64);
  auto session = TrainingSession::start(config);
  TensorDumpRequest bad;
  bad.layers = {"conv9"};
  session->saveTensors(bad);
  std::vector<TensorsSaved> saves;
  bool asked = false;
  const auto r = test::followRun(*session, [&](const Event& e, const test::RunEvents&) {
    if (const auto* s = std::get_if<TensorsSaved>(&e)) {
      saves.push_back(*s);
      if (!asked) {
        asked = true;
        TensorDumpRequest weights;
        weights.layers = {"fc3"};
        weights.kinds = {"weight"};
        session->saveTensors(weights);
      }
    }
  });
  ASSERT_EQ(r.finalState(), RunState::Finished) << "a bad request does not end the run";
  ASSERT_EQ(saves.size(), 2u);
  EXPECT_NE(saves[0].error.find("conv9"), std::string::npos) << saves[0].error;
  EXPECT_TRUE(saves[1].error.empty());
  EXPECT_EQ(saves[1].count, 2) << "fc3's weight and bias";
  const std::string group =
      "/step_" + std::string(6 - std::to_string(saves[1].step).size(), '0') + std::to_string(saves[1].step);
  EXPECT_EQ(TensorFile::read(saves[1].path, group + "/fc3/bias").sizes(), (std::vector<int64_t>{10}));
}

TEST_F(TensorDumpTest, AnUnknownLayerInTheConfigFailsTheRunNamingTheField) {
  auto config = test::smallFashionExperiment(runs_.str(), 256, 64);
  config.tensors.layers = {"conv1", "cnov2"};
  auto session = TrainingSession::start(config);
  const auto r = test::followRun(*session);
  EXPECT_EQ(r.finalState(), RunState::Failed);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_NE(r.errors[0].find("tensors.layers[1]"), std::string::npos) << r.errors[0];
}

}  // namespace
}  // namespace trainscope
