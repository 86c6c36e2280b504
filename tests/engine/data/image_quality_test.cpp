// The quality checks flag what was made blurry, dark, bright or flat, and leave
// ordinary images alone; thresholds are the declared ones unless overridden.
#include "engine/data/image_quality.h"
#include "engine/data/dataset_health.h"
#include "engine/data/image_folder.h"
#include "engine/run/message.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace trainscope {
namespace {

cv::Mat shapes(int seed, int size = 96) {  // sharp-edged rectangles and circles, in colour
  cv::RNG rng(static_cast<uint64_t>(seed) * 104729 + 7);
  cv::Mat m(size, size, CV_8UC3, cv::Scalar(rng.uniform(60, 200), rng.uniform(60, 200), rng.uniform(60, 200)));
  for (int i = 0; i < 12; ++i) {
    const cv::Scalar colour(rng.uniform(0, 256), rng.uniform(0, 256), rng.uniform(0, 256));
    const cv::Point a(rng.uniform(0, size), rng.uniform(0, size)), b(rng.uniform(0, size), rng.uniform(0, size));
    if (i % 2)
      cv::rectangle(m, a, b, colour, cv::FILLED);
    else
      cv::circle(m, a, rng.uniform(3, size / 4), colour, cv::FILLED);
  }
  return m;
}

std::set<std::string> flaggedFiles(const DatasetHealth& h, const std::string& check) {
  std::set<std::string> out;
  for (const auto& f : h.quality)
    if (f.check == check)
      for (const auto& s : f.listed) out.insert(fs::path(s.sample.where).filename().string());
  return out;
}

TEST(ImageQuality, EveryCheckIsDeclaredOnceWithARule) {
  std::set<std::string> keys;
  for (const auto& c : qualityChecks()) {
    EXPECT_TRUE(keys.insert(c.key).second) << c.key;
    EXPECT_NE(std::string(c.rule).find("%1"), std::string::npos) << c.key << ": the rule shows its threshold";
    EXPECT_EQ(qualityCheck(c.key), &c);
    EXPECT_EQ(c.thresholdProblem(c.threshold), "") << c.key << ": the default is in range";
    EXPECT_NE(c.thresholdProblem(c.min - 1), "") << c.key;
  }
  EXPECT_EQ(qualityCheck("sharpness"), nullptr);
}

// The table of checks in docs/data-health.md, as the declarations make it.
std::string withQualityTable(const std::string& doc) {
  const std::string open = "<!-- quality-checks -->\n", close = "<!-- /quality-checks -->";
  const size_t a = doc.find(open), b = doc.find(close);
  if (a == std::string::npos || b == std::string::npos) return doc;
  std::ostringstream table;
  table << "| key | check | flagged when | default *T* | range of *T* |\n|---|---|---|---|---|\n";
  for (const auto& c : qualityChecks()) {
    std::ostringstream limit;
    limit << c.threshold;
    table << "| `" << c.key << "` | " << c.title << " | " << fillPlaceholders(c.rule, {"*T*"}) << " | " << limit.str()
          << " | " << c.min << " to " << c.max << " |\n";
  }
  return doc.substr(0, a + open.size()) + table.str() + doc.substr(b);
}

TEST(ImageQuality, DocsTableMatchesTheDeclarations) {
  const std::string path = TRAINSCOPE_SOURCE_DIR "/docs/data-health.md";
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::stringstream text;
  text << in.rdbuf();
  const std::string expected = withQualityTable(text.str());
  if (std::getenv("TRAINSCOPE_UPDATE_DOCS")) {
    std::ofstream(path) << expected;
    return;
  }
  EXPECT_NE(text.str().find("<!-- quality-checks -->"), std::string::npos);
  EXPECT_EQ(text.str(), expected) << "docs/data-health.md and image_quality.cpp disagree; rewrite the table with "
                                     "TRAINSCOPE_UPDATE_DOCS=1 engine_tests --gtest_filter='ImageQuality.*'";
}

TEST(ImageQuality, MeasuresFollowWhatWasDoneToTheImage) {
  const cv::Mat sharp = shapes(1);
  cv::Mat blurred;
  cv::GaussianBlur(sharp, blurred, cv::Size(0, 0), 3);
  EXPECT_GT(measureImageQuality(sharp).sharpness, 3 * measureImageQuality(blurred).sharpness);
  const cv::Mat dark = sharp * 0.1;
  EXPECT_LT(measureImageQuality(dark).brightest, 0.12f);
  const cv::Mat light = sharp * 0.08 + cv::Scalar::all(235);
  EXPECT_GT(measureImageQuality(light).darkest, 0.9f);
  const cv::Mat flat(64, 64, CV_8UC3, cv::Scalar(120, 130, 140));
  EXPECT_NEAR(measureImageQuality(flat).entropy, 0.0f, 1e-6);
  EXPECT_GT(measureImageQuality(sharp).entropy, 2.0f);
}

TEST(ImageQuality, HealthCheckFlagsPlantedImagesWorstFirst) {
  test::TempDir dir;
  const fs::path r = dir.path() / "data";
  for (int i = 0; i < 20; ++i)
    test::writeImage(r / (i % 2 ? "a" : "b") / ("ok" + std::to_string(i) + ".png"), shapes(i));
  cv::Mat blur1, blur3;
  cv::GaussianBlur(shapes(100), blur1, cv::Size(0, 0), 1.5);
  cv::GaussianBlur(shapes(101), blur3, cv::Size(0, 0), 4);
  test::writeImage(r / "a" / "blur_some.png", blur1);
  test::writeImage(r / "a" / "blur_much.png", blur3);
  test::writeImage(r / "b" / "dark.png", cv::Mat(shapes(102) * 0.12));
  test::writeImage(r / "b" / "light.png", cv::Mat(shapes(103) * 0.05 + cv::Scalar::all(240)));
  test::writeImage(r / "a" / "flat.png", cv::Mat(96, 96, CV_8UC3, cv::Scalar(90, 90, 200)));
  test::writeImage(r / "a" / "wide.png", shapes(104, 96)(cv::Rect(0, 40, 96, 12)).clone());
  cv::Mat grey;
  cv::cvtColor(shapes(105), grey, cv::COLOR_RGB2GRAY);
  cv::cvtColor(grey, grey, cv::COLOR_GRAY2RGB);
  test::writeImage(r / "b" / "grey.png", grey);
  ImageFolderOptions o;
  o.val_fraction = 0;
  const DatasetSplits splits = openImageFolder(r.string(), o);
  const DatasetHealth h = checkDatasetHealth(splits);
  ASSERT_EQ(h.quality.size(), qualityChecks().size());
  using Files = std::set<std::string>;
  EXPECT_EQ(flaggedFiles(h, "blurry"), (Files{"blur_some.png", "blur_much.png"}));
  for (const auto& f : h.quality)
    if (f.check == "blurry") {
      ASSERT_EQ(f.listed.size(), 2u);
      EXPECT_NE(f.listed[0].sample.where.find("blur_much"), std::string::npos) << "the most blurred first";
      EXPECT_LT(f.listed[0].score, f.listed[1].score);
    }
  EXPECT_EQ(flaggedFiles(h, "dark"), Files{"dark.png"});
  EXPECT_EQ(flaggedFiles(h, "light"), Files{"light.png"});
  EXPECT_EQ(flaggedFiles(h, "low_information"), Files{"flat.png"}) << "a flat image is not called blurry too";
  EXPECT_EQ(flaggedFiles(h, "odd_aspect_ratio"), Files{"wide.png"});
  EXPECT_EQ(flaggedFiles(h, "grayscale"), Files{"grey.png"});
  EXPECT_GT(h.bytes_per_image, 256);

  HealthOptions strict;  // a threshold given is the one used, and reported
  strict.thresholds["blurry"] = 0.0;
  const DatasetHealth none = checkDatasetHealth(splits, strict);
  EXPECT_TRUE(flaggedFiles(none, "blurry").empty());
  strict.thresholds["odd_size"] = 0.5;  // a ratio to the median is at least 1: it would flag every image
  EXPECT_THROW(checkDatasetHealth(splits, strict), std::invalid_argument);
  strict.thresholds.erase("odd_size");
  strict.thresholds["sharpness"] = 1;
  EXPECT_THROW(checkDatasetHealth(splits, strict), std::invalid_argument);
}

}  // namespace
}  // namespace trainscope
