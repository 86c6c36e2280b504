#include "engine/search/search_space.h"

#include "engine/config/config.h"
#include "engine/config/config_fields.h"
#include "engine/config/problem.h"

#include <cmath>
#include <random>
#include <sstream>

namespace trainscope {

namespace {

const std::vector<std::pair<SpaceKind, std::string>>& kindNames() {
  static const std::vector<std::pair<SpaceKind, std::string>> names = {{SpaceKind::LogUniform, "log_uniform"},
                                                                       {SpaceKind::Uniform, "uniform"},
                                                                       {SpaceKind::Int, "int"},
                                                                       {SpaceKind::Choice, "choice"}};
  return names;
}

[[noreturn]] void bad(const std::string& field, const std::string& message) {
  throw ConfigError("space: " + field, message);
}

void readRange(const std::string& field, const nlohmann::json& ends, SearchDimension& d) {
  if (!ends.is_array() || ends.size() != 2 || !ends[0].is_number() || !ends[1].is_number())
    bad(field, "a range is two numbers, [low, high]");
  d.low = ends[0].get<double>();
  d.high = ends[1].get<double>();
  if (!(d.low < d.high)) bad(field, "the range's low end must be below its high end");
  if (d.kind == SpaceKind::LogUniform && d.low <= 0) bad(field, "a log_uniform range must lie above 0");
}

SearchDimension readDimension(const std::string& field, const nlohmann::json& spec) {
  const ConfigField* declared = findConfigField(field);
  if (!declared) bad(field, "not a config field (docs/config.md lists them)");
  if (declared->describes_only) bad(field, "only names or places the run; a search varies what it computes");
  SearchDimension d;
  d.field = field;
  const nlohmann::json defaultValue = declared->value(ExperimentConfig{});
  d.integer = defaultValue.is_number_integer();
  if (spec.is_array()) {
    d.kind = SpaceKind::Choice;
    d.values = spec.get<std::vector<nlohmann::json>>();
  } else if (spec.is_object()) {
    bool found = false;
    for (const auto& [kind, name] : kindNames()) {
      if (!spec.contains(name)) continue;
      if (found) bad(field, "give one of log_uniform, uniform, int or choice");
      found = true;
      d.kind = kind;
      if (kind == SpaceKind::Choice) {
        if (!spec[name].is_array()) bad(field, "choice is a list of values");
        d.values = spec[name].get<std::vector<nlohmann::json>>();
      } else {
        readRange(field, spec[name], d);
      }
    }
    if (!found) bad(field, "give one of log_uniform, uniform, int or choice");
    if (spec.contains("grid")) {
      if (!spec["grid"].is_number_integer() || spec["grid"].get<int>() < 2 || spec["grid"].get<int>() > 100)
        bad(field, "grid is the number of points on the range, 2 to 100");
      d.grid_points = spec["grid"].get<int>();
    }
  } else {
    bad(field, "give a range ({\"log_uniform\": [low, high]}) or a list of values");
  }
  if (d.kind == SpaceKind::Int) d.integer = true;
  if (d.kind == SpaceKind::Int && std::ceil(d.low) > std::floor(d.high)) bad(field, "the range holds no integer");
  if (d.kind == SpaceKind::Choice && d.values.empty()) bad(field, "give at least one value");
  return d;
}

// 3 significant digits: 0.0031622 -> 0.00316.
double roundSignificant(double v) {
  if (v == 0 || !std::isfinite(v)) return v;
  const double scale = std::pow(10.0, 2 - std::floor(std::log10(std::fabs(v))));
  return std::round(v * scale) / scale;
}

nlohmann::json numberFor(const SearchDimension& d, double v) {
  if (d.integer) return static_cast<int64_t>(std::llround(v));
  return roundSignificant(v);
}

// splitmix64: independent streams for (seed, trial) pairs.
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

bool SearchDimension::numeric() const {
  if (kind != SpaceKind::Choice) return true;
  for (const auto& v : values)
    if (!v.is_number()) return false;
  return true;
}

std::string kindName(SpaceKind kind) {
  for (const auto& [k, name] : kindNames())
    if (k == kind) return name;
  return "choice";
}

SearchSpace parseSearchSpace(const nlohmann::json& space) {
  if (!space.is_object() || space.empty())
    throw ConfigError("space", "an object of config fields, e.g. {\"" +
                                   configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr).key +
                                   "\": {\"log_uniform\": [1e-4, 0.1]}}");
  SearchSpace out;
  for (const auto& [field, spec] : space.items()) out.dimensions.push_back(readDimension(field, spec));
  return out;
}

SearchSpace loadSearchSpace(const std::string& path) { return parseSearchSpace(readConfigJson(path, "space")); }

nlohmann::json toJson(const SearchSpace& space) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& d : space.dimensions) {
    nlohmann::json spec = nlohmann::json::object();
    if (d.kind == SpaceKind::Choice) {
      spec["choice"] = d.values;
    } else {
      spec[kindName(d.kind)] = {d.low, d.high};
      spec["grid"] = d.grid_points;
    }
    out[d.field] = spec;
  }
  return out;
}

TrialParams randomTrial(const SearchSpace& space, uint64_t seed, int64_t index) {
  std::mt19937_64 rng(mix(seed ^ mix(static_cast<uint64_t>(index) + 1)));
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  TrialParams params = TrialParams::object();
  for (const auto& d : space.dimensions) {
    const double u = unit(rng);
    switch (d.kind) {
      case SpaceKind::LogUniform:
        params[d.field] = numberFor(d, std::exp(std::log(d.low) + u * (std::log(d.high) - std::log(d.low))));
        break;
      case SpaceKind::Uniform: params[d.field] = numberFor(d, d.low + u * (d.high - d.low)); break;
      case SpaceKind::Int: {
        const double span = std::floor(d.high) - std::ceil(d.low) + 1;
        params[d.field] = static_cast<int64_t>(std::ceil(d.low) + std::min(std::floor(u * span), span - 1));
        break;
      }
      case SpaceKind::Choice: {
        const auto n = d.values.size();
        params[d.field] = d.values[std::min(n - 1, static_cast<size_t>(u * static_cast<double>(n)))];
        break;
      }
    }
  }
  return params;
}

std::vector<nlohmann::json> gridValues(const SearchDimension& d) {
  if (d.kind == SpaceKind::Choice) return d.values;
  std::vector<nlohmann::json> out;
  if (d.kind == SpaceKind::Int) {
    const double step = (d.high - d.low) / (d.grid_points - 1);
    for (int i = 0; i < d.grid_points; ++i) {
      nlohmann::json v = static_cast<int64_t>(std::llround(d.low + i * step));
      if (out.empty() || out.back() != v) out.push_back(v);
    }
    return out;
  }
  for (int i = 0; i < d.grid_points; ++i) {
    const double t = static_cast<double>(i) / (d.grid_points - 1);
    const double v = d.kind == SpaceKind::LogUniform
                         ? std::exp(std::log(d.low) + t * (std::log(d.high) - std::log(d.low)))
                         : d.low + t * (d.high - d.low);
    const nlohmann::json value = numberFor(d, v);
    if (out.empty() || out.back() != value) out.push_back(value);  // an integer field's points may coincide
  }
  return out;
}

size_t gridSize(const SearchSpace& space) {
  size_t n = 1;
  for (const auto& d : space.dimensions) n *= gridValues(d).size();
  return n;
}

TrialParams gridTrial(const SearchSpace& space, size_t index) {
  TrialParams params = TrialParams::object();
  std::vector<std::vector<nlohmann::json>> values;
  for (const auto& d : space.dimensions) values.push_back(gridValues(d));
  for (size_t i = space.dimensions.size(); i-- > 0;) {
    const size_t n = values[i].size();
    params[space.dimensions[i].field] = values[i][index % n];
    index /= n;
  }
  TrialParams ordered = TrialParams::object();
  for (const auto& d : space.dimensions) ordered[d.field] = params[d.field];
  return ordered;
}

std::string paramsLabel(const TrialParams& params) {
  std::ostringstream out;
  for (const auto& [field, value] : params.items())
    out << (out.tellp() > 0 ? " " : "") << field << "="
        << (value.is_string() ? value.get<std::string>()
                              : value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  return out.str();
}

nlohmann::json trialConfig(const nlohmann::json& base, const TrialParams& params) {
  nlohmann::json config = base;
  for (const auto& [field, value] : params.items())
    applyOverride(config, field + "=" + value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  try {
    parseConfig(config);
  } catch (const ConfigError& e) {
    Problems problems;
    for (const auto& p : e.problems()) problems.push_back({"trial (" + paramsLabel(params) + ")", p.text()});
    throw ConfigError(problems);
  }
  return config;
}

}  // namespace trainscope
