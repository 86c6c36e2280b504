// Mixed precision (training.precision, train/precision.h): autocast's scope, the
// CPU's bfloat16 instructions, and a bf16 run against the same float32 run.
#include "engine/train/precision.h"
#include "engine/models/model_factory.h"
#include "engine/session.h"
#include "engine/system/host_info.h"
#include "engine/train/checkpoint.h"
#include "test_fixtures.h"

#include <ATen/autocast_mode.h>
#include <gtest/gtest.h>

#include <cmath>

namespace trainscope {
namespace {

TEST(Precision, AutocastRunsALinearInBfloat16OnlyInsideTheScope) {
  torch::nn::Linear fc(4, 3);
  const torch::Tensor x = torch::randn({2, 4});
  {
    const AutocastScope bf16("bf16", torch::kCPU);
    const torch::Tensor y = fc(x);
    EXPECT_EQ(y.scalar_type(), torch::kBFloat16);
    EXPECT_EQ(asFloat32(y).scalar_type(), torch::kFloat);
    {
      const AutocastScope inner("bf16", torch::kCPU);  // nested, as validation inside a step would be
      EXPECT_EQ(fc(x).scalar_type(), torch::kBFloat16);
    }
    EXPECT_TRUE(at::autocast::is_cpu_enabled()) << "the inner scope left the outer one on";
  }
  EXPECT_FALSE(at::autocast::is_cpu_enabled());
  EXPECT_EQ(fc(x).scalar_type(), torch::kFloat);
  {
    const AutocastScope fp32("fp32", torch::kCPU);
    EXPECT_EQ(fc(x).scalar_type(), torch::kFloat);
  }
  EXPECT_EQ(fc->weight.scalar_type(), torch::kFloat) << "autocast casts copies, never the weights";
}

TEST(Precision, NativeBfloat16InstructionsAreReadFromTheCpuFlags) {
  EXPECT_EQ(bf16InstructionsIn(" fpu sse2 avx2 avx512f avx512_bf16 avx512_vnni amx_bf16 amx_tile"),
            (std::vector<std::string>{"avx512_bf16", "amx_bf16"}));
  EXPECT_EQ(bf16InstructionsIn(" fp asimd bf16 i8mm"), (std::vector<std::string>{"bf16"}));  // ARM's Features
  EXPECT_TRUE(bf16InstructionsIn(" fpu sse2 avx2 avx512f avx512bw").empty()) << "AVX-512 alone is emulation";
}

class PrecisionRun : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::haveFashionMnist()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  }
  test::RunEvents train(const std::string& precision, std::string* dir) {
    ExperimentConfig config = test::smallFashionExperiment(runs_.str(), 512, 256);
    config.epochs = 2;
    config.training.precision = precision;
    auto session = TrainingSession::start(config);
    test::RunEvents r = test::followRun(*session);
    *dir = session->runDir();
    return r;
  }
  test::TempDir runs_;
};

TEST_F(PrecisionRun, Bfloat16TrainsAsFloat32DoesWithinItsPrecision) {
  std::string fp32Dir, bf16Dir;
  const test::RunEvents fp32 = train("fp32", &fp32Dir);
  const test::RunEvents bf16 = train("bf16", &bf16Dir);
  ASSERT_EQ(bf16.finalState(), RunState::Finished) << (bf16.errors.empty() ? "" : bf16.errors[0]);
  ASSERT_EQ(fp32.finalState(), RunState::Finished);
  bool said = false;
  for (const auto& line : bf16.logs) said = said || line.find("runs in bfloat16 under autocast") != std::string::npos;
  EXPECT_TRUE(said) << "the log says the run is in mixed precision";

  // The first step's loss: the same weights and batch, a bfloat16 forward (8 bits of
  // mantissa: about 3 significant digits).
  ASSERT_FALSE(bf16.steps.empty());
  EXPECT_NEAR(bf16.steps[0].loss, fp32.steps[0].loss, 0.02 * fp32.steps[0].loss);
  EXPECT_NE(bf16.steps[0].loss, fp32.steps[0].loss) << "the forward really ran in bfloat16";
  // It learns as float32 does, and its weights stay float32.
  EXPECT_GT(bf16.epochs.back().val_accuracy, 0.3) << "chance is 0.1";
  EXPECT_NEAR(bf16.epochs.back().val_accuracy, fp32.epochs.back().val_accuracy, 0.05)
      << "float32: " << fp32.epochs.back().val_accuracy;
  LayerStack m = buildSeededModel(test::smallFashionExperiment(runs_.str()).model, {1, 28, 28}, 10, 0);
  loadModelWeights(bf16Dir + "/checkpoints/last.pt", m);
  for (const auto& p : m->parameters()) EXPECT_EQ(p.scalar_type(), torch::kFloat);
}

}  // namespace
}  // namespace trainscope
