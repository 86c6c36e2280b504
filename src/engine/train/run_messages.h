// What a run says to its user, in translatable form (engine/run/message.h): the log
// lines of the training loop and the reasons a run ends. The record (log.txt, run.json)
// keeps the English; the app shows them in its language.
#pragma once

#include "engine/config/config.h"
#include "engine/data/dataset.h"
#include "engine/run/events.h"
#include "engine/run/message.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trainscope::run_messages {

// The run's first line: model, data, device and threads; with threads: 0, which cores
// were found usable and why (system/usable_cores.h).
Message trainingOn(const ExperimentConfig& cfg, const DatasetSplits& data, const std::string& device, int threads);
// "rank 0 of 2 (torchrun): 30000 training samples per epoch on this process"
Message rankOf(int rank, int ranks, const std::string& launcher, int64_t shardSamples);
Message epochSummary(int64_t epoch, int64_t epochs, double trainLoss, double trainAccuracy, double valLoss,
                     double valAccuracy, bool best);
// A regression's epoch: its errors in the target's units, and R².
Message regressionEpochSummary(int64_t epoch, int64_t epochs, double trainLoss, double valLoss, double mae, double rmse,
                               double r2, bool best);
// The epoch's line for the weights' moving average (training.ema_decay); `r2` NaN for
// a classification; `best`: the best epoch, chosen by the average.
Message averageEpochSummary(int64_t epoch, double valLoss, double valAccuracy, double r2, bool best);
// A resume turns weight averaging on: the average starts from the checkpoint's weights.
Message averageStartsAtResume();
// training.precision's note at the start (none for fp32), warning when the CPU has no
// native bfloat16 instructions.
std::optional<Message> precisionNote(const std::string& precision, bool cuda);
// model.activation_checkpointing's note at the start (none when off): the layers
// recomputed in backward, segment by segment.
std::optional<Message> checkpointingNote(int segments, const std::vector<LayerInfo>& layers);
// The notes of the run's techniques at its start: precision, checkpointing.
std::vector<Message> techniqueNotes(const ExperimentConfig& cfg, const std::vector<LayerInfo>& layers, bool cuda);
// A table's column that does not feed the model, and why.
Message tableColumnLeftOut(const std::string& column, const std::string& reason);
Message partialEpoch(int64_t batches, int64_t ofBatches);
Message pausedAfter(int64_t step);
Message resumed();
Message steppedOneBatch(int64_t step);
Message resumedAt(int64_t step, int64_t epoch, int64_t batch);
Message emptyValidation();
Message skipped(const SkippedItem& item);
// What the run's log says about its data before training: the skipped files, and the
// labels that dataset.corrections changed.
std::vector<std::pair<LogLevel, Message>> datasetNotes(const DatasetSplits& data);

// Why a run ended, and the log line that says it.
inline constexpr const char* kAnomalyDetectionOn =
    "autograd anomaly detection is on: backward passes check every op (expect about half the speed)";

enum class EndReason {
  Completed,
  MaxSteps,
  EarlyStopping,
  StoppedByRequest,
  StoppedByGuard,
  StoppedWhilePausedByGuard
};
Message endReason(EndReason reason, int64_t count);
// Why the loop ended: stopped (by a guard, while a guard had paused it, or on request),
// max_steps, early stopping, or done.
EndReason whyEnded(bool stopped, bool guardStopped, bool guardPaused, bool maxStepsReached, bool stoppedEarly);
Message runEnded(RunState state, EndReason reason, int64_t count);

}  // namespace trainscope::run_messages
