#include "engine/train/pitfalls.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

std::vector<TransformSpec> pipeline() {
  TransformSpec toTensor, normalize;
  toTensor.name = "ToTensor";
  normalize.name = "Normalize";
  return {toTensor, normalize};
}

TEST(Pitfalls, SkipNormalizeTakesNormalizeOutOfBothPipelines) {
  PitfallConfig p;
  auto train = pipeline(), val = pipeline();
  applyPitfalls(p, train, val);
  EXPECT_EQ(train.size(), 2u) << "off by default: nothing changes";
  p.skip_normalize = true;
  applyPitfalls(p, train, val);
  ASSERT_EQ(train.size(), 1u);
  ASSERT_EQ(val.size(), 1u);
  EXPECT_EQ(train[0].name, "ToTensor");
  EXPECT_EQ(val[0].name, "ToTensor");
}

TEST(Pitfalls, TheAnnouncementNamesEachOneOn) {
  PitfallConfig p;
  p.skip_zero_grad = true;
  p.skip_eval = true;
  const std::string text = describePitfalls(p);
  EXPECT_EQ(text.rfind("teaching pitfall on (this run is deliberately wrong): zero_grad() is skipped", 0), 0u) << text;
  EXPECT_NE(text.find("without eval()"), std::string::npos) << text;
  EXPECT_EQ(text.find("Normalize"), std::string::npos) << text;
  EXPECT_NE(text.back(), ';');
}

}  // namespace
}  // namespace trainscope
