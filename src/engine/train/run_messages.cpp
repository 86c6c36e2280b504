#include "engine/train/run_messages.h"

#include "engine/config/config_fields.h"
#include "engine/data/data_messages.h"
#include "engine/models/checkpoint_segments.h"
#include "engine/system/host_info.h"
#include "engine/system/usable_cores.h"

#include <cmath>
#include <cstdio>

namespace trainscope::run_messages {

namespace {
constexpr const char* kContext = "trainscope::Run";
std::string number(double v, int significant = 4) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*g", significant, v);
  return buffer;
}
std::string percent(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f%%", v * 100);
  return buffer;
}
}  // namespace

Message trainingOn(const ExperimentConfig& cfg, const DatasetSplits& data, const std::string& device, int threads) {
  const bool automatic = cfg.threads == 0;
  const char* text =
      automatic
          ? (threads == 1 ? QT_TRANSLATE_NOOP("trainscope::Run",
                                              "training %1 on %2 (%3 train / %4 val) with %5, 1 thread; usable: %7")
                          : QT_TRANSLATE_NOOP("trainscope::Run",
                                              "training %1 on %2 (%3 train / %4 val) with %5, %6 threads; usable: %7"))
          : (threads == 1
                 ? QT_TRANSLATE_NOOP("trainscope::Run", "training %1 on %2 (%3 train / %4 val) with %5, 1 thread")
                 : QT_TRANSLATE_NOOP("trainscope::Run", "training %1 on %2 (%3 train / %4 val) with %5, %6 threads"));
  Message m{kContext,
            text,
            {cfg.model.name, data.description, std::to_string(data.train ? data.train->size() : 0),
             std::to_string(data.val ? data.val->size() : 0), device, std::to_string(threads)}};
  m.nested.resize(automatic ? 7 : 2);
  if (!data.label.empty()) m.nested[1] = data.label;
  if (automatic) {
    const Message cores = usableCores().reason();
    m.args.push_back(cores.english());
    m.nested[6] = cores;
  }
  return m;
}

Message rankOf(int rank, int ranks, const std::string& launcher, int64_t shardSamples) {
  return {kContext,
          QT_TRANSLATE_NOOP("trainscope::Run", "rank %1 of %2 (%3): %4 training samples per epoch on this process"),
          {std::to_string(rank), std::to_string(ranks), launcher, std::to_string(shardSamples)}};
}

Message epochSummary(int64_t epoch, int64_t epochs, double trainLoss, double trainAccuracy, double valLoss,
                     double valAccuracy, bool best) {
  return {
      kContext,
      best ? QT_TRANSLATE_NOOP("trainscope::Run",
                               "epoch %1/%2: train loss %3, train acc %4, val loss %5, val acc %6 (best)")
           : QT_TRANSLATE_NOOP("trainscope::Run", "epoch %1/%2: train loss %3, train acc %4, val loss %5, val acc %6"),
      {std::to_string(epoch), std::to_string(epochs), number(trainLoss), percent(trainAccuracy), number(valLoss),
       percent(valAccuracy)}};
}

Message regressionEpochSummary(int64_t epoch, int64_t epochs, double trainLoss, double valLoss, double mae, double rmse,
                               double r2, bool best) {
  return {kContext,
          best ? QT_TRANSLATE_NOOP("trainscope::Run",
                                   "epoch %1/%2: train loss %3, val loss %4, val MAE %5, RMSE %6, R² %7 (best)")
               : QT_TRANSLATE_NOOP("trainscope::Run",
                                   "epoch %1/%2: train loss %3, val loss %4, val MAE %5, RMSE %6, R² %7"),
          {std::to_string(epoch), std::to_string(epochs), number(trainLoss), number(valLoss), number(mae), number(rmse),
           number(r2)}};
}

Message averageEpochSummary(int64_t epoch, double valLoss, double valAccuracy, double r2, bool best) {
  if (!std::isnan(r2))
    return {
        kContext,
        best ? QT_TRANSLATE_NOOP("trainscope::Run", "epoch %1, the weights' moving average: val loss %2, R² %3 (best)")
             : QT_TRANSLATE_NOOP("trainscope::Run", "epoch %1, the weights' moving average: val loss %2, R² %3"),
        {std::to_string(epoch), number(valLoss), number(r2)}};
  return {kContext,
          best ? QT_TRANSLATE_NOOP("trainscope::Run",
                                   "epoch %1, the weights' moving average: val loss %2, val acc %3 (best)")
               : QT_TRANSLATE_NOOP("trainscope::Run", "epoch %1, the weights' moving average: val loss %2, val acc %3"),
          {std::to_string(epoch), number(valLoss), percent(valAccuracy)}};
}

std::optional<Message> precisionNote(const std::string& precision, bool cuda) {
  if (precision != "bf16") return std::nullopt;
  const std::vector<std::string> native = cuda ? std::vector<std::string>{"cuda"} : nativeBf16Instructions();
  if (native.empty())
    return Message{kContext, QT_TRANSLATE_NOOP("trainscope::Run",
                                               "mixed precision: the forward pass runs in bfloat16 under autocast, "
                                               "but this CPU has no native bfloat16 instructions: it is emulated, "
                                               "and likely slower than float32")};
  return Message{kContext, QT_TRANSLATE_NOOP("trainscope::Run",
                                             "mixed precision: the forward pass runs in bfloat16 under autocast, "
                                             "the weights and their gradients in float32")};
}

std::optional<Message> checkpointingNote(int segments, const std::vector<LayerInfo>& layers) {
  const auto ranges = checkpointedSegments(layers.size(), segments);
  if (ranges.empty()) return std::nullopt;
  auto span = [&](size_t first, size_t end) {
    return end - first == 1 ? layers[first].name : layers[first].name + "–" + layers[end - 1].name;
  };
  std::string recomputed;
  for (const auto& [first, end] : ranges) recomputed += (recomputed.empty() ? "" : ", ") + span(first, end);
  return Message{kContext,
                 QT_TRANSLATE_NOOP("trainscope::Run",
                                   "activation checkpointing: %1 keep no activations and are recomputed in backward; "
                                   "the last segment (%2) runs as usual"),
                 {recomputed, span(ranges.back().second, layers.size())}};
}

std::vector<Message> techniqueNotes(const ExperimentConfig& cfg, const std::vector<LayerInfo>& layers, bool cuda) {
  std::vector<Message> notes;
  if (auto note = precisionNote(cfg.training.precision, cuda)) notes.push_back(std::move(*note));
  if (auto note = checkpointingNote(cfg.model.activation_checkpointing, layers)) notes.push_back(std::move(*note));
  return notes;
}

Message averageStartsAtResume() {
  return {kContext, QT_TRANSLATE_NOOP("trainscope::Run",
                                      "the checkpoint has no moving average of the weights: it starts from the weights "
                                      "as they are")};
}

Message tableColumnLeftOut(const std::string& column, const std::string& reason) {
  return {kContext, QT_TRANSLATE_NOOP("trainscope::Run", "column \"%1\" left out: %2"), {column, reason}};
}

Message partialEpoch(int64_t batches, int64_t ofBatches) {
  return {kContext,
          QT_TRANSLATE_NOOP("trainscope::Run", "a partial epoch: %1 of %2 batches"),
          {std::to_string(batches), std::to_string(ofBatches)}};
}

Message pausedAfter(int64_t step) {
  return {kContext, QT_TRANSLATE_NOOP("trainscope::Run", "paused after step %1"), {std::to_string(step)}};
}

Message resumed() { return {kContext, QT_TRANSLATE_NOOP("trainscope::Run", "resumed"), {}}; }

Message steppedOneBatch(int64_t step) {
  return {kContext,
          QT_TRANSLATE_NOOP("trainscope::Run", "stepped one batch forward (step %1), paused again"),
          {std::to_string(step)}};
}

Message resumedAt(int64_t step, int64_t epoch, int64_t batch) {
  return {kContext,
          QT_TRANSLATE_NOOP("trainscope::Run", "resumed at step %1 (epoch %2, batch %3)"),
          {std::to_string(step), std::to_string(epoch), std::to_string(batch)}};
}

Message emptyValidation() {
  return {
      kContext,
      QT_TRANSLATE_NOOP("trainscope::Run", "the validation split is empty: no validation metrics, no best checkpoint"),
      {}};
}

Message skipped(const SkippedItem& item) {
  Message m{kContext, QT_TRANSLATE_NOOP("trainscope::Run", "skipped %1: %2"), {item.path, item.reason}};
  if (const Message why = skipReasonMessage(item.reason); !why.empty()) m.nested = {Message{}, why};
  return m;
}

std::vector<std::pair<LogLevel, Message>> datasetNotes(const DatasetSplits& data) {
  std::vector<std::pair<LogLevel, Message>> notes;
  for (const auto& s : data.skipped) notes.emplace_back(LogLevel::Warning, skipped(s));
  const auto& c = data.corrections;
  if (!c.file.empty())
    notes.emplace_back(
        LogLevel::Info,
        Message{kContext,
                QT_TRANSLATE_NOOP("trainscope::Run", "label corrections from %1: %2 relabelled, %3 excluded"),
                {c.file, std::to_string(c.relabelled), std::to_string(c.excluded)}});
  if (!c.unmatched.empty())
    notes.emplace_back(
        LogLevel::Warning,
        Message{kContext,
                QT_TRANSLATE_NOOP("trainscope::Run", "%1 label corrections match no training sample, e.g. %2"),
                {std::to_string(c.unmatched.size()), c.unmatched.front()}});
  return notes;
}

EndReason whyEnded(bool stopped, bool guardStopped, bool guardPaused, bool maxStepsReached, bool stoppedEarly) {
  if (stopped)
    return guardStopped  ? EndReason::StoppedByGuard
           : guardPaused ? EndReason::StoppedWhilePausedByGuard
                         : EndReason::StoppedByRequest;
  return maxStepsReached ? EndReason::MaxSteps : stoppedEarly ? EndReason::EarlyStopping : EndReason::Completed;
}

Message endReason(EndReason reason, int64_t count) {
  switch (reason) {
    case EndReason::Completed:
      return {kContext,
              count == 1 ? QT_TRANSLATE_NOOP("trainscope::Run", "completed 1 epoch")
                         : QT_TRANSLATE_NOOP("trainscope::Run", "completed %1 epochs"),
              {std::to_string(count)}};
    case EndReason::MaxSteps:
      return {kContext,
              QT_TRANSLATE_NOOP("trainscope::Run", "reached %2 (%1)"),
              {std::to_string(count), configField(&ExperimentConfig::training, &TrainingConfig::max_steps).key}};
    case EndReason::EarlyStopping:
      return {kContext,
              count == 1 ? QT_TRANSLATE_NOOP("trainscope::Run", "stopped early after 1 epoch (%2)")
                         : QT_TRANSLATE_NOOP("trainscope::Run", "stopped early after %1 epochs (%2)"),
              {std::to_string(count),
               configField(&ExperimentConfig::training, &TrainingConfig::early_stopping, &EarlyStoppingConfig::patience)
                   .section()}};
    case EndReason::StoppedByRequest: return {kContext, QT_TRANSLATE_NOOP("trainscope::Run", "stopped by request"), {}};
    case EndReason::StoppedByGuard:
      return {kContext, QT_TRANSLATE_NOOP("trainscope::Run", "stopped by the NaN guard"), {}};
    case EndReason::StoppedWhilePausedByGuard:
      return {kContext, QT_TRANSLATE_NOOP("trainscope::Run", "stopped while paused by the NaN guard"), {}};
  }
  return {kContext, "", {}};
}

Message runEnded(RunState state, EndReason reason, int64_t count) {
  const Message why = endReason(reason, count);
  // One pattern per state, so a translation can order the words its own way.
  const char* pattern = state == RunState::Finished ? QT_TRANSLATE_NOOP("trainscope::Run", "run finished: %1")
                                                    : QT_TRANSLATE_NOOP("trainscope::Run", "run stopped: %1");
  return {kContext, pattern, {why.english()}, {why}};
}

}  // namespace trainscope::run_messages
