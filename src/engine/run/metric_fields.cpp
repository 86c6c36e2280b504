#include "engine/run/metric_fields.h"

#include "engine/config/translatable.h"

#include <algorithm>

namespace trainscope {

// The key is the member's own name, as a config field's is.
#define TS_METRIC(Row, member) #member, &Row::member

const std::vector<MetricField<StepMetrics>>& stepMetricFields() {
  static const std::vector<MetricField<StepMetrics>> fields{
      {TS_METRIC(StepMetrics, step), "global optimizer step, 1-based"},
      {TS_METRIC(StepMetrics, epoch), "fractional epoch (2.5 = halfway through the third)"},
      {TS_METRIC(StepMetrics, wall_time), "seconds since the Unix epoch"},
      {TS_METRIC(StepMetrics, loss), "training loss of the step", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "training loss (per step)"), 1},
      {TS_METRIC(StepMetrics, accuracy), "top-1 accuracy on the step's batch", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "training accuracy (per step)"), 2},
      {TS_METRIC(StepMetrics, lr), "learning rate used by the step", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "learning rate"), 7},
      {TS_METRIC(StepMetrics, samples_per_sec), "training throughput", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "samples/s"), 8},
      {TS_METRIC(StepMetrics, data_wait), "share of the step spent waiting for data (0..1)"},
      {TS_METRIC(StepMetrics, padding),
       "text: the share of the step's batch slots (documents x padded length) that are padding; NaN for other data",
       true, QT_TRANSLATE_NOOP("trainscope::Metric", "padding share (per step)"), 13},
  };
  return fields;
}

const std::vector<MetricField<EpochMetrics>>& epochMetricFields() {
  static const std::vector<MetricField<EpochMetrics>> fields{
      {TS_METRIC(EpochMetrics, epoch), "epoch, 1-based"},
      {TS_METRIC(EpochMetrics, step), "global step at the end of the epoch"},
      {TS_METRIC(EpochMetrics, wall_time), "seconds since the Unix epoch"},
      {TS_METRIC(EpochMetrics, train_loss), "mean training loss over the epoch", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "training loss (per epoch)"), 5},
      {TS_METRIC(EpochMetrics, train_accuracy), "top-1 training accuracy over the epoch", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "training accuracy (per epoch)"), 6},
      {TS_METRIC(EpochMetrics, val_loss), "validation loss (no grad, eval mode)", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "validation loss"), 3},
      {TS_METRIC(EpochMetrics, val_accuracy), "validation top-1 accuracy", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "validation accuracy"), 4},
      {TS_METRIC(EpochMetrics, lr), "learning rate at the end of the epoch"},
      {TS_METRIC(EpochMetrics, duration), "seconds spent in the epoch, pauses excluded"},
      {TS_METRIC(EpochMetrics, best), "the best epoch so far, by the early-stopping metric", false},
      {TS_METRIC(EpochMetrics, val_mae), "a regression's validation mean absolute error, in the target's units", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "validation MAE"), 10},
      {TS_METRIC(EpochMetrics, val_rmse), "a regression's validation root-mean-square error, in the target's units",
       true, QT_TRANSLATE_NOOP("trainscope::Metric", "validation RMSE"), 11},
      {TS_METRIC(EpochMetrics, val_r2), "a regression's validation R² (1 - SSE/SST; 1 is perfect, 0 the mean's)", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "validation R²"), 12},
      {TS_METRIC(EpochMetrics, ema_val_loss),
       "validation loss of the weights' moving average (weight averaging); NaN when it is off", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "EMA validation loss"), 14},
      {TS_METRIC(EpochMetrics, ema_val_accuracy), "validation top-1 accuracy of the weights' moving average", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "EMA validation accuracy"), 15},
      {TS_METRIC(EpochMetrics, ema_val_r2), "a regression's validation R² of the weights' moving average", true,
       QT_TRANSLATE_NOOP("trainscope::Metric", "EMA validation R²"), 16},
  };
  return fields;
}

const std::string& gradNormCurve() {
  static const std::string key = "grad_norm";
  return key;
}

const std::vector<CurveName>& curveNames() {
  static const std::vector<CurveName> names = [] {
    std::vector<std::pair<int, CurveName>> ranked;
    for (const auto& f : stepMetricFields())
      if (*f.curve) ranked.push_back({f.curve_rank, {f.key, f.curve}});
    for (const auto& f : epochMetricFields())
      if (*f.curve) ranked.push_back({f.curve_rank, {f.key, f.curve}});
    ranked.push_back({9, {gradNormCurve(), QT_TRANSLATE_NOOP("trainscope::Metric", "gradient norm")}});
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<CurveName> out;
    for (auto& [rank, name] : ranked) out.push_back(std::move(name));
    return out;
  }();
  return names;
}

const std::vector<CurveName>& curveAxes() {
  static const std::vector<CurveName> axes{{"step", QT_TRANSLATE_NOOP("trainscope::Metric", "step")},
                                           {"epoch", QT_TRANSLATE_NOOP("trainscope::Metric", "epoch")},
                                           {"time", QT_TRANSLATE_NOOP("trainscope::Metric", "time (s)")}};
  return axes;
}

}  // namespace trainscope
