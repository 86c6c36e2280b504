#include "engine/run/lesson.h"

#include "engine/config/config_fields.h"
#include "engine/config/json_fields.h"
#include "engine/run/metric_fields.h"

#include <algorithm>
#include <filesystem>

namespace trainscope {

const std::vector<std::string>& lessonMetrics() {
  static const std::vector<std::string> m = [] {
    std::vector<std::string> keys;
    for (const auto& c : curveNames()) keys.push_back(c.key);
    return keys;
  }();
  return m;
}

namespace {
std::string textIn(const std::map<std::string, std::string>& texts, const std::string& language) {
  auto it = texts.find(language);
  if (it == texts.end()) it = texts.find("en");
  return it == texts.end() ? std::string() : it->second;
}

void readTexts(JsonFields& f, const std::string& key, std::map<std::string, std::string>& out) {
  const nlohmann::json* v = f.child(key);
  if (!v) {
    f.problem(key, "missing: the text in English (\"en\") and Simplified Chinese (\"zh_CN\")");
    return;
  }
  if (!v->is_object()) {
    f.problem(key, "must be an object of texts by language, e.g. {\"en\": \"...\", \"zh_CN\": \"...\"}");
    return;
  }
  for (const char* language : {"en", "zh_CN"})
    if (!v->contains(language) || !(*v)[language].is_string() || (*v)[language].get<std::string>().empty())
      f.problem(key + "." + language, "missing: every lesson is written in English and Simplified Chinese");
  for (auto it = v->begin(); it != v->end(); ++it)
    if (it->is_string()) out[it.key()] = it->get<std::string>();
}
// A lesson's own data ships beside it (share/trainscope/datasets): a relative path in
// its dataset section is relative to the lesson file, wherever it is installed.
void resolveDataPaths(DatasetConfig& d, const std::filesystem::path& lessonDir) {
  for (std::string* p : {&d.root, &d.path, &d.val_path})
    if (!p->empty() && std::filesystem::path(*p).is_relative()) *p = (lessonDir / *p).lexically_normal().string();
}
}  // namespace

std::string Lesson::titleIn(const std::string& language) const { return textIn(title, language); }
std::string Lesson::explanationIn(const std::string& language) const { return textIn(explanation, language); }

Lesson loadLesson(const std::string& path) {
  nlohmann::json j = readConfigJson(path);  // throws ConfigError naming the file when unreadable
  Problems problems;
  Lesson lesson;
  lesson.file = path;
  if (!j.contains("lesson") || !j["lesson"].is_object())
    throw ConfigError("lesson", "missing (a lesson file has a \"lesson\" section)");
  const nlohmann::json section = j["lesson"];
  j.erase("lesson");
  JsonFields f(section, "lesson", problems);
  f.read("number", lesson.number, 1, 1000);
  readTexts(f, "title", lesson.title);
  readTexts(f, "explanation", lesson.explanation);
  f.read("metrics", lesson.metrics, lessonMetrics());
  if (lesson.metrics.empty()) f.problem("metrics", "name at least one curve to compare");
  std::vector<std::string> axes;
  for (const auto& a : curveAxes()) axes.push_back(a.key);
  f.read("x", lesson.x, axes);
  f.read("log_scale", lesson.log_scale);
  const nlohmann::json* runs = f.child("runs");
  if (!runs || !runs->is_array() || runs->empty())
    f.problem("runs", "must list the variants to run, e.g. [{\"label\": \"baseline\", \"set\": {}}]");
  f.rejectUnknown();
  for (size_t i = 0; runs && runs->is_array() && i < runs->size(); ++i) {
    const std::string where = "lesson.runs[" + std::to_string(i) + "]";
    const nlohmann::json& r = (*runs)[i];
    Problems runProblems;
    JsonFields rf(r, where, runProblems);
    LessonRun run;
    rf.read("label", run.label);
    if (run.label.empty()) rf.problem("label", "missing: how the comparison names this variant");
    const nlohmann::json* set = rf.child("set");
    rf.rejectUnknown();
    nlohmann::json variant = j;
    if (set && !set->is_object())
      rf.problem("set", "must be an object of field: value, e.g. {\"" +
                            configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr).key + "\": 0.1}");
    if (set && set->is_object()) {
      run.set = *set;
      for (auto it = set->begin(); it != set->end(); ++it) {
        try {
          applyOverride(variant, it.key() + "=" + it->dump());
        } catch (const ConfigError& e) {
          for (const auto& p : e.problems()) runProblems.push_back({where + ".set", p.text()});
        }
      }
    }
    const std::string name = configField(&ExperimentConfig::name).key;
    const std::string base = j.contains(name) && j[name].is_string() ? j[name].get<std::string>() : "lesson";
    // A lesson's runs are named by their variant ("lesson2_zero_grad-correct"): that is
    // what tells them apart in its table and legends.
    if (!run.label.empty())
      variant[name] = variant[configField(&ExperimentConfig::run_name).key] = base + "-" + run.label;
    try {
      run.config = parseConfig(variant);
      resolveDataPaths(run.config.dataset, std::filesystem::path(path).parent_path());
    } catch (const ConfigError& e) {
      for (const auto& p : e.problems()) runProblems.push_back({where + " (" + run.label + ")", p.text()});
    }
    problems.insert(problems.end(), runProblems.begin(), runProblems.end());
    lesson.runs.push_back(std::move(run));
  }
  if (!problems.empty()) throw ConfigError(problems);
  return lesson;
}

std::vector<Lesson> loadLessons(const std::string& dir, Problems* problems) {
  std::vector<Lesson> out;
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    try {
      out.push_back(loadLesson(f.string()));
    } catch (const ConfigError& e) {
      if (problems)
        for (const auto& p : e.problems()) problems->push_back({f.filename().string(), p.text()});
    } catch (const std::exception& e) {  // anything else wrong with the file: report it too
      if (problems) problems->push_back({f.filename().string(), e.what()});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Lesson& a, const Lesson& b) { return a.number < b.number; });
  return out;
}

}  // namespace trainscope
