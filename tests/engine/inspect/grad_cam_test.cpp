#include "engine/inspect/grad_cam.h"

#include "engine/models/model_factory.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

// Noise with a bright square an eighth of the image wide... (side / 3.5): class 0 when it
// is at the left edge, class 1 at the right edge, at a random height.
torch::Tensor squareImage(int64_t side, int64_t row, int64_t left) {
  const int64_t s = side * 2 / 7;
  torch::Tensor x = torch::randn({1, side, side}) * 0.2;
  x.slice(1, row, row + s).slice(2, left, left + s).add_(2.0);
  return x;
}

torch::Tensor classImage(int64_t side, int64_t label, int64_t row) {
  const int64_t s = side * 2 / 7;
  return squareImage(side, row, label == 0 ? 1 : side - s - 1);
}

// A model trained until it is sure (p >= 0.98) of the class of a clear image. The
// class's evidence is the square: Grad-CAM's map must point at it and span 0..1, not lie
// as a wash over the whole image (a confident model's weighted maps are positive almost
// everywhere; scaled by their maximum alone they were 0.5-0.9 all over).
void expectConfidentMapPointsAtTheSquare(const std::string& name, int64_t side) {
  torch::manual_seed(3);
  ModelConfig config;
  config.name = name;
  config.dropout = 0;
  LayerStack model = buildModel(config, {1, side, side}, 2);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(3e-3));
  model->train();
  const int64_t s = side * 2 / 7;
  for (int step = 0; step < 100; ++step) {
    std::vector<torch::Tensor> xs;
    std::vector<int64_t> ys;
    for (int64_t i = 0; i < 32; ++i) {
      ys.push_back(i % 2);
      xs.push_back(classImage(side, i % 2, torch::randint(0, side - s, {1}).item<int64_t>()));
    }
    optimizer.zero_grad();
    torch::nn::functional::cross_entropy(model->forward(torch::stack(xs)), torch::tensor(ys)).backward();
    optimizer.step();
  }
  model->eval();
  const int64_t row = side / 3;
  const GradCamMap map = computeGradCam(model, classImage(side, 0, row).unsqueeze(0), /*target=*/-1);
  EXPECT_EQ(map.target, 0);
  ASSERT_GE(map.probabilities[0].item<double>(), 0.98) << "the test wants a confident prediction";
  const torch::Tensor inside = map.heat.slice(0, row, row + s).slice(1, 1, 1 + s);
  const double inMean = inside.mean().item<double>(), allMean = map.heat.mean().item<double>();
  EXPECT_GT(inMean, 2 * allMean) << "the heat is on the square: " << inMean << " inside, " << allMean << " overall";
  EXPECT_LT(allMean, 0.4) << "not a wash over the whole image";
  EXPECT_NEAR(map.heat.max().item<double>(), 1.0, 1e-6);
  EXPECT_NEAR(map.heat.min().item<double>(), 0.0, 1e-6) << "the map spans 0..1";
}

TEST(GradCam, AConfidentLeNetPointsAtTheEvidence) { expectConfidentMapPointsAtTheSquare("lenet", 28); }

// The Fast CNN ends in global average pooling: Grad-CAM is CAM there, and its maps of a
// confident prediction are the ones that lay flat.
TEST(GradCam, AConfidentFastCnnPointsAtTheEvidence) { expectConfidentMapPointsAtTheSquare("fastcnn", 64); }

}  // namespace
}  // namespace trainscope
