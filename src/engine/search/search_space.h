// A hyperparameter search's space: config fields with the values a trial may take,
// as a JSON object keyed by the field ("optimizer.lr"):
//   {"log_uniform": [1e-4, 0.1]}   a rate: uniform in its logarithm
//   {"uniform": [0, 0.5]}          a real number
//   {"int": [1, 4]}                an integer, both ends included
//   {"choice": [32, 64, 128]}      one of these values; a plain list means the same
// A range may add "grid": N, its number of points for the grid sampler (3 by default).
// Samplers: random (seeded, trial by trial, so a resumed search draws the same trials)
// and grid (every combination, in order). No torch.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

enum class SpaceKind { LogUniform, Uniform, Int, Choice };

struct SearchDimension {
  std::string field;  // a declared config field, dotted
  SpaceKind kind = SpaceKind::Choice;
  double low = 0, high = 0;            // a range's ends
  std::vector<nlohmann::json> values;  // a choice's values
  int grid_points = 3;                 // a range's points on a grid
  bool integer = false;                // the field holds an integer: drawn values are rounded

  bool numeric() const;  // a range, or a choice of numbers only
};

struct SearchSpace {
  std::vector<SearchDimension> dimensions;
};

// Throws ConfigError naming "space: FIELD" for an unknown field, a field that only
// names the run, an empty choice or a range that is not one (low >= high, a log range
// not above 0).
SearchSpace parseSearchSpace(const nlohmann::json& space);
// readConfigJson(path) then parseSearchSpace; the file's problems name "space".
SearchSpace loadSearchSpace(const std::string& path);
nlohmann::json toJson(const SearchSpace& space);
std::string kindName(SpaceKind kind);  // log_uniform, uniform, int, choice

// A trial's values: field -> value, in the space's order.
using TrialParams = nlohmann::ordered_json;

// Trial `index` of a random search with `seed`: the same every time it is asked. Real
// values keep 3 significant digits, so a trial's settings read as a person types them.
TrialParams randomTrial(const SearchSpace& space, uint64_t seed, int64_t index);
// The values a dimension takes on a grid (log-spaced for a log range).
std::vector<nlohmann::json> gridValues(const SearchDimension& dimension);
size_t gridSize(const SearchSpace& space);
// Combination `index` of the grid, the last dimension changing fastest.
TrialParams gridTrial(const SearchSpace& space, size_t index);

// "optimizer.lr=0.00316 loader.batch_size=64".
std::string paramsLabel(const TrialParams& params);
// The base experiment with the trial's values set; throws ConfigError naming the
// trial's values when the result does not validate.
nlohmann::json trialConfig(const nlohmann::json& base, const TrialParams& params);

}  // namespace trainscope
