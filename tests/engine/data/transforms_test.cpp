#include "engine/data/transforms.h"

#include <gtest/gtest.h>

#include <cmath>

namespace trainscope {
namespace {

TransformSpec spec(const std::string& name) {
  TransformSpec s;
  s.name = name;
  return s;
}

PipelineImage imageOf(const cv::Mat& m) {
  PipelineImage p;
  p.pixels = m;
  return p;
}

// A 3-channel image whose pixel (y, x) is (x, y, 7): easy to locate after crops and flips.
cv::Mat coordinateImage(int h, int w) {
  cv::Mat m(h, w, CV_8UC3);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) m.at<cv::Vec3b>(y, x) = cv::Vec3b(x, y, 7);
  return m;
}

TEST(ToTensor, ScalesTo01AndReordersToCHW) {
  cv::Mat m(1, 2, CV_8UC3);
  m.at<cv::Vec3b>(0, 0) = {255, 51, 0};
  m.at<cv::Vec3b>(0, 1) = {0, 102, 255};
  PipelineImage img = imageOf(m);
  Rng rng(0);
  makeTransform(spec("ToTensor"))->apply(img, rng);
  ASSERT_TRUE(img.isTensor);
  EXPECT_EQ(img.channels, 3);
  EXPECT_EQ(img.height, 1);
  EXPECT_EQ(img.width, 2);
  const std::vector<float> expected{1.0f, 0.0f, 0.2f, 0.4f, 0.0f, 1.0f};  // R plane, G plane, B plane
  ASSERT_EQ(img.tensor.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_NEAR(img.tensor[i], expected[i], 1e-6) << i;
}

TEST(Normalize, SubtractsMeanAndDividesByStdPerChannel) {
  PipelineImage img;
  img.isTensor = true;
  img.channels = 2, img.height = 1, img.width = 2;
  img.tensor = {0.5f, 1.0f, 0.0f, 0.25f};
  TransformSpec s = spec("Normalize");
  s.mean = {0.5, 0.25};
  s.std = {0.25, 0.5};
  Rng rng(0);
  makeTransform(s)->apply(img, rng);
  EXPECT_FLOAT_EQ(img.tensor[0], 0.0f);
  EXPECT_FLOAT_EQ(img.tensor[1], 2.0f);
  EXPECT_FLOAT_EQ(img.tensor[2], -0.5f);
  EXPECT_FLOAT_EQ(img.tensor[3], 0.0f);
}

TEST(Resize, ShorterEdgeKeepsAspectRatioAsTorchvision) {
  EXPECT_EQ(resizedSize(/*height=*/100, /*width=*/50, {25}), cv::Size(25, 50));
  EXPECT_EQ(resizedSize(/*height=*/375, /*width=*/500, {256}), cv::Size(341, 256));  // int(256 * 500 / 375)
  EXPECT_EQ(resizedSize(100, 50, {30, 40}), cv::Size(40, 30));                       // [h, w] is exact
  TransformSpec s = spec("Resize");
  s.size = {16};
  PipelineImage img = imageOf(cv::Mat(64, 32, CV_8UC3, cv::Scalar(10, 20, 30)));
  Rng rng(0);
  makeTransform(s)->apply(img, rng);
  EXPECT_EQ(img.pixels.rows, 32);
  EXPECT_EQ(img.pixels.cols, 16);
  EXPECT_EQ(img.pixels.at<cv::Vec3b>(5, 5), cv::Vec3b(10, 20, 30)) << "a flat image stays flat";
}

TEST(CenterCrop, TakesTheMiddle) {
  TransformSpec s = spec("CenterCrop");
  s.size = {3};
  PipelineImage img = imageOf(coordinateImage(5, 7));
  Rng rng(0);
  makeTransform(s)->apply(img, rng);
  ASSERT_EQ(img.pixels.size(), cv::Size(3, 3));
  EXPECT_EQ(img.pixels.at<cv::Vec3b>(0, 0), cv::Vec3b(2, 1, 7));  // left = round((7-3)/2) = 2, top = 1
}

TEST(CenterCrop, PadsWithZerosWhenTheImageIsSmaller) {
  TransformSpec s = spec("CenterCrop");
  s.size = {4};
  PipelineImage img = imageOf(cv::Mat(2, 2, CV_8UC1, cv::Scalar(200)));
  Rng rng(0);
  makeTransform(s)->apply(img, rng);
  ASSERT_EQ(img.pixels.size(), cv::Size(4, 4));
  EXPECT_EQ(img.pixels.at<uint8_t>(0, 0), 0);
  EXPECT_EQ(img.pixels.at<uint8_t>(1, 1), 200);
  EXPECT_EQ(img.pixels.at<uint8_t>(2, 2), 200);
  EXPECT_EQ(img.pixels.at<uint8_t>(3, 3), 0);
}

TEST(RandomResizedCrop, CropsWithinScaleAndRatioThenResizes) {
  const std::vector<double> scale{0.08, 1.0}, ratio{3.0 / 4.0, 4.0 / 3.0};
  for (uint64_t seed = 0; seed < 500; ++seed) {
    Rng rng(seed);
    const cv::Rect r = randomResizedCropRect(/*height=*/300, /*width=*/400, scale, ratio, rng);
    ASSERT_GE(r.x, 0);
    ASSERT_GE(r.y, 0);
    ASSERT_LE(r.x + r.width, 400);
    ASSERT_LE(r.y + r.height, 300);
    const double area = static_cast<double>(r.area()) / (300.0 * 400.0);
    EXPECT_GE(area, 0.07) << seed;  // rounding of w and h moves the area a little
    EXPECT_LE(area, 1.0);
    const double aspect = static_cast<double>(r.width) / r.height;
    EXPECT_GE(aspect, 0.70) << seed;
    EXPECT_LE(aspect, 1.40) << seed;
  }
  TransformSpec s = spec("RandomResizedCrop");
  s.size = {24, 32};
  PipelineImage img = imageOf(coordinateImage(60, 80));
  Rng rng(1);
  makeTransform(s)->apply(img, rng);
  EXPECT_EQ(img.pixels.size(), cv::Size(32, 24));
}

TEST(RandomResizedCrop, FallsBackToACentreCropWhenNoAttemptFits) {
  Rng rng(3);
  // A scale above what fits with the allowed ratios: every attempt fails.
  const cv::Rect r = randomResizedCropRect(/*height=*/10, /*width=*/100, {1.0, 1.0}, {1.0, 1.0}, rng);
  EXPECT_EQ(r, cv::Rect(45, 0, 10, 10));  // whole height, width trimmed to ratio 1, centred
}

TEST(RandomHorizontalFlip, FlipsWithProbabilityP) {
  TransformSpec always = spec("RandomHorizontalFlip");
  always.p = 1.0;
  PipelineImage img = imageOf(coordinateImage(2, 5));
  Rng rng(0);
  makeTransform(always)->apply(img, rng);
  EXPECT_EQ(img.pixels.at<cv::Vec3b>(0, 0), cv::Vec3b(4, 0, 7));

  TransformSpec half = spec("RandomHorizontalFlip");
  int flipped = 0;
  for (uint64_t seed = 0; seed < 1000; ++seed) {
    PipelineImage i = imageOf(coordinateImage(1, 3));
    Rng r(seed);
    makeTransform(half)->apply(i, r);
    flipped += i.pixels.at<cv::Vec3b>(0, 0)[0] == 2;
  }
  EXPECT_NEAR(flipped, 500, 60);
}

TEST(ColorJitter, OperationsMatchTorchvisionOnKnownValues) {
  const cv::Mat grey200(2, 2, CV_8UC3, cv::Scalar(200, 200, 200));
  EXPECT_EQ(adjustBrightness(grey200, 0.5).at<cv::Vec3b>(0, 0), cv::Vec3b(100, 100, 100));
  EXPECT_EQ(adjustBrightness(grey200, 2.0).at<cv::Vec3b>(0, 0), cv::Vec3b(255, 255, 255)) << "saturates";

  cv::Mat halves(1, 2, CV_8UC1);
  halves.at<uint8_t>(0, 0) = 0;
  halves.at<uint8_t>(0, 1) = 200;
  const cv::Mat flat = adjustContrast(halves, 0.0);  // contrast 0: everything at the mean
  EXPECT_EQ(flat.at<uint8_t>(0, 0), 100);
  EXPECT_EQ(flat.at<uint8_t>(0, 1), 100);

  const cv::Mat red(1, 1, CV_8UC3, cv::Scalar(255, 0, 0));
  EXPECT_EQ(adjustSaturation(red, 0.0).at<cv::Vec3b>(0, 0), cv::Vec3b(76, 76, 76)) << "saturation 0 is greyscale";
  EXPECT_EQ(adjustSaturation(red, 1.0).at<cv::Vec3b>(0, 0), cv::Vec3b(255, 0, 0));
  const cv::Vec3b cyan = adjustHue(red, 0.5).at<cv::Vec3b>(0, 0);
  EXPECT_LE(cyan[0], 3);
  EXPECT_GE(cyan[1], 250);
  EXPECT_GE(cyan[2], 250);
  const cv::Vec3b green = adjustHue(red, 1.0 / 3.0).at<cv::Vec3b>(0, 0);
  EXPECT_LE(green[0], 8);
  EXPECT_GE(green[1], 245);
  EXPECT_LE(green[2], 8);
  const cv::Mat grey(1, 1, CV_8UC1, cv::Scalar(90));
  EXPECT_EQ(adjustHue(grey, 0.3).at<uint8_t>(0, 0), 90) << "hue leaves greyscale alone";
}

TEST(ColorJitter, BrightnessFactorStaysInRange) {
  TransformSpec s = spec("ColorJitter");
  s.brightness = 0.3;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    PipelineImage img = imageOf(cv::Mat(2, 2, CV_8UC3, cv::Scalar(100, 100, 100)));
    Rng rng(seed);
    makeTransform(s)->apply(img, rng);
    const int v = img.pixels.at<cv::Vec3b>(1, 1)[0];
    EXPECT_GE(v, 70);
    EXPECT_LE(v, 130);
  }
}

TEST(Grayscale, UsesItuR601LumaAndCanKeepThreeChannels) {
  TransformSpec s = spec("Grayscale");
  PipelineImage img = imageOf(cv::Mat(1, 1, CV_8UC3, cv::Scalar(255, 0, 0)));
  Rng rng(0);
  makeTransform(s)->apply(img, rng);
  EXPECT_EQ(img.pixels.channels(), 1);
  EXPECT_EQ(img.pixels.at<uint8_t>(0, 0), 76);  // 0.299 * 255
  s.num_output_channels = 3;
  PipelineImage img3 = imageOf(cv::Mat(1, 1, CV_8UC3, cv::Scalar(0, 255, 0)));
  makeTransform(s)->apply(img3, rng);
  EXPECT_EQ(img3.pixels.at<cv::Vec3b>(0, 0), cv::Vec3b(150, 150, 150));  // 0.587 * 255
}

TEST(Compose, AppliesInOrderAndPredictsTheOutputShape) {
  std::vector<TransformSpec> specs;
  TransformSpec resize = spec("Resize"), crop = spec("CenterCrop"), gray = spec("Grayscale");
  resize.size = {40};
  crop.size = {32};
  specs = {resize, crop, gray, spec("ToTensor")};
  Compose c(specs);
  EXPECT_EQ(c.outputShape(3, 80, 120), (std::vector<int64_t>{1, 32, 32}));
  PipelineImage img = imageOf(coordinateImage(80, 120));
  Rng rng(0);
  c.apply(img, rng);
  EXPECT_EQ(img.channels, 1);
  EXPECT_EQ(img.height, 32);
  EXPECT_EQ(img.width, 32);
}

TEST(Compose, SameSeedSameAugmentation) {
  TransformSpec rrc = spec("RandomResizedCrop"), flip = spec("RandomHorizontalFlip"), jitter = spec("ColorJitter");
  rrc.size = {32};
  jitter.brightness = jitter.contrast = jitter.saturation = 0.3;
  jitter.hue = 0.1;
  Compose c({rrc, flip, jitter, spec("ToTensor")});
  PipelineImage a = imageOf(coordinateImage(64, 64)), b = imageOf(coordinateImage(64, 64)),
                d = imageOf(coordinateImage(64, 64));
  Rng ra(42), rb(42), rd(43);
  c.apply(a, ra);
  c.apply(b, rb);
  c.apply(d, rd);
  EXPECT_EQ(a.tensor, b.tensor);
  EXPECT_NE(a.tensor, d.tensor);
}

}  // namespace
}  // namespace trainscope
