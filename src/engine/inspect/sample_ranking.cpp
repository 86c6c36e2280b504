#include "engine/inspect/sample_ranking.h"

#include <algorithm>
#include <cmath>

namespace trainscope {

namespace {

void byLoss(std::vector<SampleVerdict>& v) {
  std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.loss > b.loss; });
}

}  // namespace

std::vector<SampleVerdict> rankValidationSamples(const ValidationPredictions& p, bool misclassifiedOnly) {
  std::vector<SampleVerdict> out;
  const size_t n = std::min({p.labels.size(), p.predicted.size(), p.loss.size()});
  for (size_t i = 0; i < n; ++i) {
    if (p.predicted[i] < 0 || (misclassifiedOnly && p.predicted[i] == p.labels[i])) continue;
    // Validation's loss is plain cross-entropy, so p(label) = exp(-loss).
    const double loss = std::isnan(p.loss[i]) ? 0.0 : p.loss[i];
    out.push_back({static_cast<int64_t>(i), p.labels[i], p.predicted[i], loss, std::exp(-loss)});
  }
  byLoss(out);
  return out;
}

std::vector<SampleVerdict> rankTrainingSamples(const SampleDynamics& d, bool misclassifiedOnly) {
  std::vector<SampleVerdict> out;
  if (d.epochs() == 0) return out;
  const auto& loss = d.loss.back();
  const auto& pLabel = d.p_label.back();
  const auto& predicted = d.predicted.back();
  for (size_t i = 0; i < d.labels.size(); ++i) {
    if (predicted[i] < 0 || std::isnan(loss[i]) || (misclassifiedOnly && predicted[i] == d.labels[i])) continue;
    out.push_back({static_cast<int64_t>(i), d.labels[i], predicted[i], loss[i], pLabel[i]});
  }
  byLoss(out);
  return out;
}

std::vector<SampleVerdict> samplesInCell(const ValidationPredictions& p, int64_t truth, int64_t predicted) {
  std::vector<SampleVerdict> out;
  for (const auto& v : rankValidationSamples(p, /*misclassifiedOnly=*/false))
    if (v.label == truth && v.predicted == predicted) out.push_back(v);
  return out;
}

std::vector<DataMapPoint> dataMap(const SampleDynamics& d) {
  std::vector<DataMapPoint> out(d.labels.size());
  for (size_t i = 0; i < out.size(); ++i) {
    double sum = 0, squares = 0, right = 0, seen = 0;
    for (int64_t e = 0; e < d.epochs(); ++e) {
      const float p = d.p_label[static_cast<size_t>(e)][i];
      if (std::isnan(p)) continue;
      sum += p, squares += static_cast<double>(p) * p, seen += 1;
      right += d.predicted[static_cast<size_t>(e)][i] == d.labels[i];
    }
    if (seen == 0) continue;
    const double mean = sum / seen;
    out[i] = {static_cast<float>(mean), static_cast<float>(std::sqrt(std::max(0.0, squares / seen - mean * mean))),
              static_cast<float>(right / seen), true};
  }
  return out;
}

}  // namespace trainscope
