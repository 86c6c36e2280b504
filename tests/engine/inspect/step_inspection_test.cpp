#include "engine/inspect/step_inspection.h"

#include "engine/models/model_factory.h"
#include "engine/record/tensor_listing.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>

#include <algorithm>

namespace trainscope {
namespace {

// A small MLP trained by hand through StepInspection's hooks, as the trainer does.
struct Fixture {
  test::TempDir dir{"step-inspection"};
  ExperimentConfig config;
  LayerStack model{nullptr};
  std::shared_ptr<EventQueue> events = std::make_shared<EventQueue>();
  std::shared_ptr<RunControl> control = std::make_shared<RunControl>();
  std::vector<std::string> logs;

  Fixture() {
    torch::manual_seed(0);
    config.model.name = "mlp";
    config.model.hidden = {8};
    config.model.dropout = 0;
    config.probes.enabled = true;
    config.probes.histogram_every = 2;
    model = buildModel(config.model, {1, 4, 4}, 3);
  }
  std::unique_ptr<StepInspection> make() {
    return std::make_unique<StepInspection>(config, model, dir.path(), events, control,
                                            [this](LogLevel, const std::string& text) { logs.push_back(text); });
  }
  void step(StepInspection& inspection, int64_t step) {
    model->zero_grad();
    const torch::Tensor out = model->forward(torch::randn({4, 1, 4, 4}), inspection.observerFor(step));
    torch::nn::functional::cross_entropy(out, torch::randint(0, 3, {4}, torch::kInt64)).backward();
    inspection.afterBackward(step);
    inspection.beforeOptimizerStep(step);
    {
      torch::NoGradGuard noGrad;
      for (auto& p : model->parameters()) p.sub_(0.1 * p.grad());
    }
    inspection.afterOptimizerStep(step, /*epoch=*/0);
  }
  template <typename T>
  std::vector<T> drained() {
    std::vector<T> out;
    for (auto& e : events->drain())
      if (auto* t = std::get_if<T>(&e)) out.push_back(*t);
    return out;
  }
};

TEST(StepInspection, ProbesEveryStepHistogramsOnTheirStepsAndProbesH5) {
  Fixture f;
  auto inspection = f.make();
  f.config.probes.enabled = true;
  inspection->openRecord(/*resuming=*/false, 0, nullptr);
  EXPECT_TRUE(inspection->probing());
  std::vector<int64_t> sampleSteps, histogramSteps;
  for (int64_t s = 1; s <= 4; ++s) {
    f.step(*inspection, s);
    EXPECT_TRUE(inspection->gradientsKnownFinite());
    for (auto& e : f.events->drain()) {
      if (auto* p = std::get_if<ProbeSample>(&e)) {
        sampleSteps.push_back(p->step);
        // What probing cost this step, and the time since the last sample (none before the first).
        EXPECT_GT(p->cost_ms, 0.0);
        EXPECT_EQ(std::isnan(p->step_ms), p->step == 1);
        if (p->step > 1) EXPECT_GE(p->step_ms, p->cost_ms - 1e-6);
      }
      if (auto* h = std::get_if<Histogram>(&e)) histogramSteps.push_back(h->step);
    }
  }
  inspection->close(4);
  EXPECT_EQ(sampleSteps, (std::vector<int64_t>{1, 2, 3, 4}));
  ASSERT_FALSE(histogramSteps.empty());
  for (int64_t s : histogramSteps) EXPECT_EQ(s % 2, 0) << "histograms every probes.histogram_every steps";
  EXPECT_TRUE(std::filesystem::exists(f.dir.path() / "probes.h5"));
}

TEST(StepInspection, AResumeKeepsTheEarlierProbesFile) {
  Fixture f;
  {
    auto first = f.make();
    first->openRecord(false, 0, nullptr);
    f.step(*first, 1);
    first->close(1);
  }
  auto resumed = f.make();
  resumed->openRecord(/*resuming=*/true, 1, nullptr);
  EXPECT_TRUE(std::filesystem::exists(f.dir.path() / "probes-until-step1.h5"));
  EXPECT_TRUE(std::filesystem::exists(f.dir.path() / "probes.h5"));
}

TEST(StepInspection, ScheduledSavesWriteTensorsOfThatStepOnly) {
  Fixture f;
  f.config.probes.enabled = false;
  f.config.tensors.steps = {2};
  f.config.tensors.layers = {"fc1"};
  auto inspection = f.make();
  inspection->openRecord(false, 0, nullptr);
  EXPECT_FALSE(inspection->probing());
  for (int64_t s = 1; s <= 3; ++s) f.step(*inspection, s);
  inspection->close(3);
  const auto saved = f.drained<TensorsSaved>();
  ASSERT_EQ(saved.size(), 1u);
  EXPECT_EQ(saved[0].step, 2);
  EXPECT_TRUE(saved[0].error.empty()) << saved[0].error;
  EXPECT_EQ(saved[0].group, "/step_000002");
  const auto stored = listStoredTensors((f.dir.path() / "tensors.h5").string());
  ASSERT_EQ(static_cast<int>(stored.size()), saved[0].count);
  for (const auto& t : stored) {
    EXPECT_EQ(t.path.rfind("/step_000002/fc1/", 0), 0u) << t.path;
    EXPECT_FALSE(t.dtype.empty());
  }
  const bool hasWeightGrad = std::any_of(stored.begin(), stored.end(), [](const StoredTensor& t) {
    return t.path.find("weight_grad") != std::string::npos;
  });
  EXPECT_TRUE(hasWeightGrad);
}

TEST(StepInspection, ARequestForAnUnknownLayerIsReportedAndTheRunGoesOn) {
  Fixture f;
  auto inspection = f.make();
  inspection->openRecord(false, 0, nullptr);
  TensorDumpRequest request;
  request.layers = {"no_such_layer"};
  f.control->requestTensorDump(request);
  f.step(*inspection, 1);
  const auto saved = f.drained<TensorsSaved>();
  ASSERT_EQ(saved.size(), 1u);
  EXPECT_NE(saved[0].error.find("no_such_layer"), std::string::npos) << saved[0].error;
  EXPECT_FALSE(std::filesystem::exists(f.dir.path() / "tensors.h5"));
}

TEST(StepInspection, SavesThatCannotHappenAreReported) {
  Fixture f;
  f.config.probes.enabled = false;
  auto inspection = f.make();
  inspection->openRecord(false, 0, nullptr);
  f.control->requestTensorDump({});
  f.model->zero_grad();
  f.model->forward(torch::randn({2, 1, 4, 4}), inspection->observerFor(1));
  inspection->stepNotApplied(1, "the loss is nan");
  auto saved = f.drained<TensorsSaved>();
  ASSERT_EQ(saved.size(), 1u);
  EXPECT_NE(saved[0].error.find("not applied"), std::string::npos) << saved[0].error;

  f.control->requestTensorDump({});  // asked for after the last step
  inspection->close(1);
  saved = f.drained<TensorsSaved>();
  ASSERT_EQ(saved.size(), 1u);
  EXPECT_NE(saved[0].error.find("ended"), std::string::npos) << saved[0].error;
}

TEST(StepInspection, AnUnknownLayerInTheConfigIsAConfigErrorNamingTheField) {
  Fixture f;
  f.config.tensors.layers = {"fc9"};
  try {
    f.make();
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("tensors"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("fc9"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace trainscope
