#include "engine/config/image_size.h"
#include "engine/config/config.h"
#include "engine/config/run_name.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

TransformSpec spec(const std::string& name, std::vector<int> size = {}) {
  TransformSpec t;
  t.name = name;
  t.size = std::move(size);
  return t;
}

std::vector<std::vector<int>> sizes(const std::vector<TransformSpec>& pipeline) {
  std::vector<std::vector<int>> out;
  for (const auto& t : pipeline) out.push_back(t.size);
  return out;
}

TEST(ImageSize, CropsTakeTheSizeAndResizeKeepsItsRatioToTheCrop) {
  std::vector<TransformSpec> val{spec("Resize", {256}), spec("CenterCrop", {224}), spec("ToTensor")};
  applyImageSize(val, 96);
  EXPECT_EQ(sizes(val), (std::vector<std::vector<int>>{{110}, {96}, {}}));  // 256 * 96 / 224 = 109.7
  applyImageSize(val, 96);  // idempotent: a config written back reads the same
  EXPECT_EQ(sizes(val), (std::vector<std::vector<int>>{{110}, {96}, {}}));

  std::vector<TransformSpec> train{spec("RandomResizedCrop", {224}), spec("RandomHorizontalFlip"), spec("ToTensor")};
  applyImageSize(train, 64);
  EXPECT_EQ(train[0].size, std::vector<int>{64});
}

TEST(ImageSize, ALastResizeBecomesSquareAndAPipelineWithoutOneGetsOne) {
  std::vector<TransformSpec> p{spec("Resize", {300}), spec("ToTensor")};
  applyImageSize(p, 48);
  EXPECT_EQ(p[0].size, (std::vector<int>{48, 48}));

  std::vector<TransformSpec> fashion{spec("ToTensor"), spec("Normalize")};
  applyImageSize(fashion, 32);
  ASSERT_EQ(fashion.size(), 3u);
  EXPECT_EQ(fashion[0].name, "Resize");  // before ToTensor: it works on images
  EXPECT_EQ(fashion[0].size, (std::vector<int>{32, 32}));
  std::vector<TransformSpec> untouched{spec("ToTensor")};
  applyImageSize(untouched, 0);
  EXPECT_EQ(untouched.size(), 1u);
}

TEST(ImageSize, TheConfigFieldRewritesBothPipelinesAndIsCheckedAgainstTheModel) {
  nlohmann::json j = {{"dataset", {{"kind", "image-folder"}, {"root", "photos"}}},
                      {"model", {{"name", "fastcnn"}, {"image_size", 80}}}};
  const ExperimentConfig c = parseConfig(j);
  EXPECT_EQ(c.train_transforms.front().size, std::vector<int>{80});  // the default RandomResizedCrop 224
  EXPECT_EQ(c.val_transforms[1].size, std::vector<int>{80});         // CenterCrop 224
  EXPECT_EQ(parseConfig(toJson(c)).val_transforms[0].size, c.val_transforms[0].size);

  j["model"] = {{"name", "lenet"}, {"image_size", 8}};
  try {
    parseConfig(j);
    FAIL() << "lenet at 8 px";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("model.image_size: lenet needs images of at least 12 px, got 8"),
              std::string::npos)
        << e.what();
  }
  j["model"] = {{"name", "fastcnn"}, {"image_size", 4096}};
  EXPECT_THROW(parseConfig(j), ConfigError);
}

TEST(RunName, SaysModelDatasetAndStartTime) {
  ExperimentConfig c;
  c.model.name = "fastcnn";
  c.dataset.kind = "image-folder";
  c.dataset.root = "/home/ada/Pictures/holiday photos/";
  EXPECT_EQ(modelAndDataset(c), "fastcnn-holiday photos");
  EXPECT_EQ(runDisplayName(c, "fastcnn-holiday_photos-20261201-143207"), "fastcnn-holiday photos 14:32:07");
  EXPECT_EQ(runDisplayName(c, "fastcnn-holiday_photos-20261201-143207-2"), "fastcnn-holiday photos 14:32:07 #2");
  c.dataset.kind = "fashion-mnist";
  c.model.name = "lenet";
  EXPECT_EQ(modelAndDataset(c), "lenet-fashion-mnist");
  c.run_name = "my baseline";
  EXPECT_EQ(runDisplayName(c, "x-20261201-143207"), "my baseline");
}

}  // namespace
}  // namespace trainscope
