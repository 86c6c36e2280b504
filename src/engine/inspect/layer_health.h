// A layer's health from its latest probe statistics: dead ReLU units, saturated
// sigmoid/tanh units, vanishing or exploding gradients, update-to-weight ratios far
// from the usual ~1e-3. Each flag comes with what it means and what to try, as
// translatable messages. Plain C++: the Inspect page shows it, tests check it headless.
#pragma once

#include "engine/inspect/probe_history.h"
#include "engine/run/message.h"

#include <cmath>
#include <string>
#include <vector>

namespace trainscope {

struct HealthThresholds {
  double dead = 0.5;         // share of exact zeros in a ReLU's output
  double saturated = 0.2;    // share of sigmoid/tanh outputs at their bounds
  double vanishing = 1e-5;   // gradient norm below this
  double exploding = 1e2;    // gradient norm above this
  double updateLow = 1e-5;   // ||update|| / ||weight|| below this: barely learning
  double updateHigh = 5e-2;  // above this: steps too large for the weights
};

enum class HealthFlag { Dead, Saturated, Vanishing, Exploding, UpdateTooSmall, UpdateTooLarge };

struct LayerHealth {
  std::string layer, type;
  double dead = std::nan("");          // share, NaN when not a ReLU-like layer
  double saturated = std::nan("");     // share, NaN when not sigmoid/tanh
  double grad_norm = std::nan("");     // NaN when the layer has no parameters
  double update_ratio = std::nan("");  // largest of its parameters', at the last histogram step
  std::vector<HealthFlag> flags;
};

// A layer whose output zeros are dead units: a ReLU, or a block that ends in one.
inline bool endsInRelu(const std::string& type) { return type == "ReLU" || type == "BasicBlock"; }

std::vector<LayerHealth> assessLayers(const ProbeHistory& history, const HealthThresholds& thresholds = {});
// What a flag means and what to try, for a tooltip; translatable (context "trainscope::LayerHealth").
Message explain(HealthFlag flag, const HealthThresholds& thresholds = {});
// The flag's short name for a table cell ("dead units"); translatable likewise.
Message flagName(HealthFlag flag);

}  // namespace trainscope
