#include "engine/train/training_step.h"

#include "engine/record/run_record.h"
#include "engine/train/batch_mixing.h"
#include "engine/train/precision.h"

#include <algorithm>
#include <cmath>

namespace trainscope {

StepMetrics stepMetricsOf(int64_t step, double epochPosition, double lr, const StepSums& sums, double duration) {
  StepMetrics m;
  m.step = step;
  m.epoch = epochPosition;
  m.wall_time = unixTimeNow();
  m.loss = sums.loss_sum / sums.seen;
  m.accuracy = sums.correct / sums.seen;
  m.lr = lr;
  m.samples_per_sec = duration > 0 ? sums.seen / duration : 0;
  m.data_wait = duration > 0 ? std::min(1.0, sums.waited / duration) : 0;
  m.padding = sums.slots > 0 ? 1.0 - sums.tokens / sums.slots : std::nan("");
  return m;
}

void trainOnBatch(const BatchStepParts& parts, const Batch& batch, int64_t step, int64_t batchIndex, StepSums& sums) {
  const TrainingConfig& training = parts.config.training;
  const int64_t accum = training.grad_accum_steps;
  sums.x = batch.inputs.to(parts.device, /*non_blocking=*/true);
  sums.y = batch.targets.to(parts.device, /*non_blocking=*/true);
  sums.tokens += static_cast<double>(batch.tokens), sums.slots += static_cast<double>(batch.slots);
  const torch::Tensor& y = sums.y;
  const bool regression = parts.criterion.regression;
  const MixedBatch mixed =
      regression ? MixedBatch{sums.x, y, {}, 1.0} : mixBatch(sums.x, y, training, parts.config.seed, batchIndex);
  torch::Tensor logits;
  {  // training.precision: the forward pass under autocast; the loss and backward outside
    AutocastScope autocast(training.precision, parts.device);
    logits = parts.model->forward(mixed.inputs, parts.inspection.observerFor(step));
  }
  logits = asFloat32(logits);
  torch::Tensor loss = regression ? regressionLosses(parts.criterion, logits, y).mean()
                                  : mixedCrossEntropy(logits, mixed, training.label_smoothing);
  const double lossValue = loss.item<double>();  // read anyway for the curve: the check is free
  parts.inspection.afterForward(step, lossValue, mixed.inputs, logits, y, parts.classes);
  // samples.h5, from this same forward (a regression's samples are not ranked yet)
  if (!mixed.mixed() && !regression) parts.samples.record(batch.samples, logits, y);
  if (training.nan_guard != "off" && !std::isfinite(lossValue)) {
    sums.bad = std::string("the loss is ") + (std::isnan(lossValue) ? "NaN" : "infinite");
    return;
  }
  try {
    (accum > 1 ? loss / static_cast<double>(accum) : loss).backward();
  } catch (const c10::Error& e) {
    if (!training.anomaly_detection) throw;
    // Anomaly mode names the backward function that produced the NaN.
    sums.bad = "anomaly detection: " + e.msg().substr(0, e.msg().find('\n'));
    return;
  }
  const double n = static_cast<double>(y.size(0));
  sums.loss_sum += lossValue * n;
  sums.correct += regression ? std::nan("") : mixedCorrect(logits, mixed);  // accuracy: not a regression's
  sums.seen += n;
  sums.rank_seen += n;
}

void dropGradients(LayerStack& model) {
  for (auto& p : model->parameters()) p.mutable_grad() = torch::Tensor();
}

}  // namespace trainscope
