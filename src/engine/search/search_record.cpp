#include "engine/search/search_record.h"

#include "engine/config/file_input.h"
#include "engine/system/atomic_file.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

namespace trainscope {

namespace {

namespace fs = std::filesystem;

const std::vector<std::pair<TrialStatus, std::string>>& statusNames() {
  static const std::vector<std::pair<TrialStatus, std::string>> names = {
      {TrialStatus::Queued, "queued"}, {TrialStatus::Running, "running"}, {TrialStatus::Finished, "finished"},
      {TrialStatus::Pruned, "pruned"}, {TrialStatus::Failed, "failed"},   {TrialStatus::Interrupted, "interrupted"}};
  return names;
}

nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }
double number(const nlohmann::json& j) { return j.is_number() ? j.get<double>() : std::nan(""); }

nlohmann::json trialJson(const TrialRecord& t) {
  nlohmann::json rungs = nlohmann::json::object(), curve = nlohmann::json::array();
  for (const auto& [epoch, value] : t.rungs) rungs[std::to_string(epoch)] = number(value);
  for (double v : t.curve) curve.push_back(number(v));
  return {{"index", t.index},         {"preset", t.preset},           {"params", t.params},
          {"run_dir", t.run_dir},     {"status", toString(t.status)}, {"rungs", rungs},
          {"curve", curve},           {"best", number(t.best)},       {"best_epoch", t.best_epoch},
          {"pruned_at", t.pruned_at}, {"message", t.message}};
}

TrialRecord trialFromJson(const nlohmann::json& j) {
  TrialRecord t;
  t.index = j.value("index", 0);
  t.preset = j.value("preset", false);
  if (j.contains("params") && j["params"].is_object())
    t.params = TrialParams::parse(j["params"].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  t.run_dir = j.value("run_dir", "");
  t.status = trialStatusFromString(j.value("status", ""));
  if (j.contains("rungs") && j["rungs"].is_object())
    for (const auto& [epoch, value] : j["rungs"].items()) t.rungs[std::stoll(epoch)] = number(value);
  if (j.contains("curve") && j["curve"].is_array())
    for (const auto& v : j["curve"]) t.curve.push_back(number(v));
  t.best = number(j.value("best", nlohmann::json()));
  t.best_epoch = j.value("best_epoch", int64_t{0});
  t.pruned_at = j.value("pruned_at", int64_t{0});
  t.message = j.value("message", "");
  return t;
}

nlohmann::json settingsJson(const SearchSettings& s) {
  return {{"sampler", s.sampler},
          {"trials", s.trials},
          {"seed", s.seed},
          {"parallel", s.parallel},
          {"preset", s.preset},
          {"halving", {{"on", s.halving.on}, {"min_epochs", s.halving.min_epochs}, {"eta", s.halving.eta}}},
          {"metric", s.metric},
          {"mode", s.mode}};
}

SearchSettings settingsFromJson(const nlohmann::json& j) {
  SearchSettings s;
  s.sampler = j.value("sampler", s.sampler);
  s.trials = j.value("trials", s.trials);
  s.seed = j.value("seed", s.seed);
  s.parallel = j.value("parallel", s.parallel);
  s.preset = j.value("preset", s.preset);
  if (j.contains("halving") && j["halving"].is_object()) {
    const auto& h = j["halving"];
    s.halving.on = h.value("on", false);
    s.halving.min_epochs = h.value("min_epochs", s.halving.min_epochs);
    s.halving.eta = h.value("eta", s.halving.eta);
  }
  s.metric = j.value("metric", s.metric);
  s.mode = j.value("mode", s.mode);
  return s;
}

}  // namespace

bool betterMetric(double a, double b, bool maximize) {
  if (!std::isfinite(a)) return false;
  if (!std::isfinite(b)) return true;
  return maximize ? a > b : a < b;
}

std::string toString(TrialStatus status) {
  for (const auto& [s, name] : statusNames())
    if (s == status) return name;
  return "queued";
}

TrialStatus trialStatusFromString(const std::string& text) {
  for (const auto& [s, name] : statusNames())
    if (name == text) return s;
  return TrialStatus::Queued;
}

nlohmann::json toJson(const SearchRecord& r) {
  nlohmann::json trials = nlohmann::json::array();
  for (const auto& t : r.trials) trials.push_back(trialJson(t));
  return {{"format", 1},
          {"name", r.name},
          {"created", r.created},
          {"state", r.state},
          {"base", r.base},
          {"space", r.space},
          {"settings", settingsJson(r.settings)},
          {"epochs", r.epochs},
          {"metric", r.metric_key},
          {"maximize", r.maximize},
          {"trials", trials},
          {"summary", r.summary}};
}

SearchRecord searchRecordFromJson(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("trials") || !j["trials"].is_array())
    throw std::runtime_error("not a search record (no trials)");
  SearchRecord r;
  r.name = j.value("name", "");
  r.created = j.value("created", "");
  r.state = j.value("state", "running");
  r.base = j.value("base", nlohmann::json::object());
  r.space = j.value("space", nlohmann::json::object());
  if (j.contains("settings") && j["settings"].is_object()) r.settings = settingsFromJson(j["settings"]);
  r.epochs = j.value("epochs", int64_t{0});
  r.metric_key = j.value("metric", "");
  r.maximize = j.value("maximize", true);
  for (const auto& t : j["trials"]) r.trials.push_back(trialFromJson(t));
  r.summary = j.value("summary", nlohmann::json());
  return r;
}

bool saveSearchRecord(const std::string& dir, const SearchRecord& record, std::string* why) {
  return writeFileAtomically(fs::path(dir) / kSearchFile,
                             toJson(record).dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n", why);
}

SearchRecord loadSearchRecord(const std::string& dir) {
  const fs::path file = fs::path(dir) / kSearchFile;
  try {
    return searchRecordFromJson(nlohmann::json::parse(readRegularFile(file.string(), 64 << 20)));
  } catch (const std::exception& e) {
    throw std::runtime_error(file.string() + ": " + e.what());
  }
}

std::string searchesDir(const std::string& runsDir) { return (fs::path(runsDir) / "searches").string(); }

std::vector<std::string> listSearches(const std::string& runsDir) {
  std::vector<std::pair<fs::file_time_type, std::string>> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(searchesDir(runsDir), ec)) {
    const fs::path file = entry.path() / kSearchFile;
    if (fs::is_regular_file(file, ec)) found.emplace_back(fs::last_write_time(file, ec), entry.path().string());
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

}  // namespace trainscope
