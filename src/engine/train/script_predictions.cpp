// ScriptRun::logPredictions: a script's validation predictions (predictions.h5) and
// training samples' dynamics (samples.h5), computed as the trainer's SampleRecorder
// computes them, from the logits the script already has.
#include "engine/config/problem.h"
#include "engine/data/dataset_source.h"
#include "engine/train/sample_recorder.h"
#include "engine/train/script_run_impl.h"

#include <cmath>
#include <filesystem>

namespace trainscope {

namespace {
// The largest sample index accepted (a split of 100 million samples).
constexpr int64_t kMaxSampleIndex = 100'000'000;

void checkBatch(const torch::Tensor& indices, const torch::Tensor& labels, const torch::Tensor& logits) {
  if (!logits.defined() || logits.dim() != 2 || logits.size(1) < 1)
    throw ConfigError("logits", "expected a 2-D tensor [batch, classes]");
  const int64_t n = logits.size(0), classes = logits.size(1);
  if (!labels.defined() || labels.dim() != 1 || labels.size(0) != n)
    throw ConfigError("labels",
                      "expected a 1-D tensor of " + std::to_string(n) + " class indices (one per logits row)");
  if (!indices.defined() || indices.dim() != 1 || indices.size(0) != n)
    throw ConfigError("indices", "expected a 1-D tensor of " + std::to_string(n) + " sample indices");
  if (labels.is_floating_point() || indices.is_floating_point())
    throw ConfigError(labels.is_floating_point() ? "labels" : "indices", "expected integers");
  if (n == 0) return;
  const auto y = labels.to(torch::kCPU, torch::kLong), ix = indices.to(torch::kCPU, torch::kLong);
  if (y.min().item<int64_t>() < 0 || y.max().item<int64_t>() >= classes)
    throw ConfigError("labels", "class indices must be in [0, " + std::to_string(classes) + ")");
  if (ix.min().item<int64_t>() < 0 || ix.max().item<int64_t>() >= kMaxSampleIndex)
    throw ConfigError("indices", "sample indices must be in [0, " + std::to_string(kMaxSampleIndex) + ")");
}

template <class T>
void growTo(std::vector<T>& v, size_t n, T fill) {
  if (v.size() < n) v.resize(n, fill);
}
}  // namespace

void ScriptRun::logPredictions(const std::string& split, int64_t epoch, const torch::Tensor& indices,
                               const torch::Tensor& labels, const torch::Tensor& logits,
                               const std::vector<std::string>& classNames) {
  Impl& m = *impl_;
  if (finished_) throw std::logic_error("log_predictions: the run has finished");
  if (split != "val" && split != "train")
    throw ConfigError("split", "expected \"val\" or \"train\", not \"" + split + "\"");
  checkBatch(indices, labels, logits);
  const int64_t classes = logits.size(1);
  if (classes > kMaxClasses)
    throw ConfigError("logits", "has " + std::to_string(classes) + " classes; a run records at most " +
                                    std::to_string(kMaxClasses) +
                                    " (each epoch keeps a classes x classes confusion matrix)");
  if (m.classes && classes != m.classes)
    throw ConfigError("logits",
                      "has " + std::to_string(classes) + " classes; earlier calls had " + std::to_string(m.classes));
  if (!classNames.empty() && static_cast<int64_t>(classNames.size()) != classes)
    throw ConfigError("class_names", "has " + std::to_string(classNames.size()) + " names for " +
                                         std::to_string(classes) + " classes");
  m.classes = classes;
  if (!classNames.empty()) m.classNames = classNames;
  if (epoch < 0) epoch = m.epochsDone + 1;
  if (logits.size(0) == 0) return;
  // A newer epoch begins: the one before is complete, and written now.
  if ((split == "val" && epoch > m.valEpoch) || (split == "train" && !m.trainRows.count(epoch)))
    m.writePredictionFiles();
  const SampleOutcomes o = sampleOutcomes(logits, labels);
  const torch::Tensor ix = indices.to(torch::kCPU, torch::kLong).contiguous();
  const torch::Tensor y = labels.to(torch::kCPU, torch::kLong).contiguous();
  const auto* i = ix.data_ptr<int64_t>();
  const auto* label = y.data_ptr<int64_t>();
  const size_t n = static_cast<size_t>(ix.max().item<int64_t>()) + 1;
  const float *loss = o.loss.data_ptr<float>(), *pLabel = o.p_label.data_ptr<float>(),
              *margin = o.margin.data_ptr<float>();
  const int32_t* predicted = o.predicted.data_ptr<int32_t>();
  const float nan = std::nanf("");
  if (split == "val") {
    if (epoch > m.valEpoch) {  // a newer epoch: its own predictions, from scratch
      std::fill(m.val.predicted.begin(), m.val.predicted.end(), -1);
      std::fill(m.val.probability.begin(), m.val.probability.end(), nan);
      std::fill(m.val.loss.begin(), m.val.loss.end(), nan);
      m.valEpoch = epoch;
    }
    const torch::Tensor pPredicted =
        std::get<0>(torch::softmax(logits.detach().to(torch::kCPU, torch::kFloat), 1).max(1)).contiguous();
    const float* pTop = pPredicted.data_ptr<float>();
    auto& confusion = m.valConfusions[epoch];
    confusion.resize(static_cast<size_t>(classes * classes), 0);
    growTo(m.val.labels, n, int64_t{0}), growTo(m.val.predicted, n, int32_t{-1});
    growTo(m.val.probability, n, nan), growTo(m.val.loss, n, nan);
    for (int64_t k = 0; k < ix.numel(); ++k) {
      ++confusion[static_cast<size_t>(label[k] * classes + predicted[k])];
      if (epoch < m.valEpoch) continue;  // an older epoch's batch counts in its confusion only
      m.val.labels[i[k]] = label[k], m.val.predicted[i[k]] = predicted[k];
      m.val.probability[i[k]] = pTop[k], m.val.loss[i[k]] = loss[k];
    }
    m.predictionsDirty = true;
    return;
  }
  auto [row, added] = m.trainRows.try_emplace(epoch, m.train.loss.size());
  if (added) {
    const size_t width = m.train.labels.size();
    m.train.loss.emplace_back(width, nan), m.train.p_label.emplace_back(width, nan);
    m.train.margin.emplace_back(width, nan), m.train.predicted.emplace_back(width, -1);
  }
  growTo(m.train.labels, n, int64_t{0});
  for (size_t r = 0; r < m.train.loss.size(); ++r) {
    growTo(m.train.loss[r], m.train.labels.size(), nan), growTo(m.train.p_label[r], m.train.labels.size(), nan);
    growTo(m.train.margin[r], m.train.labels.size(), nan), growTo(m.train.predicted[r], m.train.labels.size(), -1);
  }
  for (int64_t k = 0; k < ix.numel(); ++k) {
    m.train.labels[i[k]] = label[k];
    m.train.loss[row->second][i[k]] = loss[k], m.train.p_label[row->second][i[k]] = pLabel[k];
    m.train.margin[row->second][i[k]] = margin[k], m.train.predicted[row->second][i[k]] = predicted[k];
  }
  m.samplesDirty = true;
}

void ScriptRun::Impl::writePredictionFiles() {
  const std::filesystem::path dir = record->dir();
  if (predictionsDirty) {
    ValidationPredictions p = val;
    p.classes = classes;
    p.class_names = classNames;
    for (const auto& [epoch, confusion] : valConfusions) p.confusion.push_back(confusion);
    post([this, path = (dir / "predictions.h5").string(), p = std::move(p)] {
      writePredictionFile(path, p);
      if (!p.class_names.empty() && record->info()["dataset"].value("classes", nlohmann::json()) != p.class_names) {
        record->info()["dataset"]["classes"] = p.class_names;
        record->save();
      }
    });
  }
  if (samplesDirty) {
    // Rows in epoch order (an epoch logged late still lands in its place).
    SampleDynamics d;
    d.labels = train.labels;
    for (const auto& [epoch, row] : trainRows) {
      d.loss.push_back(train.loss[row]), d.p_label.push_back(train.p_label[row]);
      d.margin.push_back(train.margin[row]), d.predicted.push_back(train.predicted[row]);
    }
    post([path = (dir / "samples.h5").string(), d = std::move(d)] { writeSampleFile(path, d); });
  }
  predictionsDirty = samplesDirty = false;
}

}  // namespace trainscope
