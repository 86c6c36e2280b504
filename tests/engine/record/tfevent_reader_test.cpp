// TensorBoard event files read back (record/tfevent_reader.h): what other writers put
// in them (tests/fuzz/make_tfevents_seed.py), ours round trip, and damage is skipped
// and counted, never a crash.
#include "engine/record/tfevent_reader.h"

#include "engine/config/file_input.h"
#include "engine/record/tfevent_writer.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

namespace trainscope {
namespace {

const std::string kSeed = TRAINSCOPE_SOURCE_DIR "/tests/fuzz/corpus/fuzz_tfevents/tf2-and-tensorboardx";

std::string bytesOf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

TfEventLog read(const std::string& path) {
  TfEventLog log;
  readTfEventFile(path, log);
  return log;
}

TEST(TfEventReader, ReadsOtherWritersScalarsAndHistograms) {
  const TfEventLog log = read(kSeed);
  EXPECT_EQ(log.records, 4);
  EXPECT_EQ(log.damaged_records, 0);
  EXPECT_FALSE(log.cut_short);
  ASSERT_EQ(log.scalars.at("loss").size(), 3u);  // simple_value
  EXPECT_FLOAT_EQ(log.scalars.at("loss")[1].value, 0.5f);
  EXPECT_EQ(log.scalars.at("loss")[1].step, 2);
  ASSERT_EQ(log.scalars.at("epoch_accuracy").size(), 3u);  // TF2: a scalar tensor, plugin "scalars"
  EXPECT_FLOAT_EQ(log.scalars.at("epoch_accuracy")[2].value, 0.8f);
  const auto& tf2 = log.histograms.at("dense/kernel").at(0);  // TF2: [k, 3] (left, right, count)
  EXPECT_EQ(tf2.edges, (std::vector<double>{-1, 0, 1}));
  EXPECT_EQ(tf2.counts, (std::vector<double>{3, 5}));
  const auto& proto = log.histograms.at("fc1.weight").at(0);  // HistogramProto, last limit DBL_MAX
  EXPECT_EQ(proto.edges, (std::vector<double>{-2, -1, 1, 2}));
  EXPECT_EQ(proto.counts, (std::vector<double>{2, 6, 2}));
}

TEST(TfEventReader, OurOwnEventsRoundTrip) {
  test::TempDir dir;
  const std::string path = (dir.path() / "events.out.tfevents.1").string();
  TfEventWriter writer(path, 100.0);
  writer.writeScalars(7, 101.5, {{"steps/loss", 0.25}, {"grad/fc1", 3.0}});
  writer.writeHistograms(7, 101.5, {{"fc1/weight", {-1, 0, 2}, {4, 6}}});
  writer.close();
  const TfEventLog log = read(path);
  EXPECT_EQ(log.records, 3);
  EXPECT_EQ(log.scalars.at("steps/loss").at(0).step, 7);
  EXPECT_DOUBLE_EQ(log.scalars.at("steps/loss").at(0).wall_time, 101.5);
  EXPECT_DOUBLE_EQ(log.scalars.at("grad/fc1").at(0).value, 3.0);
  EXPECT_EQ(log.histograms.at("fc1/weight").at(0).edges, (std::vector<double>{-1, 0, 2}));
  EXPECT_EQ(log.histograms.at("fc1/weight").at(0).counts, (std::vector<double>{4, 6}));
}

TEST(TfEventReader, DamageIsSkippedAndCountedNeverACrash) {
  test::TempDir dir;
  const std::string good = bytesOf(kSeed);
  auto readBytes = [&](const std::string& bytes) {
    const std::string path = (dir.path() / "events.out.tfevents.damaged").string();
    std::ofstream(path, std::ios::binary) << bytes;
    return read(path);
  };
  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x5A;  // inside a record's data: its CRC fails
  TfEventLog log = readBytes(flipped);
  EXPECT_EQ(log.damaged_records, 1);
  EXPECT_EQ(log.records, 3);

  log = readBytes(good.substr(0, good.size() - 5));  // a writer cut off mid-record
  EXPECT_TRUE(log.cut_short);
  EXPECT_EQ(log.records, 3);

  log = readBytes("garbage that is no record at all" + good);  // found again after the damage
  EXPECT_EQ(log.damaged_records, 1);
  EXPECT_EQ(log.records, 4);

  log = readBytes(std::string(64, '\xff'));
  EXPECT_EQ(log.records, 0);
  EXPECT_THROW(read((dir.path() / "missing").string()), BadInput);
}

}  // namespace
}  // namespace trainscope
