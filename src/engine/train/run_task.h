// What the run's task changes in the trainer: a classification (images, or a table's
// class column) or a table's regression. The criterion, the model's outputs, the
// validation metrics an epoch records and the score its best epoch is chosen by.
#pragma once

#include "engine/data/dataset.h"
#include "engine/data/table_encoding.h"
#include "engine/data/text_encoding.h"
#include "engine/run/events.h"
#include "engine/train/best_epoch.h"
#include "engine/train/criterion.h"
#include "engine/train/validation.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>

namespace trainscope {

struct RunTask {
  Criterion criterion;
  std::shared_ptr<const TableEncoding> table;  // a csv dataset's encoding
  std::shared_ptr<const TextEncoding> text;    // a text dataset's tokenizer and vocabulary
  ModelOutputs model;
};

// Throws ConfigError when the config does not fit the task (a regression with label
// smoothing, or over several processes).
RunTask runTaskOf(const ExperimentConfig& config, const DatasetSplits& splits, bool distributed);

// The epoch's validation metrics from `val`, and the moving average of the weights'
// from `average` when the run keeps one.
void recordValidation(const RunTask& task, const ValidationResult& val, const ValidationResult* average,
                      EpochMetrics& e);

struct EpochTally {
  int64_t epochs_completed = 0, steps = 0;
  BestSoFar best;  // after this epoch
};
// run.json after an epoch: its counts and final validation results, and when the
// epoch is the best (e.best), its epoch, its metric's value (best_<metric>, with
// best_metric naming it) and the run's model's accuracy (a regression: R²): the
// average's when the best epoch was chosen by an ema_ metric.
void recordEpochInfo(const RunTask& task, const EpochMetrics& e, const EpochTally& tally, nlohmann::json& info);

// The log's line for an epoch, and for its moving average of the weights, when kept;
// "(best)" on the line of the weights `bestMetric` measures (an ema_ metric: the average's).
Message epochSummaryOf(const RunTask& task, const EpochMetrics& e, int64_t epochs, const std::string& bestMetric);
std::optional<Message> averageSummaryOf(const EpochMetrics& e, const std::string& bestMetric);

// run.json's "task", and a table's "table" or text's "text" (the encoding predictions
// and exports need).
void recordTask(const RunTask& task, nlohmann::json& info);

}  // namespace trainscope
