// A small grid of experiments (e.g. learning rate x weight decay): every combination
// of the values given for a few fields, each a complete, validated experiment.
#pragma once

#include "engine/config/config.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace trainscope {

struct GridAxis {
  std::string field;  // dotted, e.g. "optimizer.lr"
  std::vector<nlohmann::json> values;
};

struct GridRun {
  std::string label;        // "optimizer.lr=0.1 optimizer.weight_decay=0.0001"
  nlohmann::json config;    // the experiment, name suffixed with the values
  ExperimentConfig parsed;  // the same, parsed and validated
};

// Throws ConfigError naming the field and value when a combination does not validate,
// or when the grid is empty or larger than `maxRuns`.
std::vector<GridRun> expandGrid(const nlohmann::json& base, const std::vector<GridAxis>& axes, size_t maxRuns = 64);

// "0.1, 0.01, 1e-3" -> [0.1, 0.01, 0.001]; words stay strings ("adam, sgd").
std::vector<nlohmann::json> parseGridValues(const std::string& text);

}  // namespace trainscope
