#include "engine/train/best_epoch.h"

#include "engine/config/config_fields.h"
#include "engine/run/metric_fields.h"

#include <algorithm>
#include <cstdio>

namespace trainscope {

namespace {
constexpr const char* kContext = "trainscope::Run";

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", v);
  return buffer;
}

template <class T>
const std::string& fieldKey(T EarlyStoppingConfig::*member) {
  return configField(&ExperimentConfig::training, &TrainingConfig::early_stopping, member).key;
}

// Errors shrink, scores grow; ema_ metrics measure the moving average the same way.
std::string plain(const std::string& key) { return measuresAverage(key) ? key.substr(4) : key; }
bool grows(const std::string& key) { return plain(key) == "val_accuracy" || plain(key) == "val_r2"; }
bool regressionOnly(const std::string& key) {
  return plain(key) == "val_mae" || plain(key) == "val_rmse" || plain(key) == "val_r2";
}
}  // namespace

bool measuresAverage(const std::string& metric) { return metric.rfind("ema_", 0) == 0; }

MonitoredMetric monitoredMetric(const EarlyStoppingConfig& config, bool regression, bool averaged) {
  const std::string task = regression ? "val_r2" : "val_accuracy";
  const std::string key = config.metric != "auto" ? config.metric : averaged ? "ema_" + task : task;
  const std::string& field = fieldKey(&EarlyStoppingConfig::metric);
  if (!metricColumn<EpochMetrics>(key))  // the config's choices are metrics.h5's columns (a test checks)
    throw ConfigError(field, key + " is not an epoch metric");
  if (regression && plain(key) == "val_accuracy")
    throw ConfigError(field, key + " is a classification's; a regression has val_loss, val_mae, val_rmse and val_r2");
  if (!regression && regressionOnly(key))
    throw ConfigError(field, key + " is a regression's; a classification has val_loss and val_accuracy");
  if (!averaged && measuresAverage(key))
    throw ConfigError(field, key + " measures the weights' moving average, which " +
                                 configField(&ExperimentConfig::training, &TrainingConfig::ema_decay).key +
                                 " 0 turns off");
  const bool maximize = config.mode == "auto" ? grows(key) : config.mode == "max";
  return {key, maximize};
}

bool modelIsAverage(const TrainingConfig& config, bool regression) {
  return config.ema_decay > 0 && measuresAverage(monitoredMetric(config.early_stopping, regression, true).key);
}

bool modelIsBestEpoch(const EarlyStoppingConfig& config) { return config.patience == 0 || config.restore_best; }

BestEpoch::BestEpoch(const EarlyStoppingConfig& config, bool regression, bool averaged)
    : config_(config),
      metric_(monitoredMetric(config, regression, averaged)),
      defaultKey_(monitoredMetric(EarlyStoppingConfig{}, regression).key) {}

std::optional<Message> BestEpoch::resume(BestSoFar& best, bool stoppedEarly, int64_t epochsDone) const {
  const std::string was = best.metric.empty() ? defaultKey_ : best.metric;
  best.metric = metric_.key;
  if (was != metric_.key && best.epoch > 0) {
    const int64_t epoch = best.epoch;
    best = BestSoFar{metric_.key};
    best.since = epochsDone;
    return Message{kContext,
                   QT_TRANSLATE_NOOP("trainscope::Run",
                                     "the best epoch is now chosen by %1: the checkpoint's (epoch %2, by %3) no longer "
                                     "counts, and the next epoch starts the count again"),
                   {metric_.key, std::to_string(epoch), was}};
  }
  if (!stoppedEarly || !stopsEarly()) return std::nullopt;
  best.since = epochsDone;
  return Message{
      kContext,
      QT_TRANSLATE_NOOP("trainscope::Run",
                        "the run had stopped early after epoch %1: its patience counts afresh from here, and "
                        "its best so far (epoch %2) stays its best until an epoch beats it"),
      {std::to_string(epochsDone), std::to_string(best.epoch)}};
}

bool BestEpoch::observe(const EpochMetrics& e, BestSoFar& best) const {
  const double v = metricColumn<EpochMetrics>(metric_.key)->get(e);
  if (!std::isfinite(v)) return false;
  const bool first = best.epoch == 0 || !std::isfinite(best.value);
  const double delta = config_.min_delta;
  const bool better = first || (metric_.maximize ? v > best.value + delta : v < best.value - delta);
  if (better) best = BestSoFar{metric_.key, v, e.epoch, best.since};
  return better;
}

bool BestEpoch::shouldStop(int64_t epoch, const BestSoFar& best) const {
  return stopsEarly() && epoch - std::max(best.epoch, best.since) >= config_.patience;
}

Message BestEpoch::policy() const {
  return {kContext,
          config_.patience == 1
              ? QT_TRANSLATE_NOOP("trainscope::Run",
                                  "early stopping: the run stops after 1 epoch in which %2 does not improve on its "
                                  "best by more than %3 (mode %4)")
              : QT_TRANSLATE_NOOP("trainscope::Run",
                                  "early stopping: the run stops after %1 epochs in a row in which %2 does not "
                                  "improve on its best by more than %3 (mode %4)"),
          {std::to_string(config_.patience), metric_.key, number(config_.min_delta), metric_.maximize ? "max" : "min"}};
}

Message BestEpoch::stopped(int64_t epoch, const BestSoFar& best) const {
  if (best.epoch == 0)
    return {kContext,
            QT_TRANSLATE_NOOP("trainscope::Run", "early stopping after epoch %1: %2 was never measured"),
            {std::to_string(epoch), metric_.key}};
  return {kContext,
          QT_TRANSLATE_NOOP("trainscope::Run",
                            "early stopping after epoch %1: %2 has not improved for %3 epochs; its best, %4, was at "
                            "epoch %5"),
          {std::to_string(epoch), metric_.key, std::to_string(epoch - std::max(best.epoch, best.since)),
           number(best.value), std::to_string(best.epoch)}};
}

Message BestEpoch::modelChosen(int64_t epoch, const BestSoFar& best) const {
  if (best.epoch == 0 || best.epoch == epoch) return {};
  if (modelIsBest())
    return {kContext,
            QT_TRANSLATE_NOOP("trainscope::Run",
                              "the run's model is epoch %1's, the best by %2 (%3): checkpoints/best.pt, which "
                              "exports take"),
            {std::to_string(best.epoch), metric_.key, number(best.value)}};
  return {kContext,
          QT_TRANSLATE_NOOP("trainscope::Run",
                            "the run's model is its last epoch's (%1 is off); the best, epoch %2, is "
                            "checkpoints/best.pt"),
          {fieldKey(&EarlyStoppingConfig::restore_best), std::to_string(best.epoch)}};
}

nlohmann::json BestEpoch::record(int64_t epoch, const BestSoFar& best) const {
  nlohmann::json j = {
      {"stopped_after_epoch", epoch}, {"metric", metric_.key},          {"mode", metric_.maximize ? "max" : "min"},
      {"patience", config_.patience}, {"min_delta", config_.min_delta}, {"model", modelIsBest() ? "best" : "last"}};
  if (best.epoch > 0) j["best_epoch"] = best.epoch, j["best"] = best.value;
  return j;
}

}  // namespace trainscope
