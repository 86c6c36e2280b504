#include "engine/config/json_fields.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace trainscope {

std::string describeJsonType(const nlohmann::json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "a boolean";
  if (v.is_number_integer() || v.is_number_unsigned()) return "an integer";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  return "an object";
}

std::string formatNumber(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

namespace {
size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}
}  // namespace

JsonFields::JsonFields(const nlohmann::json& object, std::string path, Problems& problems)
    : object_(object), path_(std::move(path)), problems_(problems) {}

std::string JsonFields::pathOf(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }

void JsonFields::problem(const std::string& key, const std::string& message) {
  problems_.push_back({pathOf(key), message});
}

bool JsonFields::has(const std::string& key) const { return object_.is_object() && object_.contains(key); }

const nlohmann::json* JsonFields::child(const std::string& key) {
  known_.insert(key);
  if (!has(key)) return nullptr;
  return &object_.at(key);
}

const nlohmann::json* JsonFields::numberField(const std::string& key) {
  const auto* v = child(key);
  if (!v) return nullptr;
  if (!v->is_number()) {
    problem(key, "must be a number, got " + describeJsonType(*v));
    return nullptr;
  }
  return v;
}

bool JsonFields::checkRange(const std::string& key, double v, double min, double max, bool minExclusive) {
  if (!std::isfinite(v) || (minExclusive ? v <= min : v < min) || v > max) {
    std::string range = (minExclusive ? "> " : ">= ") + formatNumber(min);
    if (max < 1e300) range += " and <= " + formatNumber(max);
    problem(key, "must be " + range + ", got " + formatNumber(v));
    return false;
  }
  return true;
}

void JsonFields::read(const std::string& key, std::string& out, const std::vector<std::string>& choices) {
  const auto* v = child(key);
  if (!v) return;
  if (!v->is_string()) {
    problem(key, "must be a string, got " + describeJsonType(*v));
    return;
  }
  auto s = v->get<std::string>();
  if (!choices.empty() && std::find(choices.begin(), choices.end(), s) == choices.end()) {
    std::string list;
    for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
    problem(key, "must be one of " + list + ", got \"" + s + "\"");
    return;
  }
  out = s;
}

void JsonFields::read(const std::string& key, std::vector<std::string>& out, const std::vector<std::string>& choices) {
  const auto* v = child(key);
  if (!v) return;
  const nlohmann::json items = v->is_string() ? nlohmann::json::array({*v}) : *v;
  if (!items.is_array()) {
    problem(key, "must be an array of strings, got " + describeJsonType(*v));
    return;
  }
  std::vector<std::string> result;
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string where = key + "[" + std::to_string(i) + "]";
    if (!items[i].is_string()) {
      problem(where,
              "must be a string, got " + items[i].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
      return;
    }
    const auto s = items[i].get<std::string>();
    if (!choices.empty() && std::find(choices.begin(), choices.end(), s) == choices.end()) {
      std::string list;
      for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
      problem(where, "must be one of " + list + ", got \"" + s + "\"");
      return;
    }
    result.push_back(s);
  }
  out = result;
}

void JsonFields::read(const std::string& key, bool& out) {
  const auto* v = child(key);
  if (!v) return;
  if (!v->is_boolean()) {
    problem(key, "must be true or false, got " + describeJsonType(*v));
    return;
  }
  out = v->get<bool>();
}

void JsonFields::read(const std::string& key, int& out, double min, double max) {
  int64_t wide = out;
  read(key, wide, min, max);
  out = static_cast<int>(wide);
}

void JsonFields::read(const std::string& key, int64_t& out, double min, double max) {
  const auto* v = numberField(key);
  if (!v) return;
  double d = v->get<double>();
  if (!v->is_number_integer() && !v->is_number_unsigned() && d != std::floor(d)) {
    problem(key, "must be a whole number, got " + formatNumber(d));
    return;
  }
  if (checkRange(key, d, min, max, false)) out = static_cast<int64_t>(d);
}

void JsonFields::read(const std::string& key, uint64_t& out) {
  const auto* v = numberField(key);
  if (!v) return;
  if (v->is_number_unsigned()) {
    out = v->get<uint64_t>();
  } else if (v->is_number_integer() && v->get<int64_t>() >= 0) {
    out = static_cast<uint64_t>(v->get<int64_t>());
  } else {
    problem(key, "must be a non-negative whole number, got " + v->dump());
  }
}

void JsonFields::read(const std::string& key, double& out, double min, double max, bool minExclusive) {
  const auto* v = numberField(key);
  if (!v) return;
  double d = v->get<double>();
  if (checkRange(key, d, min, max, minExclusive)) out = d;
}

void JsonFields::read(const std::string& key, std::vector<int>& out, double min, double max) {
  const auto* v = child(key);
  if (!v) return;
  if (v->is_number()) {  // a single number is the common shorthand ("size": 224)
    int64_t one = 0;
    read(key, one, min, max);
    out = {static_cast<int>(one)};
    return;
  }
  if (!v->is_array()) {
    problem(key, "must be an array of whole numbers, got " + describeJsonType(*v));
    return;
  }
  std::vector<int> result;
  for (size_t i = 0; i < v->size(); ++i) {
    const auto& e = (*v)[i];
    std::string where = key + "[" + std::to_string(i) + "]";
    if (!e.is_number() || e.get<double>() != std::floor(e.get<double>())) {
      problem(where, "must be a whole number, got " + e.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
      return;
    }
    if (!checkRange(where, e.get<double>(), min, max, false)) return;
    result.push_back(e.get<int>());
  }
  out = result;
}

void JsonFields::read(const std::string& key, std::vector<double>& out, double min, double max) {
  const auto* v = child(key);
  if (!v) return;
  if (!v->is_array()) {
    problem(key, "must be an array of numbers, got " + describeJsonType(*v));
    return;
  }
  std::vector<double> result;
  for (size_t i = 0; i < v->size(); ++i) {
    const auto& e = (*v)[i];
    std::string where = key + "[" + std::to_string(i) + "]";
    if (!e.is_number()) {
      problem(where, "must be a number, got " + describeJsonType(e));
      return;
    }
    if (!checkRange(where, e.get<double>(), min, max, false)) return;
    result.push_back(e.get<double>());
  }
  out = result;
}

void JsonFields::rejectUnknown(const std::vector<std::string>& alsoKnown) {
  if (!object_.is_object()) return;
  for (const auto& k : alsoKnown) known_.insert(k);
  for (auto it = object_.begin(); it != object_.end(); ++it) {
    if (known_.count(it.key())) continue;
    std::string best;
    size_t bestDistance = 3;  // only suggest close matches
    for (const auto& k : known_) {
      size_t d = editDistance(it.key(), k);
      if (d < bestDistance) bestDistance = d, best = k;
    }
    problem(it.key(), best.empty() ? "unknown key" : "unknown key (did you mean \"" + best + "\"?)");
  }
}

}  // namespace trainscope
