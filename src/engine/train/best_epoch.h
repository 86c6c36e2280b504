// The run's best epoch by one validation metric, and early stopping on it (Keras'
// EarlyStopping, Lightning's): training.early_stopping names the metric, its direction,
// the patience and the smallest improvement. The best epoch's weights are
// checkpoints/best.pt, the run's model unless restore_best is off. No torch here.
#pragma once

#include "engine/config/config.h"
#include "engine/run/events.h"
#include "engine/run/message.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

namespace trainscope {

// Where the best epoch stands; a checkpoint keeps it, so a resumed run goes on counting.
struct BestSoFar {
  std::string metric;           // the epoch metric it was measured by; "" = not recorded (older checkpoints)
  double value = std::nan("");  // NaN: no epoch yet
  int64_t epoch = 0;            // 1-based; 0: none yet
  // Epochs without improvement count from the later of `epoch` and this one: where a
  // resumed run began again after early stopping, or after its metric changed.
  int64_t since = 0;
};

struct MonitoredMetric {
  std::string key;  // a metrics.h5 epoch column: "val_loss"
  bool maximize = true;
};

// The metric early_stopping names for this task; `averaged`: the run keeps a moving
// average of its weights (training.ema_decay), which "auto" then measures. ConfigError
// naming the field when it does not fit (a regression's error for a classification,
// accuracy for a regression, an ema_ metric without the average).
MonitoredMetric monitoredMetric(const EarlyStoppingConfig& config, bool regression, bool averaged = false);

// Whether an epoch metric measures the weights' moving average (ema_val_accuracy).
bool measuresAverage(const std::string& metric);

// The run's model is the weights' moving average (the "ema" weights of its
// checkpoints): the average is on and the best epoch is chosen by an ema_ metric.
bool modelIsAverage(const TrainingConfig& config, bool regression);

// The run's model is the best epoch's (checkpoints/best.pt) rather than the last: always,
// unless early stopping is on with restore_best off.
bool modelIsBestEpoch(const EarlyStoppingConfig& config);

class BestEpoch {
 public:
  BestEpoch(const EarlyStoppingConfig& config, bool regression, bool averaged = false);

  const MonitoredMetric& metric() const { return metric_; }
  bool stopsEarly() const { return config_.patience > 0; }
  // The run's model is the best epoch's (checkpoints/best.pt) rather than the last.
  bool modelIsBest() const { return modelIsBestEpoch(config_); }

  // A resumed run's best, kept when measured by the same metric (a checkpoint without
  // one measured by the task's default); otherwise forgotten. A run that had stopped
  // early (`stoppedEarly`) keeps its best but counts its patience afresh from
  // `epochsDone`, as Keras' fit() does when called again. A note says either.
  std::optional<Message> resume(BestSoFar& best, bool stoppedEarly, int64_t epochsDone) const;
  // Whether epoch `e` is the best so far, moving `best` to it. An epoch whose metric is
  // not a number (no validation samples) never is.
  bool observe(const EpochMetrics& e, BestSoFar& best) const;
  // Whether the run stops after epoch `epoch` (1-based): `patience` epochs since the best.
  bool shouldStop(int64_t epoch, const BestSoFar& best) const;

  Message policy() const;                                           // the start's log line
  Message stopped(int64_t epoch, const BestSoFar& best) const;      // why it stopped
  Message modelChosen(int64_t epoch, const BestSoFar& best) const;  // which weights are the run's model
  // run.json's "early_stopping" when the run stopped early.
  nlohmann::json record(int64_t epoch, const BestSoFar& best) const;

 private:
  EarlyStoppingConfig config_;
  MonitoredMetric metric_;
  std::string defaultKey_;  // what a checkpoint without a metric was measured by
};

}  // namespace trainscope
