#include "engine/models/checkpoint_segments.h"
#include "engine/models/model_factory.h"
#include "engine/train/precision.h"
#include "engine/train/run_messages.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

using Ranges = std::vector<std::pair<size_t, size_t>>;

TEST(CheckpointedSegments, CutAsCheckpointSequentialLeavingTheLastSegmentOut) {
  EXPECT_EQ(checkpointedSegments(15, 4), (Ranges{{0, 3}, {3, 6}, {6, 9}}));
  EXPECT_EQ(checkpointedSegments(14, 2), (Ranges{{0, 7}}));
  EXPECT_EQ(checkpointedSegments(3, 10), (Ranges{{0, 1}, {1, 2}}));  // more segments than layers: one per layer
  EXPECT_TRUE(checkpointedSegments(10, 0).empty());
  EXPECT_TRUE(checkpointedSegments(10, 1).empty());
  EXPECT_TRUE(checkpointedSegments(1, 4).empty());
}

struct StepResult {
  torch::Tensor loss, inputGrad, rngAfter;
  std::vector<torch::Tensor> grads, buffers;
  std::vector<torch::Tensor> observed;  // each layer's output as the observer saw it
  std::vector<int> observedGradients;   // per layer: 1 when its output's gradient reached a hook
};

struct Case {
  ModelConfig model;
  std::vector<int64_t> input;
  std::vector<std::string> frozen;  // parameter name prefixes without gradients
  bool bf16 = false;
};

// One training step (forward with an observer, loss, backward) from the same seed.
StepResult trainingStep(const Case& c, int segments) {
  ModelConfig config = c.model;
  config.activation_checkpointing = segments;
  LayerStack model = buildSeededModel(config, c.input, 10, 7);
  for (auto& p : model->named_parameters())
    for (const auto& prefix : c.frozen)
      if (p.key().rfind(prefix, 0) == 0) p.value().requires_grad_(false);
  model->train();
  torch::manual_seed(11);
  std::vector<int64_t> shape{6};
  shape.insert(shape.end(), c.input.begin(), c.input.end());
  const torch::Tensor x = torch::randn(shape).requires_grad_(true);
  const torch::Tensor y = torch::randint(10, {6}, torch::kLong);
  StepResult r;
  const size_t layers = model->layers().size();
  r.observed.resize(layers);
  r.observedGradients.assign(layers, 0);
  const LayerObserver observe = [&r](size_t i, const torch::Tensor& out) {
    r.observed[i] = out.detach().clone();
    if (out.requires_grad())
      const_cast<torch::Tensor&>(out).register_hook([&r, i](const torch::Tensor&) { r.observedGradients[i] = 1; });
  };
  torch::Tensor logits;
  {
    AutocastScope autocast(c.bf16 ? "bf16" : "fp32", torch::kCPU);
    logits = model->forward(x, observe);
  }
  r.loss = torch::nn::functional::cross_entropy(asFloat32(logits), y);
  r.loss.backward();
  r.inputGrad = x.grad().clone();
  for (const auto& p : model->parameters()) r.grads.push_back(p.grad().defined() ? p.grad().clone() : torch::Tensor());
  for (const auto& b : model->buffers()) r.buffers.push_back(b.clone());
  r.rngAfter = torch::rand({4});
  return r;
}

void expectSameStep(const StepResult& plain, const StepResult& checkpointed, double tolerance) {
  EXPECT_TRUE(torch::allclose(plain.loss, checkpointed.loss, tolerance, tolerance));
  EXPECT_TRUE(torch::allclose(plain.inputGrad, checkpointed.inputGrad, tolerance, tolerance * 1e-2));
  ASSERT_EQ(plain.grads.size(), checkpointed.grads.size());
  for (size_t i = 0; i < plain.grads.size(); ++i) {
    ASSERT_EQ(plain.grads[i].defined(), checkpointed.grads[i].defined()) << "parameter " << i;
    if (plain.grads[i].defined())
      EXPECT_TRUE(torch::allclose(plain.grads[i], checkpointed.grads[i], tolerance, tolerance * 1e-2))
          << "parameter " << i << ": largest difference "
          << (plain.grads[i] - checkpointed.grads[i]).abs().max().item<double>();
  }
  // BatchNorm's running statistics were updated once, not again by the recomputation.
  for (size_t i = 0; i < plain.buffers.size(); ++i)
    EXPECT_TRUE(torch::equal(plain.buffers[i], checkpointed.buffers[i])) << "buffer " << i;
  // The generator goes on from where the plain step left it.
  EXPECT_TRUE(torch::equal(plain.rngAfter, checkpointed.rngAfter));
  for (size_t i = 0; i < plain.observed.size(); ++i)
    EXPECT_TRUE(torch::allclose(plain.observed[i], checkpointed.observed[i], tolerance, tolerance * 1e-2))
        << "layer " << i;
}

ModelConfig modelNamed(const std::string& name, double dropout = 0.5) {
  ModelConfig c;
  c.name = name;
  c.dropout = dropout;
  return c;
}

class CheckpointedGradients : public ::testing::TestWithParam<int> {};

TEST_P(CheckpointedGradients, EqualThePlainStepsOnResNet18) {
  const Case c{modelNamed("resnet18"), {3, 32, 32}, {}, false};
  expectSameStep(trainingStep(c, 0), trainingStep(c, GetParam()), 1e-4);
}

TEST_P(CheckpointedGradients, EqualThePlainStepsWithDropoutDrawnAlike) {
  const Case c{modelNamed("vgg", 0.5), {3, 32, 32}, {}, false};
  expectSameStep(trainingStep(c, 0), trainingStep(c, GetParam()), 1e-4);
  ModelConfig mlp = modelNamed("mlp", 0.5);
  mlp.hidden = {64, 64, 32};
  const Case m{mlp, {1, 8, 8}, {}, false};
  expectSameStep(trainingStep(m, 0), trainingStep(m, GetParam()), 1e-5);
}

INSTANTIATE_TEST_SUITE_P(Segments, CheckpointedGradients, ::testing::Values(2, 4, 1000));

TEST(CheckpointedGradientsWith, FrozenLayersAndMixedPrecision) {
  const Case frozen{modelNamed("resnet18"), {3, 32, 32}, {"conv1", "bn1", "layer1_0"}, false};
  expectSameStep(trainingStep(frozen, 0), trainingStep(frozen, 4), 1e-4);
  const Case bf16{modelNamed("lenet"), {1, 28, 28}, {}, true};
  expectSameStep(trainingStep(bf16, 0), trainingStep(bf16, 3), 1e-3);
}

TEST(CheckpointedForward, ObservesEveryLayerOnceAndTheGradientsAtSegmentEnds) {
  const Case c{modelNamed("lenet"), {1, 28, 28}, {}, false};
  const StepResult plain = trainingStep(c, 0), checkpointed = trainingStep(c, 4);
  const size_t layers = plain.observed.size();  // 12: segments of 3, the last 3 run plainly
  ASSERT_EQ(layers, 12u);
  for (size_t i = 0; i < layers; ++i) {
    const bool segmentEnd = i % 3 == 2;
    EXPECT_EQ(checkpointed.observedGradients[i], segmentEnd || i >= 9 ? 1 : 0) << "layer " << i;
    EXPECT_EQ(plain.observedGradients[i], 1) << "layer " << i;
  }
}

TEST(CheckpointedForward, OnlyATrainingForwardThatBuildsAGraphRecomputes) {
  ModelConfig config = modelNamed("lenet");
  config.activation_checkpointing = 3;
  LayerStack model = buildModel(config, {1, 28, 28}, 10);
  model->train();
  EXPECT_TRUE(model->recomputesInBackward());
  {
    torch::NoGradGuard noGrad;
    EXPECT_FALSE(model->recomputesInBackward());
    EXPECT_FALSE(model->forward(torch::randn({2, 1, 28, 28})).requires_grad());
  }
  model->eval();
  EXPECT_FALSE(model->recomputesInBackward());
  // A checkpointed segment's output is its autograd function's, not its last layer's.
  model->train();
  const torch::Tensor out = model->forward(torch::randn({2, 1, 28, 28}));
  EXPECT_TRUE(out.requires_grad());
}

}  // namespace
}  // namespace trainscope

namespace trainscope {
namespace {

TEST(CheckpointingNote, NamesTheRecomputedLayersAndSaysNothingWhenOff) {
  std::vector<LayerInfo> layers;
  for (const char* name : {"conv1", "bn1", "relu", "layer1_0", "layer1_1", "avgpool", "fc"})
    layers.push_back({name, ""});
  EXPECT_FALSE(run_messages::checkpointingNote(0, layers));
  EXPECT_FALSE(run_messages::checkpointingNote(1, layers));
  const auto note = run_messages::checkpointingNote(3, layers);
  ASSERT_TRUE(note);
  EXPECT_EQ(note->english(),
            "activation checkpointing: conv1\u2013bn1, relu\u2013layer1_0 keep no activations and are recomputed in "
            "backward; the last segment (layer1_1\u2013fc) runs as usual");
}

}  // namespace
}  // namespace trainscope
