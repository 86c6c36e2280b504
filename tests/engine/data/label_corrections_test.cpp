#include "engine/data/label_corrections.h"

#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <fstream>

namespace trainscope {
namespace {

// Five samples named a0..a4, labels 0,1,0,1,0 of classes x and y.
class NamedSamples : public Dataset {
 public:
  int64_t size() const override { return 5; }
  int64_t label(int64_t i) const override { return i % 2; }
  cv::Mat load(int64_t, std::string*) const override { return cv::Mat(2, 2, CV_8UC1, cv::Scalar(0)); }
  std::string describe(int64_t i) const override { return "a" + std::to_string(i); }
  const std::vector<std::string>& classes() const override { return classes_; }
  int channels() const override { return 1; }

 private:
  std::vector<std::string> classes_{"x", "y"};
};

TEST(LabelCorrections, RelabelExcludeAndReportWhatMatchedNothing) {
  LabelCorrections c;
  c.set({"a1", "x"});    // relabel y -> x
  c.set({"a2", ""});     // exclude
  c.set({"a4", "y"});    // relabel x -> y
  c.set({"a4", "x"});    // replaced: its own label, so no change
  c.set({"zz", "y"});    // no such sample
  c.set({"a3", "dog"});  // no such class
  EXPECT_EQ(c.items.size(), 5u);
  const CorrectedLabels data(std::make_shared<NamedSamples>(), c);
  ASSERT_EQ(data.size(), 4);
  EXPECT_EQ(data.baseIndex(), (std::vector<int64_t>{0, 1, 3, 4}));
  EXPECT_EQ(data.label(1), 0) << "a1 relabelled to x";
  EXPECT_EQ(data.describe(2), "a3");
  EXPECT_EQ(data.label(2), 1) << "a3 keeps its label: dog is no class";
  EXPECT_EQ(data.relabelled(), 1);
  EXPECT_EQ(data.excluded(), 1);
  ASSERT_EQ(data.unmatched().size(), 2u);
  EXPECT_EQ(data.unmatched()[0], "a3 (no class \"dog\")");
  EXPECT_EQ(data.unmatched()[1], "zz");
}

TEST(LabelCorrections, FileRoundTripAndNamedErrors) {
  test::TempDir dir;
  const std::string path = dir.str() + "/corrections.json";
  LabelCorrections c;
  c.set({"/photos/cat/1.jpg", "dog"});
  c.set({"train[3]", ""});
  writeLabelCorrections(path, c);
  const LabelCorrections back = readLabelCorrections(path);
  ASSERT_EQ(back.items.size(), 2u);
  EXPECT_EQ(back.items[0].label, "dog");
  EXPECT_TRUE(back.items[1].excluded());
  LabelCorrections fewer = back;
  EXPECT_TRUE(fewer.remove("train[3]"));
  EXPECT_FALSE(fewer.remove("train[3]"));
  EXPECT_EQ(fewer.items.size(), 1u);

  auto rejects = [&](const std::string& text, const std::string& expected) {
    std::ofstream(path) << text;
    try {
      readLabelCorrections(path);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  };
  rejects("not json", "not a JSON object");
  rejects(R"({"format": "other", "corrections": []})", "\"format\"");
  rejects(R"({"format": "trainscope-label-corrections", "corrections": [{"label": "x"}]})",
          "corrections[0]: needs \"sample\"");
  rejects(
      R"({"format": "trainscope-label-corrections", "corrections": [{"sample": "a", "label": "x", "exclude": true}]})",
      "either \"label\"");
}

}  // namespace
}  // namespace trainscope
