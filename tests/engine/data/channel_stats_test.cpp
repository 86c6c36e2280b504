#include "engine/data/channel_stats.h"

#include "engine/data/fashion_mnist.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

// Two 2x2 RGB images: red channel 0 and 255, green always 51, blue 0/255 per pixel.
class TwoImages : public Dataset {
 public:
  int64_t size() const override { return 2; }
  int64_t label(int64_t) const override { return 0; }
  cv::Mat load(int64_t i, std::string*) const override {
    cv::Mat m(2, 2, CV_8UC3, cv::Scalar(i == 0 ? 0 : 255, 51, 0));
    m.at<cv::Vec3b>(0, 0)[2] = 255;
    m.at<cv::Vec3b>(1, 1)[2] = 255;
    return m;
  }
  std::string describe(int64_t i) const override { return std::to_string(i); }
  const std::vector<std::string>& classes() const override { return classes_; }
  int channels() const override { return 3; }

 private:
  std::vector<std::string> classes_{"only"};
};

TEST(ChannelStats, MeanAndStdPerChannelOnKnownValues) {
  TransformSpec toTensor;
  toTensor.name = "ToTensor";
  const ChannelStats s = computeChannelStats(TwoImages(), {toTensor});
  ASSERT_EQ(s.mean.size(), 3u);
  EXPECT_NEAR(s.mean[0], 0.5, 1e-6);
  EXPECT_NEAR(s.std[0], 0.5, 1e-6);
  EXPECT_NEAR(s.mean[1], 0.2, 1e-6);
  EXPECT_EQ(s.std[1], 1.0) << "a constant channel cannot be divided by its std of 0";
  EXPECT_EQ(s.constant_channels, std::vector<int>{1});
  EXPECT_NEAR(s.mean[2], 0.5, 1e-6);
  EXPECT_NEAR(s.std[2], 0.5, 1e-6);
  EXPECT_EQ(s.samples, 2);
}

TEST(ChannelStats, IgnoresRandomStepsAndNormalize) {
  TransformSpec flip, toTensor, normalize;
  flip.name = "RandomHorizontalFlip";
  toTensor.name = "ToTensor";
  normalize.name = "Normalize";
  normalize.mean = {9, 9, 9};
  normalize.std = {9, 9, 9};
  const ChannelStats s = computeChannelStats(TwoImages(), {flip, toTensor, normalize});
  EXPECT_NEAR(s.mean[0], 0.5, 1e-6);
}

TEST(ChannelStats, FashionMnistMatchesItsPublishedStatistics) {
  const std::string dir = findFashionMnistDir();
  if (dir.empty()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  FashionMnist train(dir, "train");
  int64_t calls = 0;
  const ChannelStats s = computeChannelStats(train, defaultTransforms(DatasetConfig{}, true), 0, [&](int64_t, int64_t) {
    ++calls;
    return true;
  });
  EXPECT_EQ(s.samples, 60000);
  EXPECT_NEAR(s.mean[0], 0.2860, 5e-4);
  EXPECT_NEAR(s.std[0], 0.3530, 5e-4);
  EXPECT_GT(calls, 0);
  EXPECT_THROW(computeChannelStats(train, {}, 0, [](int64_t, int64_t) { return false; }), std::runtime_error);
}

}  // namespace
}  // namespace trainscope
