// The dataset health check finds what was planted: duplicates across the splits,
// near duplicates, the same image under two labels, outliers, grey in colour.
#include "engine/data/dataset_health.h"
#include "engine/data/image_folder.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

namespace fs = std::filesystem;

namespace trainscope {
namespace {

cv::Mat texture(int seed, int w = 48, int h = 40) {  // distinct, smooth random images
  cv::Mat m(h, w, CV_8UC3);
  cv::theRNG().state = static_cast<uint64_t>(seed) * 7919 + 1;
  cv::randu(m, cv::Scalar::all(0), cv::Scalar::all(255));
  cv::GaussianBlur(m, m, cv::Size(7, 7), 3);
  return m;
}

TEST(DatasetHealth, FindsPlantedDuplicatesLeakageConflictsAndOutliers) {
  test::TempDir dir;
  const fs::path r = dir.path() / "data";
  for (int i = 0; i < 6; ++i) test::writeImage(r / "cat" / ("c" + std::to_string(i) + ".png"), texture(i));
  for (int i = 0; i < 6; ++i) test::writeImage(r / "dog" / ("d" + std::to_string(i) + ".png"), texture(100 + i));
  test::writeImage(r / "val" / "cat" / "leak.png", texture(2));  // exact copy of train cat/c2: leakage
  test::writeImage(r / "dog" / "twice.png", texture(3));         // cat/c3 again, as a dog
  cv::Mat brighter = texture(4) + cv::Scalar::all(3);
  test::writeImage(r / "dog" / "near.png", brighter);  // cat/c4, slightly brighter
  test::writeImage(r / "val" / "dog" / "v.png", texture(200));
  test::writeImage(r / "cat" / "wide.png", texture(300, 400, 40));  // aspect 10 against about 1.2
  cv::Mat grey;
  cv::cvtColor(texture(400), grey, cv::COLOR_BGR2GRAY);
  cv::cvtColor(grey, grey, cv::COLOR_GRAY2BGR);
  test::writeImage(r / "dog" / "grey.png", grey);

  ImageFolderOptions o;
  const DatasetSplits splits = openImageFolder(r.string(), o);
  const DatasetHealth h = checkDatasetHealth(splits);
  EXPECT_EQ(h.train, 16);
  EXPECT_EQ(h.val, 2);
  ASSERT_EQ(h.exact.count, 2);  // c2 with its copy in val/, c3 with its copy under dog
  EXPECT_EQ(h.exact_across_splits, 1) << "validation leaks into training";
  int conflicting = 0;
  for (const auto& g : h.exact.groups) {
    ASSERT_EQ(g.members.size(), 2u);
    conflicting += g.conflicting_labels;
    if (g.across_splits) {
      EXPECT_TRUE((g.members[0].split == "train") != (g.members[1].split == "train"));
    }
  }
  EXPECT_EQ(conflicting, 1);
  ASSERT_EQ(h.near.count, 1) << "c4 and its brighter copy";
  EXPECT_EQ(h.near.groups[0].members.size(), 2u);
  const auto finding = [&](const std::string& key) {
    for (const auto& f : h.quality)
      if (f.check == key) return f;
    return QualityFinding{};
  };
  EXPECT_EQ(finding("odd_aspect_ratio").count, 1);
  ASSERT_EQ(finding("odd_aspect_ratio").listed.size(), 1u);
  EXPECT_NE(finding("odd_aspect_ratio").listed[0].sample.where.find("wide.png"), std::string::npos);
  EXPECT_EQ(finding("grayscale").count, 1);
  EXPECT_NE(finding("grayscale").listed[0].sample.where.find("grey.png"), std::string::npos);
  EXPECT_DOUBLE_EQ(h.imbalance, 9.0 / 7.0);  // dog 9 (with twice, near, grey), cat 7 (with wide)
}

}  // namespace
}  // namespace trainscope
