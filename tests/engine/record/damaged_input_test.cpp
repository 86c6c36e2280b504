// Never lose a run, round three (issue 29): readers refuse special files, deep JSON and
// records whose values do not fit, as one BadInput line; a resume that ends before its
// first checkpoint puts metrics.h5 back; multi-host ranks listen on a reachable address.
#include "engine/config/file_input.h"
#include "engine/record/h5_handle.h"
#include "engine/record/h5_heap_check.h"
#include "engine/record/metrics_file.h"
#include "engine/record/prediction_file.h"
#include "engine/system/network_address.h"
#include "test_fixtures.h"

#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <future>

namespace fs = std::filesystem;

namespace trainscope {
namespace {

// Runs `fn` on a thread and says whether it ended within two seconds: a FIFO must be
// refused, not waited on.
template <typename Fn>
bool endsQuickly(Fn fn) {
  auto done = std::async(std::launch::async, [fn] {
    try {
      fn();
    } catch (const std::exception&) {
    }
  });
  return done.wait_for(std::chrono::seconds(2)) == std::future_status::ready;
}

TEST(DamagedInput, SpecialFilesAreRefusedByName) {
  test::TempDir dir;
  const fs::path fifo = dir.path() / "run.json";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_NE(whyNotRegularFile(fifo).find("FIFO"), std::string::npos);
  EXPECT_NE(whyNotRegularFile("/dev/zero").find("device"), std::string::npos);
  EXPECT_NE(whyNotRegularFile(dir.path()).find("folder"), std::string::npos);
  fs::create_symlink("b", dir.path() / "a");
  fs::create_symlink("a", dir.path() / "b");
  EXPECT_EQ(whyNotRegularFile(dir.path() / "a"), "is a symlink loop");
  EXPECT_EQ(whyNotRegularFile(dir.path() / "missing"), "does not exist");
  EXPECT_TRUE(endsQuickly([&] { readJsonObject(fifo); }));
  EXPECT_THROW(readJsonObject(fifo), BadInput);
  EXPECT_THROW(readRegularFile("/dev/zero", 1 << 20), BadInput);
}

TEST(DamagedInput, JsonDeeperThanAnyRecordIsRefusedWithoutRecursion) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(jsonNestingDepth(deep), 100000);
  EXPECT_EQ(jsonNestingDepth(R"({"a": "[[[[", "b": [1, {"c": 2}]})"), 3);  // brackets in strings do not count
  try {
    parseJsonText(deep, "run.json");
    FAIL() << "a 100,000-deep array was parsed";
  } catch (const BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("run.json nests"), std::string::npos) << e.what();
  }
  EXPECT_EQ(parseJsonText(R"({"a": [1, 2]})", "x")["a"][1], 2);
}

TEST(DamagedInput, LargeFilesAreRefusedBeforeTheyAreRead) {
  test::TempDir dir;
  const fs::path big = dir.path() / "big.json";
  std::ofstream(big) << std::string(2048, ' ');
  EXPECT_THROW(readRegularFile(big, 1024), BadInput);
  EXPECT_EQ(readRegularFile(big, 4096).size(), 2048u);
}

TEST(DamagedInput, PredictionsWithClassesOutOfRangeAreRefused) {
  test::TempDir dir;
  ValidationPredictions p;
  p.classes = 3;
  p.confusion = {std::vector<int64_t>(9, 0)};
  p.labels = {0, 1, 2147483647};
  p.predicted = {0, 1, 2};
  p.probability = {0.5f, 0.5f, 0.5f};
  p.loss = {1, 1, 1};
  const std::string path = (dir.path() / "predictions.h5").string();
  writePredictionFile(path, p);
  try {
    readPredictionFile(path);
    FAIL() << "a label of 2147483647 among 3 classes was accepted";
  } catch (const BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("labels holds class 2147483647 of 3"), std::string::npos) << e.what();
  }
  p.labels = {0, 1, 2};
  p.predicted = {0, -1};  // one value short
  writePredictionFile(path, p);
  EXPECT_THROW(readPredictionFile(path), BadInput);
  p.predicted = {0, -1, 2};
  writePredictionFile(path, p);
  EXPECT_EQ(readPredictionFile(path).predicted[1], -1);  // -1: not seen, as written
}

// A chunked dataset of 300 million epochs of one class, none of it written: HDF5 reads
// it as fill values, a few hundred bytes asking for 2.4 GB and 300 million vectors.
TEST(DamagedInput, DatasetsDeclaringMoreThanTheirFileHoldsAreRefusedBeforeTheyAreRead) {
  test::TempDir dir;
  const std::string path = (dir.path() / "predictions.h5").string();
  {
    H5Handle file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "create");
    const hsize_t dims[3] = {300000000, 1, 1}, chunk[3] = {1024, 1, 1};
    H5Handle space(H5Screate_simple(3, dims, nullptr), H5Sclose, "space");
    H5Handle props(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "props");
    H5Pset_chunk(props.get(), 3, chunk);
    H5Handle set(H5Dcreate2(file.get(), "confusion", H5T_STD_I64LE, space.get(), H5P_DEFAULT, props.get(), H5P_DEFAULT),
                 H5Dclose, "dataset");
  }
  ASSERT_LT(fs::file_size(path), 100000u);
  EXPECT_TRUE(endsQuickly([&] { readPredictionFile(path); }));
  try {
    readPredictionFile(path);
    FAIL() << "300 million unwritten epochs were read";
  } catch (const BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("confusion declares 3-D (300000000x1x1) values, more than the whole file"),
              std::string::npos)
        << e.what();
  }
}

// A variable-length string lives in a global heap collection; one whose first object
// says "free space of 0 bytes" made HDF5 1.10's decoder spin for ever (a fuzzed file).
TEST(DamagedInput, AGlobalHeapThatNeverEndsIsRefusedBeforeHdf5ReadsIt) {
  test::TempDir dir;
  ValidationPredictions p;
  p.classes = 2;
  p.confusion = {std::vector<int64_t>(4, 0)};
  p.labels = {0, 1};
  p.predicted = {0, 1};
  p.probability = {0.5f, 0.5f};
  p.loss = {1, 1};
  p.class_names = {"cat", "dog"};
  const std::string path = (dir.path() / "predictions.h5").string();
  writePredictionFile(path, p);
  EXPECT_EQ(readPredictionFile(path).class_names, p.class_names);
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const size_t heap = bytes.find("GCOL");
  ASSERT_NE(heap, std::string::npos);
  EXPECT_EQ(whyGlobalHeapLoops(bytes.substr(heap, 4096), 8), "");
  bytes.replace(heap + 16, 2, 2, '\0');  // the first object: index 0 (free space) ...
  bytes.replace(heap + 24, 8, 8, '\0');  // ... of size 0
  EXPECT_NE(whyGlobalHeapLoops(bytes.substr(heap, 4096), 8), "");
  f.seekp(0);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  f.close();
  EXPECT_TRUE(endsQuickly([&] { readPredictionFile(path); }));
  try {
    readPredictionFile(path);
    FAIL() << "a heap that never ends was read";
  } catch (const BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("global heap at byte " + std::to_string(heap)), std::string::npos) << e.what();
  }
}

std::vector<double> losses(const std::string& path) {
  std::vector<double> out;
  for (const auto& row : MetricsFile::read(path).steps) out.push_back(row[3]);  // step, epoch, wall_time, loss
  return out;
}

TEST(DamagedInput, AResumeEndingBeforeItsFirstCheckpointPutsTheRecordBack) {
  test::TempDir dir;
  const std::string path = (dir.path() / "metrics.h5").string();
  {
    auto file = MetricsFile::create(path, "run");
    for (int s = 1; s <= 10; ++s) file->append(StepMetrics{s, 0, 0, static_cast<double>(s)});
    EpochMetrics e;
    e.epoch = 1, e.step = 10;
    file->append(e);
  }
  {  // resumed at step 4: rows 5..10 and the epoch row go from metrics.h5 for now
    auto file = MetricsFile::reopen(path, "run", 4, 0, nullptr);
    file->append(StepMetrics{5, 0, 0, 50.0});
    EXPECT_EQ(losses(path).size(), 4u);
  }  // no checkpoint: the resume failed or was stopped
  EXPECT_EQ(losses(path).size(), 10u) << "the rows past the checkpoint were lost";
  EXPECT_EQ(MetricsFile::read(path).epochs.size(), 1u) << "the epoch's validation row was lost";
  EXPECT_FALSE(fs::exists(path + ".before-resume"));
  {
    auto file = MetricsFile::reopen(path, "run", 4, 0, nullptr);
    file->append(StepMetrics{5, 0, 0, 50.0});
    file->flush();
    file->commitResume();
  }
  EXPECT_EQ(losses(path), (std::vector<double>{1, 2, 3, 4, 50}));
  EXPECT_FALSE(fs::exists(path + ".before-resume"));
}

TEST(DamagedInput, AResumeKilledBeforeItsFirstCheckpointIsUndoneByTheNext) {
  test::TempDir dir;
  const std::string path = (dir.path() / "metrics.h5").string();
  const auto write = [&](int steps) {
    auto file = MetricsFile::create(path, "run");
    for (int s = 1; s <= steps; ++s) file->append(StepMetrics{s, 0, 0, static_cast<double>(s)});
  };
  write(6);
  fs::rename(path, path + ".before-resume");  // what a resume killed with -9 leaves: the record as it was,
  write(2);                                   // and the trimmed one it had started
  auto file = MetricsFile::reopen(path, "run", 4, 0, nullptr);
  file->commitResume();
  file.reset();
  EXPECT_EQ(losses(path), (std::vector<double>{1, 2, 3, 4})) << "rows 3 and 4 were lost with the killed resume";
  EXPECT_FALSE(fs::exists(path + ".before-resume"));
}

TEST(DamagedInput, MetricsOfAnOlderBuildReadTheColumnsTheyLackAsNotRecorded) {
  test::TempDir dir;
  const std::string path = (dir.path() / "metrics.h5").string();
  {
    auto file = MetricsFile::create(path, "run");
    EpochMetrics e;
    e.epoch = 1, e.step = 10, e.val_accuracy = 0.5;
    file->append(e);
  }
  {  // an older build wrote no ema_val_accuracy column
    const H5Handle file(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose, "open");
    ASSERT_GE(H5Ldelete(file.get(), "/epochs/ema_val_accuracy", H5P_DEFAULT), 0);
  }
  const MetricsFile::Contents c = MetricsFile::read(path);
  ASSERT_EQ(c.epochs.size(), 1u);
  const auto column = [&](const std::string& name) {
    return static_cast<size_t>(std::find(c.epoch_columns.begin(), c.epoch_columns.end(), name) -
                               c.epoch_columns.begin());
  };
  EXPECT_DOUBLE_EQ(c.epochs[0][column("val_accuracy")], 0.5);
  EXPECT_TRUE(std::isnan(c.epochs[0][column("ema_val_accuracy")]));
  auto resumed = MetricsFile::reopen(path, "run", 10, 1, nullptr);  // a resume writes every column again
  resumed->commitResume();
  resumed.reset();
  EXPECT_EQ(MetricsFile::read(path).epochs.size(), 1u);
}

TEST(DamagedInput, RanksListenWhereOtherHostsCanReachThem) {
  EXPECT_EQ(glooListenAddress("127.0.0.1", 29500, nullptr).address, "127.0.0.1");
  EXPECT_EQ(glooListenAddress("localhost", 29500, "").address, "127.0.0.1");
  EXPECT_EQ(glooListenAddress("node01", 29500, "eth1").interface_name, "eth1");
  // This machine's own name resolves to loopback on Debian: a network interface instead,
  // when there is one.
  char host[256] = {0};
  gethostname(host, sizeof host - 1);
  const ListenAddress own = glooListenAddress(host, 29500, nullptr);
  if (!firstNetworkAddress().empty()) EXPECT_FALSE(isLoopbackAddress(own.address)) << own.why;
}

}  // namespace
}  // namespace trainscope
