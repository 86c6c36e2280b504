#include "engine/train/sample_recorder.h"

#include "engine/data/label_corrections.h"
#include "engine/data/label_noise.h"
#include "engine/data/table_encoding.h"
#include "engine/inspect/token_saliency.h"

#include <algorithm>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>

namespace trainscope {

std::string recordTokenSaliency(LayerStack& model, const Dataset& val, const ValidationResult& validation,
                                const torch::Device& device, const std::string& runDir) {
  try {
    writeSaliencyFile(runDir + "/saliency.h5", misclassifiedTokenSaliency(model, val, validation.predicted, device));
    return "";
  } catch (const std::exception& e) {
    return std::string("saliency.h5 not written: ") + e.what();
  }
}

SampleRecorder::SampleRecorder(const DatasetSplits& splits, const std::string& runDir, bool resuming)
    : path_(runDir + "/samples.h5"),
      predictionsPath_(runDir + "/predictions.h5"),
      residualsPath_(runDir + "/residuals.h5"),
      checkpointsDir_(runDir + "/checkpoints") {
  const Dataset& train = *splits.train;
  if (splits.table && splits.table->task == "regression") {
    regression_ = true;
    targetMean_ = splits.table->target_mean, targetStd_ = splits.table->target_std;
    residuals_.target = splits.table->target;
    for (int64_t i = 0; i < splits.val->size(); ++i)
      residuals_.truth.push_back(static_cast<float>(splits.val->value(i) * targetStd_ + targetMean_));
    return;
  }
  v_.class_names = train.classes();
  v_.classes = static_cast<int64_t>(v_.class_names.size());
  for (int64_t i = 0; i < splits.val->size(); ++i) v_.labels.push_back(splits.val->label(i));
  if (resuming) {
    try {  // an unreadable file starts again rather than stop the run
      if (std::filesystem::exists(predictionsPath_)) {
        ValidationPredictions kept = readPredictionFile(predictionsPath_);
        if (kept.classes == v_.classes && kept.labels == v_.labels) v_.confusion = std::move(kept.confusion);
      }
      if (std::filesystem::exists(path_)) {
        SampleDynamics kept = readSampleFile(path_);
        if (kept.samples() == train.size()) d_ = std::move(kept);
      }
    } catch (const std::exception&) {
    }
  }
  if (d_.samples() == train.size()) return;
  d_ = SampleDynamics{};
  d_.labels.resize(static_cast<size_t>(train.size()));
  for (int64_t i = 0; i < train.size(); ++i) d_.labels[static_cast<size_t>(i)] = train.label(i);
  // The flips of dataset.label_noise, through the corrections applied after them.
  const auto* corrected = dynamic_cast<const CorrectedLabels*>(&train);
  const auto* noisy = dynamic_cast<const NoisyLabels*>(corrected ? &corrected->base() : &train);
  if (!noisy) return;
  for (size_t k = 0; k < noisy->flipped().size(); ++k) {
    int64_t i = noisy->flipped()[k];
    if (corrected) {
      const auto& kept = corrected->baseIndex();
      const auto it = std::lower_bound(kept.begin(), kept.end(), i);
      if (it == kept.end() || *it != i) continue;  // excluded
      i = it - kept.begin();
    }
    if (train.label(i) == noisy->originalLabels()[k]) continue;  // corrected back to its true class
    d_.flipped.push_back(i);
    d_.original_labels.push_back(noisy->originalLabels()[k]);
  }
}

namespace {
double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}
}  // namespace

void SampleRecorder::startEpoch() {
  const auto n = static_cast<size_t>(d_.samples());
  const float nan = std::numeric_limits<float>::quiet_NaN();
  if (seed_.epochs() == 1 && seed_.samples() == d_.samples()) {  // resumed inside this epoch
    d_.loss.push_back(std::move(seed_.loss[0]));
    d_.p_label.push_back(std::move(seed_.p_label[0]));
    d_.margin.push_back(std::move(seed_.margin[0]));
    d_.predicted.push_back(std::move(seed_.predicted[0]));
  } else {
    d_.loss.emplace_back(n, nan);
    d_.p_label.emplace_back(n, nan);
    d_.margin.emplace_back(n, nan);
    d_.predicted.emplace_back(n, -1);
  }
  seed_ = SampleDynamics{};
  inEpoch_ = true;
}

namespace {
constexpr const char* kInEpochPrefix = "samples-epoch";

// checkpoints/samples-epoch<E>-batch<B>.h5: (E, B), or (-1, -1) for another name.
std::pair<int64_t, int64_t> inEpochPosition(const std::string& name) {
  long long epoch = -1, batch = -1;
  char tail[8] = {};
  if (std::sscanf(name.c_str(), "samples-epoch%lld-batch%lld%7s", &epoch, &batch, tail) == 3 &&
      std::string(tail) == ".h5")
    return {epoch, batch};
  return {-1, -1};
}

// Every in-epoch samples file in `dir` but `keep`.
void removeInEpochFiles(const std::string& dir, const std::string& keep = "") {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(kInEpochPrefix, 0) == 0 && name != keep) std::filesystem::remove(e.path(), ec);
  }
}
}  // namespace

void SampleRecorder::resumeAt(int64_t epochsDone, int64_t batchInEpoch) {
  if (regression_) return;
  const auto done = static_cast<size_t>(std::max<int64_t>(0, epochsDone));
  SampleDynamics& d = d_;
  if (batchInEpoch > 0 && d.loss.size() > done) {  // killed after samples.h5, before the checkpoint: a whole row
    seed_.labels = d.labels;
    seed_.loss = {d.loss[done]}, seed_.p_label = {d.p_label[done]};
    seed_.margin = {d.margin[done]}, seed_.predicted = {d.predicted[done]};
  }
  for (auto* rows : {&d.loss, &d.p_label, &d.margin})
    if (rows->size() > done) rows->resize(done);
  if (d.predicted.size() > done) d.predicted.resize(done);
  if (v_.confusion.size() > done) v_.confusion.resize(done);
  if (batchInEpoch <= 0 || seed_.epochs() == 1) return;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(checkpointsDir_, ec)) {
    const auto [epoch, batch] = inEpochPosition(e.path().filename().string());
    if (epoch != epochsDone || batch < batchInEpoch) continue;
    try {  // an unreadable one: the batches before the checkpoint stay unrecorded, the run goes on
      const SampleEntries kept = readSampleEntries(e.path().string());
      const auto n = static_cast<size_t>(d.samples());
      const float nan = std::numeric_limits<float>::quiet_NaN();
      seed_.labels = d.labels;
      seed_.loss = {std::vector<float>(n, nan)}, seed_.p_label = seed_.loss, seed_.margin = seed_.loss;
      seed_.predicted = {std::vector<int32_t>(n, -1)};
      for (size_t k = 0; k < kept.index.size(); ++k) {
        const auto i = static_cast<size_t>(kept.index[k]);
        if (kept.index[k] < 0 || i >= n) continue;
        seed_.loss[0][i] = kept.loss[k], seed_.p_label[0][i] = kept.p_label[k];
        seed_.margin[0][i] = kept.margin[k], seed_.predicted[0][i] = kept.predicted[k];
      }
      return;
    } catch (const std::exception&) {
      seed_ = SampleDynamics{};
    }
  }
}

std::string SampleRecorder::saveInEpoch(int64_t epoch, int64_t batchInEpoch) {
  if (!writer_ || regression_ || !inEpoch_ || d_.loss.empty() || batchInEpoch <= 0) return {};
  const auto start = std::chrono::steady_clock::now();
  SampleEntries row;  // the entries recorded so far: a checkpoint early in the epoch writes little
  const auto& loss = d_.loss.back();
  for (size_t i = 0; i < loss.size(); ++i) {
    if (std::isnan(loss[i])) continue;
    row.index.push_back(static_cast<int64_t>(i));
    row.loss.push_back(loss[i]), row.p_label.push_back(d_.p_label.back()[i]);
    row.margin.push_back(d_.margin.back()[i]), row.predicted.push_back(d_.predicted.back()[i]);
  }
  const std::string name =
      std::string(kInEpochPrefix) + std::to_string(epoch) + "-batch" + std::to_string(batchInEpoch) + ".h5";
  try {
    writeSampleEntries(checkpointsDir_ + "/" + name, row);
  } catch (const std::exception& e) {
    std::error_code ec;
    std::filesystem::remove(checkpointsDir_ + "/" + name + ".tmp", ec);  // a full disk: the checkpoint comes first
    return "the epoch's samples so far not written: " + std::string(e.what());
  }
  removeInEpochFiles(checkpointsDir_, name);
  seconds_ += since(start);
  return {};
}

SampleOutcomes sampleOutcomes(const torch::Tensor& logits, const torch::Tensor& labels) {
  torch::NoGradGuard noGrad;
  const torch::Tensor z = logits.detach().to(torch::kCPU, torch::kFloat);
  const torch::Tensor y = labels.to(torch::kCPU, torch::kLong).reshape({-1, 1});
  const torch::Tensor logp = torch::log_softmax(z, /*dim=*/1);
  const torch::Tensor labelLogp = logp.gather(/*dim=*/1, y).reshape({-1});
  const torch::Tensor labelLogit = z.gather(/*dim=*/1, y).reshape({-1});
  const torch::Tensor others = z.scatter(/*dim=*/1, y, -std::numeric_limits<float>::infinity());
  return {(-labelLogp).contiguous(), labelLogp.exp().contiguous(),
          (labelLogit - std::get<0>(others.max(/*dim=*/1))).contiguous(),
          z.argmax(/*dim=*/1).to(torch::kInt).contiguous()};
}

void SampleRecorder::record(const torch::Tensor& samples, const torch::Tensor& logits, const torch::Tensor& targets) {
  if (!inEpoch_ || regression_ || !samples.defined() || logits.dim() != 2) return;
  const auto start = std::chrono::steady_clock::now();
  const SampleOutcomes o = sampleOutcomes(logits, targets);
  const torch::Tensor index = samples.to(torch::kCPU, torch::kLong).contiguous();
  const auto* ix = index.data_ptr<int64_t>();
  const float *lossOf = o.loss.data_ptr<float>(), *pOf = o.p_label.data_ptr<float>(),
              *marginOf = o.margin.data_ptr<float>();
  const int32_t* predictedOf = o.predicted.data_ptr<int32_t>();
  auto& lossRow = d_.loss.back();
  auto& pRow = d_.p_label.back();
  auto& marginRow = d_.margin.back();
  auto& predictedRow = d_.predicted.back();
  for (int64_t k = 0; k < index.numel(); ++k) {
    const auto i = static_cast<size_t>(ix[k]);
    if (i >= lossRow.size()) continue;
    lossRow[i] = lossOf[k];
    pRow[i] = pOf[k];
    marginRow[i] = marginOf[k];
    predictedRow[i] = predictedOf[k];
  }
  seconds_ += since(start);
}

std::string SampleRecorder::endEpoch(const ValidationResult& validation) {
  if (!inEpoch_) return {};
  inEpoch_ = false;
  if (!writer_) return {};
  const auto start = std::chrono::steady_clock::now();
  try {
    if (regression_) {
      residuals_.predicted.clear();
      for (float v : validation.value_of)
        residuals_.predicted.push_back(static_cast<float>(v * targetStd_ + targetMean_));
      if (residuals_.predicted.size() == residuals_.truth.size()) writeResidualFile(residualsPath_, residuals_);
      seconds_ += since(start);
      return {};
    }
    writeSampleFile(path_, d_);
    removeInEpochFiles(checkpointsDir_);  // the whole epoch is in samples.h5 now
    if (!validation.confusion.empty()) {
      v_.confusion.push_back(validation.confusion);
      v_.predicted = validation.predicted;
      v_.probability = validation.probability;
      v_.loss = validation.loss_of;
      writePredictionFile(predictionsPath_, v_);
    }
  } catch (const std::exception& e) {
    return std::string(regression_ ? "residuals.h5" : "samples.h5 or predictions.h5") + " not written: " + e.what();
  }
  seconds_ += since(start);
  return {};
}

}  // namespace trainscope
