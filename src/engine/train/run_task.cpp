#include "engine/train/run_task.h"

#include "engine/config/config_fields.h"
#include "engine/train/run_messages.h"

#include <cmath>

namespace trainscope {

RunTask runTaskOf(const ExperimentConfig& config, const DatasetSplits& splits, bool distributed) {
  RunTask task;
  task.table = splits.table;
  task.text = splits.text;
  task.model = modelOutputsFor(splits);
  const bool regression = splits.train->regression();
  task.criterion = criterionFor(config, regression, task.table ? task.table->target_std : 1.0);
  if (regression && distributed)
    throw ConfigError(configField(&ExperimentConfig::dataset, &DatasetConfig::task).key,
                      "a regression trains in one process (its validation errors are not merged across ranks yet)");
  return task;
}

void recordValidation(const RunTask& task, const ValidationResult& val, const ValidationResult* average,
                      EpochMetrics& e) {
  e.val_loss = val.loss;
  e.val_accuracy = val.accuracy;
  if (task.criterion.regression) e.val_mae = val.mae, e.val_rmse = val.rmse, e.val_r2 = val.r2;
  if (!average) return;
  e.ema_val_loss = average->loss;
  if (task.criterion.regression)
    e.ema_val_r2 = average->r2;
  else
    e.ema_val_accuracy = average->accuracy;
}

void recordEpochInfo(const RunTask& task, const EpochMetrics& e, const EpochTally& tally, nlohmann::json& info) {
  info["epochs_completed"] = tally.epochs_completed;
  info["steps"] = tally.steps;
  info["final_val_loss"] = e.val_loss;
  const bool regression = task.criterion.regression;
  if (regression)
    info["final_val_mae"] = e.val_mae, info["final_val_rmse"] = e.val_rmse, info["final_val_r2"] = e.val_r2;
  else
    info["final_val_accuracy"] = e.val_accuracy;
  if (!std::isnan(e.ema_val_loss)) {  // the weights' moving average, when kept
    info["final_ema_val_loss"] = e.ema_val_loss;
    info[regression ? "final_ema_val_r2" : "final_ema_val_accuracy"] = regression ? e.ema_val_r2 : e.ema_val_accuracy;
  }
  if (!e.best) return;  // the best epoch's figures stay as they were
  info["best_epoch"] = e.epoch;
  info["best_metric"] = tally.best.metric;
  info["best_" + tally.best.metric] = tally.best.value;
  // The run's model's: the average's when the best epoch was chosen by it.
  const bool ofAverage = measuresAverage(tally.best.metric);
  if (regression)
    info["best_val_r2"] = ofAverage ? e.ema_val_r2 : e.val_r2;
  else
    info["best_val_accuracy"] = ofAverage ? e.ema_val_accuracy : e.val_accuracy;
}

std::optional<Message> averageSummaryOf(const EpochMetrics& e, const std::string& bestMetric) {
  if (std::isnan(e.ema_val_loss)) return std::nullopt;
  return run_messages::averageEpochSummary(e.epoch, e.ema_val_loss, e.ema_val_accuracy, e.ema_val_r2,
                                           e.best && measuresAverage(bestMetric));
}

Message epochSummaryOf(const RunTask& task, const EpochMetrics& e, int64_t epochs, const std::string& bestMetric) {
  const bool best = e.best && !measuresAverage(bestMetric);
  if (task.criterion.regression)
    return run_messages::regressionEpochSummary(e.epoch, epochs, e.train_loss, e.val_loss, e.val_mae, e.val_rmse,
                                                e.val_r2, best);
  return run_messages::epochSummary(e.epoch, epochs, e.train_loss, e.train_accuracy, e.val_loss, e.val_accuracy, best);
}

void recordTask(const RunTask& task, nlohmann::json& info) {
  info["task"] = task.criterion.regression ? "regression" : "classification";
  info["loss"] = task.criterion.loss;
  if (task.table) info["table"] = task.table->toJson();
  if (task.text) info["text"] = task.text->toJson();
}

}  // namespace trainscope
