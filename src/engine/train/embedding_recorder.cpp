#include "engine/train/embedding_recorder.h"

#include "engine/data/rng.h"
#include "engine/data/transforms.h"
#include "engine/inspect/embedding_layout.h"
#include "engine/train/pitfalls.h"
#include "engine/train/precision.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <numeric>
#include <random>

namespace trainscope {

namespace {
// Up to `most` indices of [0, n), seeded, in order.
std::vector<int64_t> pick(int64_t n, int64_t most, uint64_t seed) {
  std::vector<int64_t> all(static_cast<size_t>(n));
  std::iota(all.begin(), all.end(), 0);
  if (n > most) {
    std::mt19937_64 gen(seed);
    std::shuffle(all.begin(), all.end(), gen);
    all.resize(static_cast<size_t>(most));
    std::sort(all.begin(), all.end());
  }
  return all;
}
}  // namespace

EmbeddingRecorder::EmbeddingRecorder(const DatasetSplits& splits, const ExperimentConfig& cfg,
                                     const std::string& runDir, bool resuming)
    : path_(runDir + "/embeddings.h5") {
  std::vector<TransformSpec> trainPipeline = cfg.train_transforms, valPipeline = cfg.val_transforms;
  applyPitfalls(cfg.pitfalls, trainPipeline, valPipeline);
  const auto transform = std::make_shared<Compose>(valPipeline);
  DataLoaderOptions lo;
  lo.batch_size = cfg.loader.batch_size;
  lo.num_workers = std::min(cfg.loader.num_workers, 1);
  lo.shuffle = false;
  lo.pad_shards = false;
  const auto valPick = pick(splits.val->size(), kValidationPoints, mixSeed(cfg.seed, 11));
  const auto trainPick = pick(splits.train->size(), kTrainingPoints, mixSeed(cfg.seed, 12));
  val_ = std::make_unique<DataLoader>(std::make_shared<SubsetDataset>(splits.val, valPick), transform, lo);
  train_ = std::make_unique<DataLoader>(std::make_shared<SubsetDataset>(splits.train, trainPick), transform, lo);
  record_.class_names = splits.train->classes();
  for (const auto& [split, data, picked] :
       {std::tuple{0, splits.val.get(), &valPick}, std::tuple{1, splits.train.get(), &trainPick}})
    for (const int64_t i : *picked) {
      record_.split.push_back(split), record_.index.push_back(i), record_.labels.push_back(data->label(i));
      record_.paths.push_back(data->describe(i));
    }
  if (!resuming || !std::filesystem::exists(path_)) return;
  try {  // the epochs before the resume, when they are of these very samples
    EmbeddingRecord earlier = readEmbeddingFile(path_);
    if (earlier.index == record_.index && earlier.split == record_.split) record_ = std::move(earlier);
  } catch (const std::exception&) {  // damaged: the map starts again from this epoch
  }
}

std::vector<float> EmbeddingRecorder::features(LayerStack& model, const torch::Device& device, int64_t* dims,
                                               std::vector<int32_t>* predicted) {
  const size_t last = model->layers().size() - 1;
  std::vector<float> out;
  predicted->assign(static_cast<size_t>(record_.points()), -1);
  torch::NoGradGuard noGrad;
  model->eval();
  for (DataLoader* loader : {val_.get(), train_.get()}) {
    loader->startEpoch(0);
    const int64_t first = static_cast<int64_t>(out.size()) / std::max<int64_t>(1, *dims);
    while (auto batch = loader->next()) {
      torch::Tensor captured;
      const torch::Tensor logits =
          model->forward(batch->inputs.to(device), [&](size_t layer, const torch::Tensor& output) {
            if (layer + 1 == last) captured = output;  // the last layer's input
          });
      const torch::Tensor rows = asFloat32(captured).flatten(1).to(torch::kCPU).contiguous();
      const torch::Tensor guess = logits.argmax(1).to(torch::kCPU, torch::kInt32).contiguous();
      *dims = rows.size(1);
      out.resize(static_cast<size_t>((first + loader->datasetSize()) * *dims));
      const int64_t* sampleOf = batch->samples.data_ptr<int64_t>();
      for (int64_t k = 0; k < rows.size(0); ++k) {
        std::copy_n(rows.data_ptr<float>() + k * *dims, *dims, out.begin() + (first + sampleOf[k]) * *dims);
        (*predicted)[static_cast<size_t>(first + sampleOf[k])] = guess.data_ptr<int32_t>()[k];
      }
    }
  }
  model->train();
  return out;
}

std::string EmbeddingRecorder::endEpoch(LayerStack& model, int64_t epoch, const torch::Device& device) {
  if (model->layers().size() < 2 || record_.labels.empty()) return "";
  const auto start = std::chrono::steady_clock::now();
  try {
    int64_t dims = 0;
    std::vector<int32_t> predicted;
    std::vector<float> x = features(model, device, &dims, &predicted);
    const int64_t n = record_.points();
    if (dims > kMostFeatures) {
      record_.labels.clear();  // said once: later epochs skip the pass
      return "embeddings.h5 not written: the last layer's input has " + std::to_string(dims) + " values, over the " +
             std::to_string(kMostFeatures) + " the feature map takes";
    }
    if (record_.layer.empty()) record_.layer = model->layers()[model->layers().size() - 2].name;
    record_.feature_dims = dims;
    const std::vector<float> pca = principalComponents(x, n, dims, kComponents);
    if (record_.pca_dims != 0 && record_.pca_dims != std::min(kComponents, dims))
      return "embeddings.h5 not written: the features changed size";
    record_.pca_dims = std::min(kComponents, dims);
    // Epochs from a later point than this one (a resume from an earlier checkpoint) go.
    while (!record_.epochs.empty() && record_.epochs.back() >= epoch + 1) {
      record_.epochs.pop_back();
      record_.pca.resize(record_.epochs.size() * static_cast<size_t>(n * record_.pca_dims));
      record_.predicted.resize(record_.epochs.size() * static_cast<size_t>(n));
    }
    record_.pca.insert(record_.pca.end(), pca.begin(), pca.end());
    record_.epochs.push_back(epoch + 1);
    record_.predicted.insert(record_.predicted.end(), predicted.begin(), predicted.end());
    record_.features = std::move(x);
    writeEmbeddingFile(path_, record_);
  } catch (const std::exception& e) {
    model->train();
    return std::string("embeddings.h5 not written: ") + e.what();
  }
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return "";
}

}  // namespace trainscope
