#include "engine/config/json_fields.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

using nlohmann::json;

TEST(JsonFields, ReadsPresentFieldsAndKeepsDefaultsForAbsentOnes) {
  const json o = {{"name", "adam"}, {"lr", 0.5}, {"epochs", 3}, {"shuffle", false}, {"hidden", {8, 4}}};
  Problems problems;
  JsonFields f(o, "optimizer", problems);
  std::string name = "sgd";
  double lr = 0.1, momentum = 0.9;
  int epochs = 1;
  bool shuffle = true;
  std::vector<int> hidden;
  f.read("name", name, {"sgd", "adam"});
  f.read("lr", lr, 0, 10, /*minExclusive=*/true);
  f.read("momentum", momentum, 0, 1);
  f.read("epochs", epochs, 1, 100);
  f.read("shuffle", shuffle);
  f.read("hidden", hidden, 1, 4096);
  f.rejectUnknown();
  EXPECT_TRUE(problems.empty()) << problems.front().text();
  EXPECT_EQ(name, "adam");
  EXPECT_EQ(lr, 0.5);
  EXPECT_EQ(momentum, 0.9) << "an absent field keeps its default";
  EXPECT_EQ(epochs, 3);
  EXPECT_FALSE(shuffle);
  EXPECT_EQ(hidden, (std::vector<int>{8, 4}));
}

TEST(JsonFields, EveryBadFieldIsReportedWithItsFullPath) {
  const json o = {{"name", "rmsprop"}, {"lr", 0}, {"epochs", 2.5}, {"shuffle", "yes"}, {"hidden", {8, -1}}};
  Problems problems;
  JsonFields f(o, "optimizer", problems);
  std::string name;
  double lr = 0.1;
  int epochs = 1;
  bool shuffle = true;
  std::vector<int> hidden;
  f.read("name", name, {"sgd", "adam"});
  f.read("lr", lr, 0, 10, /*minExclusive=*/true);
  f.read("epochs", epochs, 1, 100);
  f.read("shuffle", shuffle);
  f.read("hidden", hidden, 1, 4096);
  ASSERT_EQ(problems.size(), 5u);
  const std::vector<std::string> keys = {"optimizer.name", "optimizer.lr", "optimizer.epochs", "optimizer.shuffle",
                                         "optimizer.hidden"};
  for (size_t i = 0; i < keys.size(); ++i)
    EXPECT_NE(problems[i].text().find(keys[i]), std::string::npos) << problems[i].text();
  EXPECT_NE(problems[0].text().find("adam"), std::string::npos) << "the choices are listed: " << problems[0].text();
}

TEST(JsonFields, AnUnknownKeyIsRejectedWithTheClosestKnownOne) {
  const json o = {{"lerning_rate", 0.1}, {"momentum", 0.9}};
  Problems problems;
  JsonFields f(o, "optimizer", problems);
  double lr = 0.1, momentum = 0;
  f.read("learning_rate", lr, 0, 10);
  f.read("momentum", momentum, 0, 1);
  f.rejectUnknown();
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].text().find("optimizer.lerning_rate"), std::string::npos) << problems[0].text();
  EXPECT_NE(problems[0].text().find("learning_rate"), std::string::npos) << "did you mean: " << problems[0].text();
}

TEST(JsonFields, AlsoKnownKeysAndChildrenAreNotUnknown) {
  const json o = {{"augment", {{"flip", true}}}, {"comment", "mine"}};
  Problems problems;
  JsonFields f(o, "dataset", problems);
  EXPECT_TRUE(f.has("augment"));
  ASSERT_NE(f.child("augment"), nullptr);
  EXPECT_EQ(f.pathOf("augment"), "dataset.augment");
  f.rejectUnknown({"comment"});
  EXPECT_TRUE(problems.empty());
}

TEST(JsonFields, StringListsAcceptOneStringAndCheckEachChoice) {
  Problems problems;
  const json one = {{"kinds", "weight"}};
  JsonFields a(one, "tensors", problems);
  std::vector<std::string> kinds;
  a.read("kinds", kinds, {"weight", "activation"});
  EXPECT_EQ(kinds, std::vector<std::string>{"weight"});
  const json bad = {{"kinds", {"weight", "bias"}}};
  JsonFields b(bad, "tensors", problems);
  b.read("kinds", kinds, {"weight", "activation"});
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].text().find("bias"), std::string::npos) << problems[0].text();
}

TEST(JsonFields, NumbersAreFormattedShortAndTypesNamedForUsers) {
  EXPECT_EQ(formatNumber(0.5), "0.5");
  EXPECT_EQ(formatNumber(3), "3");
  EXPECT_EQ(describeJsonType(json("x")), "a string");
  EXPECT_EQ(describeJsonType(json::array()), "an array");
}

}  // namespace
}  // namespace trainscope
