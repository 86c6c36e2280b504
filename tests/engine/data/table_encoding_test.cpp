#include "engine/data/table_encoding.h"
#include "engine/data/table_profile.h"
#include "engine/record/residual_file.h"

#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <numeric>

namespace trainscope {
namespace {

CsvTable tableOf(const test::TempDir& dir, const std::string& name, const std::string& csv) {
  const std::string path = (dir.path() / name).string();
  std::ofstream(path) << csv;
  return readCsvTable(path);
}

TEST(TableEncoding, FitsOnTrainingRowsOnlyAndEncodesOtherFilesByName) {
  test::TempDir dir;
  // Rows 0-3 train; row 4 (x = 1000, colour "pink") must not move the statistics.
  const CsvTable t = tableOf(dir, "t.csv", "x,colour,y\n1,red,a\n3,blue,b\n,red,a\n5,blue,b\n1000,pink,a\n");
  const TableEncoding e = fitTableEncoding(t, {0, 1, 2, 3}, {"y"});
  EXPECT_EQ(e.task, "classification");
  ASSERT_EQ(e.numbers.size(), 1u);
  EXPECT_DOUBLE_EQ(e.numbers[0].mean, 3);
  EXPECT_DOUBLE_EQ(e.numbers[0].std, 2);
  EXPECT_DOUBLE_EQ(e.numbers[0].median, 3);
  EXPECT_TRUE(e.numbers[0].missing_flag);
  EXPECT_EQ(e.categories[0].levels, (std::vector<std::string>{"blue", "red"}));
  EXPECT_EQ(e.featureCount(), 3) << "x, x was missing, colour";
  EXPECT_EQ(e.categorySizes(), (std::vector<int64_t>{3}));

  const TableEncoder enc(e, t);
  float f[3];
  enc.encode(2, f);
  EXPECT_FLOAT_EQ(f[0], 0.0f) << "missing: the median, standardised";
  EXPECT_FLOAT_EQ(f[1], 1.0f) << "was missing";
  EXPECT_FLOAT_EQ(f[2], 2.0f) << "red is level 2 (0 is missing or unseen)";
  enc.encode(4, f);
  EXPECT_FLOAT_EQ(f[0], 498.5f);
  EXPECT_FLOAT_EQ(f[2], 0.0f) << "pink was never seen in training";

  // Another file with the columns in another order and other levels.
  const CsvTable other = tableOf(dir, "v.csv", "y,colour,x\nb,blue,7\na,green,NA\n");
  const TableEncoder encOther(e, other);
  encOther.encode(0, f);
  EXPECT_FLOAT_EQ(f[0], 2.0f);
  EXPECT_FLOAT_EQ(f[2], 1.0f);
  EXPECT_EQ(encOther.target(0), 1) << "b";

  const TableEncoding back = TableEncoding::fromJson(e.toJson());
  EXPECT_EQ(back.toJson(), e.toJson());
}

TEST(TableEncoding, TaskFollowsTheTarget) {
  test::TempDir dir;
  std::string csv = "x,digit,price\n";
  for (int i = 0; i < 50; ++i)
    csv += std::to_string(i) + "," + std::to_string(i % 10) + "," + std::to_string(i * 1.5) + "\n";
  const CsvTable t = tableOf(dir, "t.csv", csv);
  EXPECT_EQ(inferTask(t.columns[1]), "classification") << "whole numbers, 10 values";
  EXPECT_EQ(inferTask(t.columns[2]), "regression");
  const TableEncoding e = fitTableEncoding(t, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, {"digit"});
  EXPECT_EQ(e.classes, (std::vector<std::string>{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}));
  const TableEncoding r = fitTableEncoding(t, {0, 1, 2, 3}, {"price"});
  EXPECT_EQ(r.task, "regression");
  EXPECT_DOUBLE_EQ(r.target_mean, 2.25);
}

TEST(TableEncoding, RefusesTargetsThatCannotTrain) {
  test::TempDir dir;
  const CsvTable t = tableOf(dir, "t.csv", "x,one,none,word\n1,a,,u\n2,a,,v\n");
  EXPECT_THROW(fitTableEncoding(t, {0, 1}, {"nope"}), CsvError);
  try {
    fitTableEncoding(t, {0, 1}, {"one"});
    FAIL();
  } catch (const CsvError& e) {
    EXPECT_EQ(e.column(), "one");
    EXPECT_NE(std::string(e.what()).find("one class"), std::string::npos);
  }
  EXPECT_THROW(fitTableEncoding(t, {0, 1}, {"none"}), CsvError);
  TableSelection regress{"word", "regression"};
  EXPECT_THROW(fitTableEncoding(t, {0, 1}, regress), CsvError);
}

}  // namespace
}  // namespace trainscope

namespace trainscope {
namespace {

TEST(TableProfile, NumbersGetAHistogramOverTheirRange) {
  CsvTable t;
  t.rows = 5;
  TableColumn c;
  c.name = "x";
  c.numbers = {0, 1, 2, 3, std::nanf("")};
  c.missing = 1;
  t.columns.push_back(c);
  const auto p = profileTable(t, 5, 4);
  ASSERT_EQ(p[0].counts.size(), 4u);
  EXPECT_EQ(p[0].edges.front(), 0);
  EXPECT_EQ(p[0].edges.back(), 3);
  EXPECT_EQ(std::accumulate(p[0].counts.begin(), p[0].counts.end(), 0.0), 4) << "missing values are not counted";
  EXPECT_EQ(p[0].counts.back(), 1) << "the maximum falls in the last bin";
  t.columns[0].numbers = {2, 2, 2, 2, 2};
  EXPECT_EQ(profileTable(t, 5, 4)[0].counts.size(), 1u) << "a constant column is one bin";
}

TEST(TableProfile, GuessesTheTargetByNameElseTheLastColumn) {
  EXPECT_EQ(guessTarget({"Label", "a", "b"}), "Label");
  EXPECT_EQ(guessTarget({"a", "class", "b"}), "class");
  EXPECT_EQ(guessTarget({"a", "b", "price"}), "price");
  EXPECT_EQ(guessTarget({}), "");
}

TEST(ResidualFile, RoundTripsAndRanksTheLargestResiduals) {
  test::TempDir dir;
  ValidationResiduals r;
  r.target = "price";
  r.truth = {10, 20, 30, std::nanf("")};
  r.predicted = {11, 35, 27, 5};
  const std::string path = (dir.path() / "residuals.h5").string();
  writeResidualFile(path, r);
  const ValidationResiduals back = readResidualFile(path);
  EXPECT_EQ(back.target, "price");
  EXPECT_EQ(back.predicted, r.predicted);
  EXPECT_EQ(largestResiduals(back, 10), (std::vector<int64_t>{1, 2, 0})) << "a row never seen is left out";
  EXPECT_EQ(largestResiduals(back, 1), (std::vector<int64_t>{1}));
  std::ofstream(dir.path() / "bad.h5") << "not hdf5";
  EXPECT_THROW(readResidualFile((dir.path() / "bad.h5").string()), std::exception);
}

}  // namespace
}  // namespace trainscope
