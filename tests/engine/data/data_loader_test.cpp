#include "engine/data/data_loader.h"

#include "engine/data/fashion_mnist.h"

#include <gtest/gtest.h>

#include <mutex>
#include <numeric>
#include <set>

namespace trainscope {
namespace {

// A dataset of n 4x4 grey images whose pixels all equal the sample index (mod 256).
class CountingDataset : public Dataset {
 public:
  explicit CountingDataset(int64_t n, int64_t failEvery = 0) : n_(n), failEvery_(failEvery) {}
  int64_t size() const override { return n_; }
  int64_t label(int64_t i) const override { return i % 2; }
  cv::Mat load(int64_t i, std::string* error) const override {
    if (failEvery_ > 0 && i % failEvery_ == 0) {
      *error = "synthetic failure";
      return {};
    }
    return cv::Mat(4, 4, CV_8UC1, cv::Scalar(static_cast<double>(i % 256)));
  }
  std::string describe(int64_t i) const override { return "item" + std::to_string(i); }
  const std::vector<std::string>& classes() const override { return classes_; }
  int channels() const override { return 1; }

 private:
  int64_t n_, failEvery_;
  std::vector<std::string> classes_{"even", "odd"};
};

std::shared_ptr<Compose> toTensor() {
  TransformSpec t;
  t.name = "ToTensor";
  return std::make_shared<Compose>(std::vector<TransformSpec>{t});
}

// Sample indices of every batch, read back from pixel values.
std::vector<std::vector<int64_t>> epochIndices(DataLoader& loader, int64_t epoch, int64_t first = 0) {
  std::vector<std::vector<int64_t>> out;
  loader.startEpoch(epoch, first);
  while (auto b = loader.next()) {
    std::vector<int64_t> ids;
    for (int64_t i = 0; i < b->inputs.size(0); ++i)
      ids.push_back(static_cast<int64_t>(std::lround(b->inputs[i][0][0][0].item<float>() * 255)));
    out.push_back(ids);
  }
  return out;
}

TEST(DataLoader, VisitsEverySampleOncePerEpochInOrder) {
  DataLoaderOptions o;
  o.batch_size = 7;
  o.num_workers = 3;
  o.shuffle = true;
  o.seed = 11;
  DataLoader loader(std::make_shared<CountingDataset>(100), toTensor(), o);
  EXPECT_EQ(loader.batchesPerEpoch(), 15);
  auto batches = epochIndices(loader, 0);
  ASSERT_EQ(batches.size(), 15u);
  std::vector<int64_t> all;
  for (const auto& b : batches) all.insert(all.end(), b.begin(), b.end());
  EXPECT_EQ(batches.back().size(), 2u);  // 100 = 14 * 7 + 2
  std::vector<int64_t> sorted = all;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int64_t> expected(100);
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_EQ(sorted, expected);
  EXPECT_NE(all, expected) << "shuffle=true should change the order";
}

// Each load reports how many threads LibTorch would use on the thread that runs it.
class ThreadCountingDataset : public CountingDataset {
 public:
  using CountingDataset::CountingDataset;
  cv::Mat load(int64_t i, std::string* error) const override {
    const int n = at::get_num_threads();
    std::lock_guard<std::mutex> lock(mutex_);
    seen_.insert(n);
    return CountingDataset::load(i, error);
  }
  std::set<int> seen() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return seen_;
  }

 private:
  mutable std::mutex mutex_;
  mutable std::set<int> seen_;
};

// As torch.utils.data's workers: the run's thread keeps its compute threads, and a
// worker's LibTorch stays on the worker (else a second OpenMP team on the same cores).
TEST(DataLoader, WorkersComputeOnOneThreadAndLeaveTheRunsCount) {
  const int before = at::get_num_threads();
  at::set_num_threads(2);
  auto data = std::make_shared<ThreadCountingDataset>(40);
  DataLoaderOptions o;
  o.batch_size = 8;
  o.num_workers = 2;
  DataLoader loader(data, toTensor(), o);
  EXPECT_EQ(epochIndices(loader, 0).size(), 5u);
  EXPECT_EQ(data->seen(), std::set<int>{1});
  EXPECT_EQ(at::get_num_threads(), 2);
  at::set_num_threads(before);
}

TEST(DataLoader, SameSeedSameOrderWhateverTheWorkerCount) {
  DataLoaderOptions a;
  a.batch_size = 8;
  a.num_workers = 0;
  a.seed = 5;
  DataLoaderOptions b = a;
  b.num_workers = 4;
  DataLoader la(std::make_shared<CountingDataset>(64), toTensor(), a);
  DataLoader lb(std::make_shared<CountingDataset>(64), toTensor(), b);
  EXPECT_EQ(epochIndices(la, 3), epochIndices(lb, 3));
  EXPECT_NE(epochIndices(la, 3), epochIndices(la, 4)) << "each epoch reshuffles";
}

// Data parallelism: k shards of batch b take, at each step, exactly the samples one
// process takes with batch k*b (so 2 ranks x 32 train on what 1 x 64 does).
TEST(DataLoader, ShardsSplitEachBatchOfTheUnshardedOrder) {
  DataLoaderOptions one;
  one.batch_size = 10;
  one.num_workers = 2;
  one.seed = 21;
  DataLoader whole(std::make_shared<CountingDataset>(101), toTensor(), one);
  const auto reference = epochIndices(whole, 3);
  std::vector<std::vector<std::vector<int64_t>>> shards;
  std::vector<int64_t> seen;
  for (int r = 0; r < 2; ++r) {
    DataLoaderOptions o = one;
    o.batch_size = 5;
    o.shard = r, o.shards = 2;
    DataLoader loader(std::make_shared<CountingDataset>(101), toTensor(), o);
    EXPECT_EQ(loader.shardSize(), 51) << "101 padded to 102: as many batches on each rank";
    EXPECT_EQ(loader.batchesPerEpoch(), 11);
    shards.push_back(epochIndices(loader, 3));
    for (const auto& b : shards.back()) seen.insert(seen.end(), b.begin(), b.end());
  }
  for (size_t k = 0; k + 1 < reference.size(); ++k) {  // every full batch of the whole order
    std::vector<int64_t> joined = shards[0][k];
    joined.insert(joined.end(), shards[1][k].begin(), shards[1][k].end());
    std::sort(joined.begin(), joined.end());
    std::vector<int64_t> expected = reference[k];
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(joined, expected) << "batch " << k;
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen.size(), 102u);
  EXPECT_EQ(std::unique(seen.begin(), seen.end()) - seen.begin(), 101) << "every sample, one of them twice";
}

TEST(DataLoader, UnpaddedShardsSeeEachSampleOnce) {
  std::vector<int64_t> seen;
  for (int r = 0; r < 3; ++r) {
    DataLoaderOptions o;
    o.batch_size = 8;
    o.shuffle = false;
    o.shard = r, o.shards = 3;
    o.pad_shards = false;
    DataLoader loader(std::make_shared<CountingDataset>(100), toTensor(), o);
    EXPECT_EQ(loader.shardSize(), r == 0 ? 34 : 33);
    for (const auto& b : epochIndices(loader, 0)) seen.insert(seen.end(), b.begin(), b.end());
  }
  std::sort(seen.begin(), seen.end());
  std::vector<int64_t> expected(100);
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_EQ(seen, expected);
}

TEST(DataLoader, RestartsMidEpochWithTheSameBatches) {
  DataLoaderOptions o;
  o.batch_size = 10;
  o.num_workers = 2;
  o.seed = 9;
  DataLoader loader(std::make_shared<CountingDataset>(95), toTensor(), o);
  const auto full = epochIndices(loader, 2);
  const auto tail = epochIndices(loader, 2, 4);
  ASSERT_EQ(tail.size(), full.size() - 4);
  for (size_t i = 0; i < tail.size(); ++i) EXPECT_EQ(tail[i], full[i + 4]);
}

TEST(DataLoader, DropLastDropsTheShortBatch) {
  DataLoaderOptions o;
  o.batch_size = 10;
  o.drop_last = true;
  o.shuffle = false;
  DataLoader loader(std::make_shared<CountingDataset>(95), toTensor(), o);
  const auto batches = epochIndices(loader, 0);
  ASSERT_EQ(batches.size(), 9u);
  for (const auto& b : batches) EXPECT_EQ(b.size(), 10u);
  EXPECT_EQ(batches[0][0], 0);  // shuffle=false keeps dataset order
}

TEST(DataLoader, SkipsSamplesThatFailToLoadAndReportsThem) {
  DataLoaderOptions o;
  o.batch_size = 10;
  o.num_workers = 2;
  o.shuffle = false;
  DataLoader loader(std::make_shared<CountingDataset>(50, /*failEvery=*/10), toTensor(), o);
  const auto batches = epochIndices(loader, 0);
  ASSERT_EQ(batches.size(), 5u);
  EXPECT_EQ(batches[0][0], 1) << "item0 fails and is replaced by item1";
  const auto skipped = loader.takeSkipped();
  ASSERT_EQ(skipped.size(), 5u);
  EXPECT_EQ(skipped[0].reason, "synthetic failure");
  EXPECT_TRUE(loader.takeSkipped().empty()) << "each skip is reported once";
}

TEST(DataLoader, StopsCleanlyInTheMiddleOfAnEpoch) {
  DataLoaderOptions o;
  o.batch_size = 4;
  o.num_workers = 4;
  {
    DataLoader loader(std::make_shared<CountingDataset>(1000), toTensor(), o);
    loader.startEpoch(0);
    ASSERT_TRUE(loader.next().has_value());
  }  // destructor joins the workers while they wait on the prefetch window
  SUCCEED();
}

TEST(DataLoader, FashionMnistBatchesHaveTheRightShape) {
  const std::string dir = findFashionMnistDir();
  if (dir.empty()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  auto ds = std::make_shared<FashionMnist>(dir, "test");
  DataLoaderOptions o;
  o.batch_size = 64;
  DataLoader loader(ds, toTensor(), o);
  loader.startEpoch(0);
  auto b = loader.next();
  ASSERT_TRUE(b);
  EXPECT_EQ(b->inputs.sizes().vec(), (std::vector<int64_t>{64, 1, 28, 28}));
  EXPECT_EQ(b->targets.dtype(), torch::kInt64);
  EXPECT_GE(b->inputs.min().item<float>(), 0.0f);
  EXPECT_LE(b->inputs.max().item<float>(), 1.0f);
}

}  // namespace
}  // namespace trainscope
