// Breakpoints (training.breakpoints): conditions on what the run measures that pause
// it, as a debugger's do, so it can be looked at, resumed, or rewound to a checkpoint
// of its ring and forked. Each fires once, and again only after what it watches has
// come back within its limit, so a resumed run is not paused at once again. No torch.
#pragma once

#include "engine/config/config.h"
#include "engine/run/events.h"
#include "engine/run/message.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace trainscope {

class Breakpoints {
 public:
  // The running mean of the loss averages about this many steps, and a spike is
  // looked for only once it has seen this many; the dead share too (a layer's first
  // steps say little). A dead layer is armed again this far under its limit.
  static constexpr int kMeanSteps = 50;
  static constexpr int kArmedAfterSteps = 20;
  static constexpr double kRearmMargin = 0.05;

  // `earlierHits`: run.json's "breakpoints" of a resumed run (or a fork's parent up to
  // the fork): what fired then counts as fired, so a run resumed while the condition
  // lasts is not paused again at once.
  explicit Breakpoints(const BreakpointConfig& config, const nlohmann::json& earlierHits = nlohmann::json::array());

  // After an optimizer step: its loss, and the ReLU-like layers' output statistics
  // when the probes sampled it (else empty). The loss spike is checked first.
  std::optional<BreakpointHit> afterStep(int64_t step, int64_t epochsDone, double loss,
                                         const std::vector<TensorStats>& reluOutputs);
  // After a validation: its accuracy (a regression's R²), NaN when nothing was measured.
  std::optional<BreakpointHit> afterEpoch(int64_t step, int64_t epoch, double metric);
  // The same for a validated epoch of `epochs`: its accuracy (a regression's R²); never
  // after the last epoch, which leaves nothing to pause.
  std::optional<BreakpointHit> afterEpoch(const EpochMetrics& e, bool regression, int64_t epochs);

 private:
  std::optional<BreakpointHit> lossSpike(int64_t step, int64_t epochsDone, double loss);
  std::optional<BreakpointHit> deadLayer(int64_t step, int64_t epochsDone, const std::vector<TensorStats>& reluOutputs);

  BreakpointConfig cfg_;
  int64_t steps_ = 0;
  double lossMean_ = 0;
  int64_t lossSteps_ = 0;
  bool lossFired_ = false;
  double bestMetric_ = std::nan("");
  bool dropFired_ = false;
  std::set<std::string> deadFired_;  // layers that fired and have not come back
};

// The log's sentence for a hit, translatable.
Message breakpointMessage(const BreakpointHit& hit);
// Appends the hit to run.json's "breakpoints" (a resume and a fork's child read them).
void recordBreakpoint(nlohmann::json& info, const BreakpointHit& hit);

}  // namespace trainscope
