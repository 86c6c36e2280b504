#include "engine/data/data_loader.h"

#include "engine/data/rng.h"
#include "engine/system/threads.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace trainscope {

DataLoader::DataLoader(std::shared_ptr<const Dataset> dataset, std::shared_ptr<const Compose> transform,
                       DataLoaderOptions options)
    : dataset_(std::move(dataset)), transform_(std::move(transform)), options_(options) {}

DataLoader::~DataLoader() { stopWorkers(); }

int64_t DataLoader::shardSize() const {
  const int64_t n = dataset_->size(), k = std::max(1, options_.shards);
  if (k == 1) return n;
  return options_.pad_shards ? (n + k - 1) / k : (n - options_.shard + k - 1) / k;
}

int64_t DataLoader::batchesPerEpoch() const {
  const int64_t n = shardSize(), b = options_.batch_size;
  return options_.drop_last ? n / b : (n + b - 1) / b;
}

std::vector<int64_t> DataLoader::batchIndices(int64_t batch) const {
  const int64_t begin = batch * options_.batch_size;
  const int64_t end = std::min<int64_t>(begin + options_.batch_size, static_cast<int64_t>(order_.size()));
  return {order_.begin() + begin, order_.begin() + end};
}

void DataLoader::stopWorkers() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    cancel_ = true;
  }
  consumed_.notify_all();
  for (auto& t : workers_) t.join();
  workers_.clear();
  std::lock_guard<std::mutex> lock(mutex_);
  ready_.clear();
  cancel_ = false;
}

void DataLoader::startEpoch(int64_t epoch, int64_t firstBatch) {
  stopWorkers();
  epoch_ = epoch;
  order_.resize(dataset_->size());
  std::iota(order_.begin(), order_.end(), 0);
  if (options_.shuffle) {
    std::mt19937_64 gen(mixSeed(options_.seed, 0x5EED5u, static_cast<uint64_t>(epoch)));
    std::shuffle(order_.begin(), order_.end(), gen);
    if (options_.bucket_by_length) bucketByLength(mixSeed(options_.seed, 0xB0C4u, static_cast<uint64_t>(epoch)));
  }
  if (options_.shards > 1) {
    const auto k = static_cast<size_t>(options_.shards), n = order_.size();
    if (options_.pad_shards && n > 0)
      for (size_t i = 0; order_.size() % k != 0; ++i) order_.push_back(order_[i % n]);
    std::vector<int64_t> mine;
    for (size_t i = static_cast<size_t>(options_.shard); i < order_.size(); i += k) mine.push_back(order_[i]);
    order_ = std::move(mine);
  }
  endBatch_ = batchesPerEpoch();
  nextBatch_ = std::clamp<int64_t>(firstBatch, 0, endBatch_);
  unclaimed_ = nextBatch_;
  for (int w = 0; w < options_.num_workers; ++w) workers_.emplace_back([this] { workerLoop(); });
}

void DataLoader::bucketByLength(uint64_t seed) {
  const auto batch = static_cast<size_t>(options_.batch_size), window = batch * 50;
  std::mt19937_64 gen(seed);
  auto byLength = [this](int64_t a, int64_t b) { return dataset_->tokenCount(a) < dataset_->tokenCount(b); };
  for (size_t begin = 0; begin < order_.size(); begin += window) {
    const size_t end = std::min(order_.size(), begin + window);
    std::stable_sort(order_.begin() + begin, order_.begin() + end, byLength);
    std::vector<std::vector<int64_t>> batches;  // whole batches only: a partial one stays last
    for (size_t b = begin; b + batch <= end; b += batch)
      batches.emplace_back(order_.begin() + b, order_.begin() + b + batch);
    std::shuffle(batches.begin(), batches.end(), gen);
    size_t at = begin;
    for (const auto& b : batches) at = std::copy(b.begin(), b.end(), order_.begin() + at) - order_.begin();
  }
}

void DataLoader::workerLoop() {
  useOneComputeThread();  // the run's compute threads keep the cores; as torch.utils.data's workers
  const int64_t window = static_cast<int64_t>(options_.num_workers) * options_.prefetch_factor;
  for (;;) {
    int64_t b = 0;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      consumed_.wait(lock, [&] { return cancel_ || unclaimed_ >= endBatch_ || unclaimed_ < nextBatch_ + window; });
      if (cancel_ || unclaimed_ >= endBatch_) return;
      b = unclaimed_++;
    }
    Slot slot;
    try {
      slot.batch = buildBatch(b);
    } catch (const std::exception& e) {
      slot.error = e.what();
    } catch (...) {  // nothing escapes a worker thread: the error goes to the trainer
      slot.error = "unknown error while making batch " + std::to_string(b);
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (cancel_) return;
      ready_[b] = std::move(slot);
    }
    produced_.notify_all();
  }
}

std::optional<Batch> DataLoader::next() {
  if (nextBatch_ >= endBatch_) return std::nullopt;
  Slot slot;
  if (options_.num_workers == 0) {
    slot.batch = buildBatch(nextBatch_);
  } else {
    std::unique_lock<std::mutex> lock(mutex_);
    produced_.wait(lock, [&] { return ready_.count(nextBatch_) > 0; });
    auto it = ready_.find(nextBatch_);
    slot = std::move(it->second);
    ready_.erase(it);
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ++nextBatch_;
  }
  consumed_.notify_all();
  if (!slot.error.empty()) throw std::runtime_error(slot.error);
  return std::move(slot.batch);
}

std::vector<SkippedItem> DataLoader::takeSkipped() {
  std::lock_guard<std::mutex> lock(skippedMutex_);
  std::vector<SkippedItem> out;
  out.swap(skippedNew_);
  return out;
}

void DataLoader::loadWithFallback(int64_t index, int64_t& used, PipelineImage& img) {
  // A sample that fails to load is reported and replaced by the next one, as a
  // robust pipeline must: one bad file never stops a run.
  const int64_t n = dataset_->size();
  const bool crops = transform_->startsWithCrop();
  for (int64_t attempt = 0; attempt < std::min<int64_t>(n, 64); ++attempt) {
    used = (index + attempt) % n;
    std::string error;
    // Augmentation draws are seeded by (seed, epoch, sample): any worker, any order.
    Rng rng(mixSeed(options_.seed, static_cast<uint64_t>(epoch_), static_cast<uint64_t>(used)));
    img = PipelineImage{};
    if (crops) {  // the dataset decodes only what the leading crop needs
      CropPlan plan;
      cv::Rect crop;
      img.pixels = dataset_->loadForCrop(
          used, [&](cv::Size full) { return plan = transform_->planLeadingCrop(full, rng).value(); }, &crop, &error);
      if (!img.pixels.empty()) {
        transform_->applyPlanned(img, crop, plan, rng);
        return;
      }
    } else if (dataset_->featureCount() > 0) {  // a table row: encoded features, no transforms
      const cv::Mat row = dataset_->load(used, &error);
      if (!row.empty()) {
        img.tensor.assign(row.ptr<float>(), row.ptr<float>() + row.total());
        img.channels = 1, img.height = 1, img.width = static_cast<int>(row.total()), img.isTensor = true;
        return;
      }
    } else {
      img.pixels = dataset_->load(used, &error);
      if (!img.pixels.empty()) {
        transform_->apply(img, rng);
        return;
      }
    }
    std::lock_guard<std::mutex> lock(skippedMutex_);
    const std::string where = dataset_->describe(used);
    if (skippedSeen_.insert(where).second) skippedNew_.push_back({where, error.empty() ? "cannot load" : error});
  }
  throw std::runtime_error("no loadable sample near " + dataset_->describe(index) + " (64 consecutive failures)");
}

Batch DataLoader::buildTextBatch(const std::vector<int64_t>& indices) {
  const auto n = static_cast<int64_t>(indices.size());
  Batch out;
  int64_t longest = options_.pad_to;
  for (int64_t i : indices) longest = std::max(longest, dataset_->tokenCount(i));
  out.inputs =
      torch::zeros({n, longest}, torch::TensorOptions().dtype(torch::kInt64).pinned_memory(options_.pin_memory));
  out.targets = torch::empty({n}, torch::kInt64);
  out.samples = torch::empty({n}, torch::kInt64);
  auto* ids = out.inputs.data_ptr<int64_t>();
  for (int64_t i = 0; i < n; ++i) {
    std::string error;
    const cv::Mat row = dataset_->load(indices[i], &error);
    const auto length = std::min<int64_t>(longest, static_cast<int64_t>(row.total()));
    std::copy(row.ptr<int32_t>(), row.ptr<int32_t>() + length, ids + i * longest);
    out.tokens += length;
    out.targets.data_ptr<int64_t>()[i] = dataset_->label(indices[i]);
    out.samples.data_ptr<int64_t>()[i] = indices[i];
  }
  out.slots = n * longest;
  return out;
}

Batch DataLoader::buildBatch(int64_t batch) {
  const std::vector<int64_t> indices = batchIndices(batch);
  const auto n = static_cast<int64_t>(indices.size());
  if (n > 0 && dataset_->tokenCount(indices[0]) > 0) {  // text: ids padded to the batch's (or dataset's) longest
    Batch out = buildTextBatch(indices);
    out.index = batch;
    return out;
  }
  Batch out;
  out.index = batch;
  const bool regression = dataset_->regression();
  out.targets = torch::empty({n}, regression ? torch::kFloat32 : torch::kInt64);
  out.samples = torch::empty({n}, torch::kInt64);
  auto* samples = out.samples.data_ptr<int64_t>();
  float* dst = nullptr;
  int64_t sampleSize = 0;
  PipelineImage img;
  for (int64_t i = 0; i < n; ++i) {
    int64_t used = indices[i];
    loadWithFallback(indices[i], used, img);
    if (!img.isTensor) throw std::runtime_error("the transform pipeline has no ToTensor");
    const int64_t size = static_cast<int64_t>(img.tensor.size());
    if (i == 0) {
      auto opts = torch::TensorOptions().dtype(torch::kFloat32).pinned_memory(options_.pin_memory);
      out.inputs = dataset_->featureCount() > 0 ? torch::empty({n, img.width}, opts)
                                                : torch::empty({n, img.channels, img.height, img.width}, opts);
      dst = out.inputs.data_ptr<float>();
      sampleSize = size;
    } else if (size != sampleSize ||
               (out.inputs.dim() == 4 && (img.channels != out.inputs.size(1) || img.height != out.inputs.size(2)))) {
      throw std::runtime_error(dataset_->describe(used) + " becomes " + std::to_string(img.channels) + "x" +
                               std::to_string(img.height) + "x" + std::to_string(img.width) +
                               " after the transforms but the batch is " + std::to_string(out.inputs.size(1)) + "x" +
                               std::to_string(out.inputs.size(2)) + "x" + std::to_string(out.inputs.size(3)) +
                               "; add CenterCrop, RandomResizedCrop or Resize [h, w]");
    }
    std::copy(img.tensor.begin(), img.tensor.end(), dst + i * sampleSize);
    if (regression)
      out.targets.data_ptr<float>()[i] = static_cast<float>(dataset_->value(used));
    else
      out.targets.data_ptr<int64_t>()[i] = dataset_->label(used);
    samples[i] = used;
  }
  return out;
}

}  // namespace trainscope
