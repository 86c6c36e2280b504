#include "engine/config/experiment_grid.h"

#include "engine/config/config_fields.h"
#include "engine/config/run_name.h"

#include <sstream>

namespace trainscope {

std::vector<nlohmann::json> parseGridValues(const std::string& text) {
  std::vector<nlohmann::json> out;
  std::stringstream parts(text);
  for (std::string part; std::getline(parts, part, ',');) {
    const auto first = part.find_first_not_of(" \t"), last = part.find_last_not_of(" \t");
    if (first == std::string::npos) continue;
    part = part.substr(first, last - first + 1);
    nlohmann::json v = nlohmann::json::parse(part, nullptr, /*allow_exceptions=*/false);
    out.push_back(v.is_discarded() ? nlohmann::json(part) : v);
  }
  return out;
}

std::vector<GridRun> expandGrid(const nlohmann::json& base, const std::vector<GridAxis>& axes, size_t maxRuns) {
  std::vector<GridRun> runs{{"", base}};
  for (const auto& axis : axes) {
    if (axis.field.empty()) continue;
    if (axis.values.empty()) throw ConfigError("grid: " + axis.field, "give at least one value");
    std::vector<GridRun> next;
    for (const auto& run : runs)
      for (const auto& v : axis.values) {
        GridRun r = run;
        applyOverride(r.config, axis.field + "=" + v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        const std::string shown =
            v.is_string() ? v.get<std::string>() : v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        r.label += (r.label.empty() ? "" : " ") + axis.field + "=" + shown;
        next.push_back(std::move(r));
      }
    runs = std::move(next);
    if (runs.size() > maxRuns)
      throw ConfigError(
          "grid", std::to_string(runs.size()) + " runs is more than " + std::to_string(maxRuns) + "; use fewer values");
  }
  if (runs.size() == 1 && runs[0].label.empty()) throw ConfigError("grid", "choose at least one field and its values");
  Problems problems;
  for (auto& r : runs) {
    try {
      // Named by what ran and what the grid changed: "lenet-fashion-mnist optimizer.lr=0.1".
      r.config[configField(&ExperimentConfig::run_name).key] = modelAndDataset(parseConfig(r.config)) + " " + r.label;
      r.parsed = parseConfig(r.config);
    } catch (const ConfigError& e) {
      for (const auto& p : e.problems()) problems.push_back({"grid (" + r.label + ")", p.text()});
    }
  }
  if (!problems.empty()) throw ConfigError(problems);
  return runs;
}

}  // namespace trainscope
