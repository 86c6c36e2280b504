#include "engine/train/breakpoints.h"

#include "engine/record/run_record.h"
#include "engine/run/event_json.h"

#include <cmath>
#include <cstdio>

namespace trainscope {

namespace {

constexpr const char* kContext = "trainscope::Run";

std::string fixed(double v, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

}  // namespace

Breakpoints::Breakpoints(const BreakpointConfig& config, const nlohmann::json& earlierHits) : cfg_(config) {
  if (!earlierHits.is_array()) return;
  for (const auto& h : earlierHits) {
    const std::string kind = h.is_object() ? h.value("kind", "") : "";
    if (kind == "loss_spike") lossFired_ = true;
    if (kind == "val_accuracy_drop") dropFired_ = true;
    if (kind == "dead_share") deadFired_.insert(h.value("layer", ""));
  }
}

std::optional<BreakpointHit> Breakpoints::afterStep(int64_t step, int64_t epochsDone, double loss,
                                                    const std::vector<TensorStats>& reluOutputs) {
  ++steps_;
  auto hit = lossSpike(step, epochsDone, loss);
  if (!hit) hit = deadLayer(step, epochsDone, reluOutputs);
  return hit;
}

// The mean is an exponential average, updated after the check: a spike is measured
// against the steps before it, and counts in the mean no higher than the limit, so
// one spike does not hide the next. A non-finite loss (the NaN guard's) is left out.
std::optional<BreakpointHit> Breakpoints::lossSpike(int64_t step, int64_t epochsDone, double loss) {
  if (cfg_.loss_spike <= 0 || !std::isfinite(loss)) return std::nullopt;
  std::optional<BreakpointHit> hit;
  const double limit = cfg_.loss_spike * lossMean_;
  const bool armed = lossSteps_ >= kArmedAfterSteps && lossMean_ > 0;
  if (armed) {
    if (loss > limit && !lossFired_)
      hit = BreakpointHit{step, epochsDone, "loss_spike", "", loss, lossMean_, cfg_.loss_spike};
    lossFired_ = loss > limit;
  }
  const double weight = lossSteps_ < kMeanSteps ? 1.0 / static_cast<double>(lossSteps_ + 1) : 2.0 / (kMeanSteps + 1);
  lossMean_ += weight * ((armed ? std::min(loss, limit) : loss) - lossMean_);
  ++lossSteps_;
  return hit;
}

// Every layer over the limit is marked, the first one named; a layer is armed again
// once its share has fallen clearly below the limit (the probes' sample makes the
// share jitter around it).
std::optional<BreakpointHit> Breakpoints::deadLayer(int64_t step, int64_t epochsDone,
                                                    const std::vector<TensorStats>& reluOutputs) {
  if (cfg_.dead_share <= 0 || steps_ <= kArmedAfterSteps) return std::nullopt;
  std::optional<BreakpointHit> hit;
  for (const auto& t : reluOutputs) {
    if (t.zero_fraction < cfg_.dead_share - kRearmMargin) deadFired_.erase(t.name);
    if (t.zero_fraction < cfg_.dead_share || !deadFired_.insert(t.name).second || hit) continue;
    hit = BreakpointHit{step, epochsDone, "dead_share", t.name, t.zero_fraction, 0, cfg_.dead_share};
  }
  return hit;
}

std::optional<BreakpointHit> Breakpoints::afterEpoch(int64_t step, int64_t epoch, double metric) {
  if (cfg_.val_accuracy_drop <= 0 || !std::isfinite(metric)) return std::nullopt;
  std::optional<BreakpointHit> hit;
  if (std::isfinite(bestMetric_)) {
    const bool dropped = bestMetric_ - metric > cfg_.val_accuracy_drop;
    if (dropped && !dropFired_)
      hit = BreakpointHit{step, epoch, "val_accuracy_drop", "", metric, bestMetric_, cfg_.val_accuracy_drop};
    dropFired_ = dropped;
  }
  if (!std::isfinite(bestMetric_) || metric > bestMetric_) bestMetric_ = metric;
  return hit;
}

std::optional<BreakpointHit> Breakpoints::afterEpoch(const EpochMetrics& e, bool regression, int64_t epochs) {
  if (e.epoch >= epochs) return std::nullopt;
  return afterEpoch(e.step, e.epoch, regression ? e.val_r2 : e.val_accuracy);
}

Message breakpointMessage(const BreakpointHit& h) {
  const std::string step = std::to_string(h.step);
  if (h.kind == "loss_spike")
    return {kContext,
            QT_TRANSLATE_NOOP("trainscope::Run",
                              "breakpoint: the loss of step %1 (%2) is %3 times its running mean (%4), above the "
                              "limit of %5; the run is paused"),
            {step, fixed(h.value, 4), fixed(h.value / h.reference, 1), fixed(h.reference, 4), fixed(h.threshold, 1)}};
  if (h.kind == "val_accuracy_drop")
    return {kContext,
            QT_TRANSLATE_NOOP("trainscope::Run",
                              "breakpoint: after epoch %1 the validation metric fell to %2, %3 below its best (%4), "
                              "more than the limit of %5; the run is paused"),
            {std::to_string(h.epoch), fixed(h.value, 4), fixed(h.reference - h.value, 4), fixed(h.reference, 4),
             fixed(h.threshold, 4)}};
  return {kContext,
          QT_TRANSLATE_NOOP("trainscope::Run",
                            "breakpoint: %1% of %2's outputs are zero at step %3 (the limit is %4%); the run is "
                            "paused"),
          {fixed(100 * h.value, 1), h.layer, step, fixed(100 * h.threshold, 1)}};
}

void recordBreakpoint(nlohmann::json& info, const BreakpointHit& hit) {
  nlohmann::json entry = eventToJson(Event{hit});
  entry.erase("event");
  entry["time"] = isoTimeNow();
  info["breakpoints"].push_back(std::move(entry));
}

}  // namespace trainscope
