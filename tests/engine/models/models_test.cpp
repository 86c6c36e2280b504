#include "engine/models/model_factory.h"
#include "engine/models/model_summary.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

ModelConfig model(const std::string& name) {
  ModelConfig c;
  c.name = name;
  return c;
}

struct ShapeCase {
  std::string model;
  std::vector<int64_t> input;
  int64_t classes;
};

void PrintTo(const ShapeCase& c, std::ostream* os) {
  *os << c.model << " on " << c.input[0] << "x" << c.input[1] << "x" << c.input[2] << ", " << c.classes << " classes";
}

class ModelShapes : public ::testing::TestWithParam<ShapeCase> {};

TEST_P(ModelShapes, OutputIsBatchByClasses) {
  const ShapeCase& c = GetParam();
  torch::manual_seed(0);
  LayerStack net = buildModel(model(c.model), c.input, c.classes);
  std::vector<int64_t> batchShape{3};
  batchShape.insert(batchShape.end(), c.input.begin(), c.input.end());
  net->train();
  const torch::Tensor out = net->forward(torch::randn(batchShape));
  EXPECT_EQ(out.sizes().vec(), (std::vector<int64_t>{3, c.classes}));
  out.sum().backward();  // every parameter gets a gradient
  for (const auto& p : net->parameters()) EXPECT_TRUE(p.grad().defined());
}

INSTANTIATE_TEST_SUITE_P(BuiltIns, ModelShapes,
                         ::testing::Values(ShapeCase{"mlp", {1, 28, 28}, 10}, ShapeCase{"lenet", {1, 28, 28}, 10},
                                           ShapeCase{"vgg", {1, 28, 28}, 10}, ShapeCase{"resnet18", {1, 28, 28}, 10},
                                           ShapeCase{"mlp", {3, 32, 32}, 7}, ShapeCase{"lenet", {3, 32, 32}, 7},
                                           ShapeCase{"vgg", {3, 32, 32}, 7}, ShapeCase{"resnet18", {3, 32, 32}, 7},
                                           ShapeCase{"vgg", {3, 96, 96}, 4}, ShapeCase{"resnet18", {3, 112, 112}, 5}),
                         [](const auto& info) {
                           return info.param.model + "_" + std::to_string(info.param.input[0]) + "x" +
                                  std::to_string(info.param.input[1]);
                         });

TEST(ModelSummary, LeNetHasTheTextbookParameterCount) {
  const ModelSummary s = summarizeModel(model("lenet"), {1, 28, 28}, 10);
  // conv1 156 + conv2 2,416 + fc1 48,120 + fc2 10,164 + fc3 850
  EXPECT_EQ(s.total_parameters, 61706);
  EXPECT_EQ(s.trainable_parameters, 61706);
  ASSERT_EQ(s.layers.size(), 12u);
  EXPECT_EQ(s.layers[0].name, "conv1");
  EXPECT_EQ(s.layers[0].type, "Conv2d");
  EXPECT_EQ(s.layers[0].output_shape, (std::vector<int64_t>{1, 6, 28, 28}));
  EXPECT_EQ(s.layers[0].parameters, 156);
  EXPECT_EQ(s.layers[6].output_shape, (std::vector<int64_t>{1, 400}));
  EXPECT_NEAR(s.parameters_mb, 61706 * 4 / 1e6, 1e-9);
  EXPECT_NE(formatSummary(s).find("Total params: 61706"), std::string::npos);
}

TEST(ModelSummary, ResNet18MatchesTorchvisionOnImageNetShapes) {
  const ModelSummary s = summarizeModel(model("resnet18"), {3, 224, 224}, 1000);
  EXPECT_EQ(s.total_parameters, 11689512);  // torchvision.models.resnet18()
  EXPECT_EQ(s.layers.back().output_shape, (std::vector<int64_t>{1, 1000}));
  EXPECT_GT(s.buffers_mb, 0.0) << "BatchNorm running statistics";
}

TEST(ModelSummary, TooSmallInputIsAClearError) {
  try {
    summarizeModel(model("lenet"), {1, 6, 6}, 10);
    FAIL();
  } catch (const ConfigError& e) {  // the input size comes from the config
    EXPECT_NE(std::string(e.what()).find("too small"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("model.image_size to at least 12"), std::string::npos) << e.what();
  }
}

TEST(ModelFactory, BuildingDoesNotTouchBatchNormStatistics) {
  LayerStack net = buildModel(model("vgg"), {1, 28, 28}, 10);
  for (const auto& item : net->named_buffers()) {
    const std::string& name = item.key();
    const torch::Tensor& buffer = item.value();
    if (name.find("running_mean") != std::string::npos) {
      EXPECT_EQ(buffer.abs().sum().item().toFloat(), 0.0f) << name;
    }
    if (name.find("running_var") != std::string::npos) {
      EXPECT_EQ(buffer.min().item().toFloat(), 1.0f) << name;
    }
  }
}

TEST(LayerStack, ObserverSeesEveryLayerOutput) {
  LayerStack net = buildModel(model("mlp"), {1, 28, 28}, 10);
  std::vector<std::vector<int64_t>> shapes;
  net->forward(torch::zeros({2, 1, 28, 28}),
               [&](size_t, const torch::Tensor& out) { shapes.push_back(out.sizes().vec()); });
  ASSERT_EQ(shapes.size(), net->layers().size());
  EXPECT_EQ(shapes.front(), (std::vector<int64_t>{2, 784}));
  EXPECT_EQ(shapes.back(), (std::vector<int64_t>{2, 10}));
}

}  // namespace
}  // namespace trainscope
