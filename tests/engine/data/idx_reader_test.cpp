#include "engine/data/fashion_mnist.h"
#include "engine/data/idx_file.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>
#include <zlib.h>

namespace trainscope {
namespace {

void writeGz(const std::string& path, const std::vector<uint8_t>& bytes) {
  gzFile f = gzopen(path.c_str(), "wb");
  gzwrite(f, bytes.data(), static_cast<unsigned>(bytes.size()));
  gzclose(f);
}

TEST(IdxFile, ReadsGzippedUnsignedByteArrays) {
  test::TempDir dir;
  const std::string path = dir.str() + "/images-idx3-ubyte.gz";
  std::vector<uint8_t> bytes{0, 0, 8, 3, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 3};
  for (uint8_t v = 0; v < 12; ++v) bytes.push_back(v * 10);
  writeGz(path, bytes);
  const IdxArray a = readIdxFile(path);
  EXPECT_EQ(a.dims, (std::vector<int32_t>{2, 2, 3}));
  ASSERT_EQ(a.data.size(), 12u);
  EXPECT_EQ(a.data[11], 110);
}

TEST(IdxFile, ReportsBadMagicTruncationAndMissingFiles) {
  test::TempDir dir;
  const std::string bad = dir.str() + "/bad.gz", shortFile = dir.str() + "/short.gz";
  writeGz(bad, {0, 0, 13, 1, 0, 0, 0, 1, 5});
  writeGz(shortFile, {0, 0, 8, 1, 0, 0, 0, 100, 1, 2, 3});
  try {
    readIdxFile(bad);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("bad magic"), std::string::npos);
  }
  try {
    readIdxFile(shortFile);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("truncated"), std::string::npos);
  }
  EXPECT_THROW(readIdxFile(dir.str() + "/missing.gz"), std::runtime_error);
}

// Found by fuzz_idx: a 47-byte file whose header claims 6.7 GB must not allocate it.
TEST(IdxFile, AHeaderThatLiesAboutItsSizeIsTruncatedNotAnAllocation) {
  test::TempDir dir;
  const std::string path = (dir.path() / "liar.idx.gz").string();
  writeGz(path, {0, 0, 8, 3, 0, 0, 0x40, 0, 0, 0, 0x40, 0, 0, 0, 0, 0x19, 1, 2, 3});  // 16384x16384x25: 6.7 GB
  try {
    readIdxFile(path);
    FAIL() << "must not read";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("truncated"), std::string::npos) << e.what();
  }
  writeGz(path, {0, 0, 8, 4, 0x7F, 0, 0, 0, 0x7F, 0, 0, 0, 0x7F, 0, 0, 0, 0x7F, 0, 0, 0});
  EXPECT_THROW(readIdxFile(path), std::runtime_error) << "more than any disk holds";
}

TEST(FashionMnist, IsFoundAndHasTheKnownShape) {
  const std::string dir = findFashionMnistDir();
  if (dir.empty()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  const DatasetSplits s = openFashionMnist(dir);
  EXPECT_EQ(s.train->size(), 60000);
  EXPECT_EQ(s.val->size(), 10000);
  EXPECT_EQ(s.train->classes().size(), 10u);
  EXPECT_EQ(s.train->classes()[9], "Ankle boot");
  const auto counts = classCounts(*s.train);
  for (auto c : counts) EXPECT_EQ(c, 6000);  // Fashion-MNIST is balanced
  std::string error;
  const cv::Mat img = s.train->load(0, &error);
  EXPECT_EQ(img.rows, 28);
  EXPECT_EQ(img.cols, 28);
  EXPECT_EQ(img.type(), CV_8UC1);
  EXPECT_EQ(s.train->label(0), 9);  // the first training image is an ankle boot
}

}  // namespace
}  // namespace trainscope
