#include "engine/data/csv_table.h"

#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

namespace trainscope {
namespace {

std::string writeFile(const test::TempDir& dir, const std::string& name, const std::string& bytes) {
  const std::string path = (dir.path() / name).string();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

// The same little table, spelled the ways real files spell it.
struct Spelling {
  const char* name;
  std::string bytes;
};

class CsvSpellings : public ::testing::TestWithParam<Spelling> {};

TEST_P(CsvSpellings, ReadTheSameTable) {
  test::TempDir dir;
  const CsvTable t = readCsvTable(writeFile(dir, "t.csv", GetParam().bytes));
  ASSERT_EQ(t.columns.size(), 3u);
  EXPECT_EQ(t.rows, 3);
  EXPECT_EQ(t.columns[0].name, "size");
  EXPECT_EQ(t.columns[0].type, ColumnType::Number);
  EXPECT_FLOAT_EQ(t.columns[0].numbers[1], 2.5f);
  EXPECT_TRUE(std::isnan(t.columns[0].numbers[2]));
  EXPECT_EQ(t.columns[0].missing, 1);
  EXPECT_EQ(t.columns[1].type, ColumnType::Category);
  EXPECT_EQ(t.columns[1].display(0), "red, dark");
  EXPECT_EQ(t.columns[1].display(1), "blue\nlight");
  EXPECT_EQ(t.columns[2].display(2), "say \"hi\"");
}

INSTANTIATE_TEST_SUITE_P(
    Files, CsvSpellings,
    ::testing::Values(
        Spelling{"comma", "size,colour,note\n1,\"red, dark\",a\n2.5,\"blue\nlight\",b\n,red,\"say \"\"hi\"\"\"\n"},
        Spelling{"semicolon", "size;colour;note\n1;red, dark;a\n2.5;\"blue\nlight\";b\nNA;red;\"say \"\"hi\"\"\"\n"},
        Spelling{"tab", "size\tcolour\tnote\n1\tred, dark\ta\n2.5\t\"blue\nlight\"\tb\n\tred\t\"say \"\"hi\"\"\"\n"},
        Spelling{"bom_crlf",
                 "\xEF\xBB\xBFsize,colour,note\r\n1,\"red, dark\",a\r\n2.5,\"blue\nlight\",b\r\n?,red,\"say "
                 "\"\"hi\"\"\"\r\n"},
        Spelling{"no_final_newline_blank_lines",
                 "size,colour,note\n\n1,\"red, dark\",a\n2.5,\"blue\nlight\",b\n\n,red,\"say \"\"hi\"\"\""}),
    [](const auto& info) { return std::string(info.param.name); });

// Bad files: the message names the file, the line and (where one applies) the column.
struct BadFile {
  const char* name;
  std::string bytes;
  int64_t line;
  std::string column;
  std::string says;
};

class CsvBadFiles : public ::testing::TestWithParam<BadFile> {};

TEST_P(CsvBadFiles, AreRefusedWithWhere) {
  test::TempDir dir;
  const std::string path = writeFile(dir, "bad.csv", GetParam().bytes);
  try {
    readCsvTable(path);
    FAIL() << "read a bad file";
  } catch (const CsvError& e) {
    EXPECT_EQ(e.path(), path);
    EXPECT_EQ(e.line(), GetParam().line) << e.what();
    EXPECT_EQ(e.column(), GetParam().column) << e.what();
    EXPECT_NE(std::string(e.what()).find(GetParam().says), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Files, CsvBadFiles,
    ::testing::Values(BadFile{"empty", "", 0, "", "empty"}, BadFile{"blank", "\n\n  \n", 0, "", "empty"},
                      BadFile{"ragged", "a,b,c\n1,2,3\n4,5\n6,7,8\n", 3, "", "2 fields but the header has 3"},
                      BadFile{"latin1", "a,name\n1,Jos\xE9\n", 2, "name", "not UTF-8"},
                      BadFile{"binary",
                              std::string("a,b\n1,2\n\x7f"
                                          "ELF\0\0\x01",
                                          14),
                              3, "", "binary"},
                      BadFile{"unclosed_quote", "a,b\n1,2\n3,\"never\n4,5\n", 3, "", "never closed"},
                      BadFile{"duplicate_name", "a,b,a\n1,2,3\n", 1, "a", "two columns"},
                      BadFile{"unnamed_column", "a,,c\n1,2,3\n", 1, "", "column 2"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(CsvTable, MissingFileSaysSo) { EXPECT_THROW(readCsvTable("/nonexistent/data.csv"), CsvError); }

TEST(CsvTable, InfersTypesFromWhatColumnsHold) {
  test::TempDir dir;
  std::string csv = "id,age,sex,ticket,review,label\n";
  for (int i = 0; i < 100; ++i)
    csv += std::to_string(i + 1) + "," + (i % 7 == 0 ? "" : std::to_string(20 + i % 50)) + "," +
           (i % 2 ? "male" : "female") + ",T" + std::to_string(1000 + i * 13) + ",\"a fine film number " +
           std::to_string(i) + "\"," + std::to_string(i % 3) + "\n";
  const CsvTable t = readCsvTable(writeFile(dir, "t.csv", csv), {{"label"}});
  EXPECT_EQ(t.columns[0].type, ColumnType::Identifier) << "1, 2, 3, ... is a row number";
  EXPECT_EQ(t.columns[1].type, ColumnType::Number);
  EXPECT_EQ(t.columns[1].missing, 15);
  EXPECT_EQ(t.columns[2].type, ColumnType::Category);
  EXPECT_EQ(t.columns[2].levels, (std::vector<std::string>{"female", "male"}));
  EXPECT_EQ(t.columns[3].type, ColumnType::Identifier);
  EXPECT_EQ(t.columns[4].type, ColumnType::Text);
  EXPECT_EQ(t.columns[5].type, ColumnType::Category) << "asked for as categorical";
  EXPECT_EQ(t.columns[5].levels, (std::vector<std::string>{"0", "1", "2"}));
  EXPECT_EQ(t.columns[5].display(4), "1");
}

TEST(CsvTable, CategoryLevelsSortNumbersByValue) {
  test::TempDir dir;
  const CsvTable t = readCsvTable(writeFile(dir, "t.csv", "k\n10\n9\nx\n9\n"));
  ASSERT_EQ(t.columns[0].type, ColumnType::Category);
  EXPECT_EQ(t.columns[0].levels, (std::vector<std::string>{"9", "10", "x"}));
  EXPECT_EQ(t.columns[0].codes, (std::vector<int32_t>{1, 0, 2, 0}));
}

TEST(CsvTable, MaxRowsReadsAPreview) {
  test::TempDir dir;
  std::string csv = "a\n";
  for (int i = 0; i < 1000; ++i) csv += std::to_string(i * 2) + "\n";
  CsvReadOptions options;
  options.max_rows = 10;
  EXPECT_EQ(readCsvTable(writeFile(dir, "t.csv", csv), options).rows, 10);
}

}  // namespace
}  // namespace trainscope
