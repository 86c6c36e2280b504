#include "engine/config/config.h"

#include "engine/config/config_checks.h"
#include "engine/config/config_fields.h"
#include "engine/config/file_input.h"
#include "engine/config/image_size.h"
#include "engine/config/json_fields.h"
#include "engine/config/recipes.h"
#include "engine/config/transforms_config.h"

#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

namespace trainscope {

namespace {

// One section's object inside its parent's (`key` its last part), or null with a
// problem when it is something else.
const nlohmann::json* sectionObject(JsonFields& parent, const std::string& key) {
  const auto* s = parent.child(key);
  if (s && !s->is_object()) {
    parent.problem(key, "must be an object, got " + describeJsonType(*s));
    return nullptr;
  }
  return s;
}

// Every declared field of `section` ("" the top level) from its object.
void readFields(JsonFields& f, const std::string& section, ExperimentConfig& c) {
  for (const auto& field : configFields())
    if (field.section() == section) readConfigField(f, field, c);
}

void readTransforms(JsonFields& top, ExperimentConfig& c, Problems& problems) {
  c.train_transforms = defaultTransforms(c.dataset, true);
  c.val_transforms = defaultTransforms(c.dataset, false);
  const std::string& key = transformsKey();
  if (const auto* s = sectionObject(top, key)) {
    JsonFields f(*s, key, problems);
    if (const auto* t = f.child("train")) c.train_transforms = parsePipeline(*t, key + ".train", problems);
    if (const auto* t = f.child("val")) c.val_transforms = parsePipeline(*t, key + ".val", problems);
    f.rejectUnknown();
  }
  applyImageSize(c.train_transforms, c.model.image_size);
  applyImageSize(c.val_transforms, c.model.image_size);
  if (c.dataset.kind == "csv" || c.dataset.kind == "text-folder") {
    if (!c.train_transforms.empty() || !c.val_transforms.empty())
      problems.push_back({key, c.dataset.kind == "csv"
                                   ? "a csv table takes no transforms: its columns are standardised and encoded"
                                   : "text takes no transforms: documents become token ids"});
    return;
  }
  const int inputChannels = c.dataset.kind == "fashion-mnist" ? 1 : c.dataset.channels;
  const bool variableSizes = c.dataset.kind == "image-folder";
  checkPipeline(c.train_transforms, key + ".train", inputChannels, variableSizes, problems);
  checkPipeline(c.val_transforms, key + ".val", inputChannels, variableSizes, problems);
}

}  // namespace

ExperimentConfig parseConfig(const nlohmann::json& j) {
  if (!j.is_object()) throw ConfigError("config", "must be a JSON object, got " + describeJsonType(j));
  Problems problems;
  ExperimentConfig c;
  // Each section read from its object inside its parent's ("training.early_stopping"
  // inside "training"); unknown keys are looked for once every child has been asked.
  std::map<std::string, std::unique_ptr<JsonFields>> read;
  read[""] = std::make_unique<JsonFields>(j, "", problems);
  JsonFields& top = *read[""];
  for (const auto& section : configSections()) {
    const auto dot = section.rfind('.');
    const std::string parent = dot == std::string::npos ? "" : section.substr(0, dot);
    const auto p = read.find(section.empty() ? "" : parent);
    if (p == read.end()) continue;  // its parent is missing or not an object
    if (!section.empty()) {
      const auto* s = sectionObject(*p->second, section.substr(dot == std::string::npos ? 0 : dot + 1));
      if (!s) continue;
      read[section] = std::make_unique<JsonFields>(*s, section, problems);
    }
    readFields(*read[section], section, c);
  }
  for (auto& [section, fields] : read)
    if (!section.empty()) fields->rejectUnknown();
  checkConfigRules(c, j, problems);
  readTransforms(top, c, problems);
  top.rejectUnknown();
  if (!problems.empty()) throw ConfigError(problems);
  return c;
}

nlohmann::json readConfigJson(const std::string& path, const std::string& field) {
  std::string text;
  try {  // a FIFO or /dev/zero given as the config would block or never end
    text = readRegularFile(path, kMaxJsonBytes);
  } catch (const BadInput& e) {
    throw ConfigError(field, e.what());
  }
  if (jsonNestingDepth(text) > kMaxJsonDepth)
    throw ConfigError(field, path + " nests objects or arrays more than " + std::to_string(kMaxJsonDepth) +
                                 " levels deep: not a config");
  // JSON parsers keep one of two equal keys and drop the other without a word: a
  // setting written twice is a mistake to report, naming the key.
  struct Frame {
    bool object;
    std::string path;
    std::set<std::string> keys;
    std::string lastKey;
  };
  std::vector<Frame> frames;
  Problems duplicates;
  const nlohmann::json::parser_callback_t noteKeys = [&](int, nlohmann::json::parse_event_t event,
                                                         nlohmann::json& parsed) {
    using E = nlohmann::json::parse_event_t;
    if (event == E::object_start || event == E::array_start) {
      std::string where = frames.empty() ? "" : frames.back().path;
      if (!frames.empty() && frames.back().object) where += (where.empty() ? "" : ".") + frames.back().lastKey;
      if (!frames.empty() && !frames.back().object) where += "[]";
      frames.push_back({event == E::object_start, where, {}, {}});
    } else if (event == E::object_end || event == E::array_end) {
      if (!frames.empty()) frames.pop_back();
    } else if (event == E::key && !frames.empty()) {
      Frame& f = frames.back();
      f.lastKey = parsed.get<std::string>();
      if (!f.keys.insert(f.lastKey).second)
        duplicates.push_back({(f.path.empty() ? "" : f.path + ".") + f.lastKey,
                              "appears twice in " + path + " (JSON would keep only one); remove the other"});
    }
    return true;
  };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text, noteKeys, /*allow_exceptions=*/true, /*ignore_comments=*/true);
  } catch (const nlohmann::json::exception& e) {
    throw ConfigError(field, path + " is not valid JSON: " + e.what());
  }
  if (!duplicates.empty()) throw ConfigError(duplicates);
  if (!j.is_object()) throw ConfigError(field, path + " must hold a JSON object ({ ... }), not " + describeJsonType(j));
  return j;
}

ExperimentConfig loadConfigFile(const std::string& path) { return parseConfig(readConfigJson(path)); }

nlohmann::json toJson(const ExperimentConfig& c) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& field : configFields()) j[nlohmann::json::json_pointer(field.pointer())] = field.value(c);
  j[transformsKey()] = {{"train", pipelineJson(c.train_transforms)}, {"val", pipelineJson(c.val_transforms)}};
  return j;
}

void applyOverride(nlohmann::json& j, const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError(
        "--set " + assignment,
        "expected key=value, e.g. " + configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr).key + "=0.1");
  const std::string key = assignment.substr(0, eq);
  const std::string text = assignment.substr(eq + 1);
  nlohmann::json value = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) value = text;  // plain words are strings: model.name=mlp

  nlohmann::json* node = &j;
  std::stringstream parts(key);
  std::string part, walked;
  std::vector<std::string> path;
  while (std::getline(parts, part, '.')) path.push_back(part);
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    walked += (walked.empty() ? "" : ".") + path[i];
    if (!node->contains(path[i])) (*node)[path[i]] = nlohmann::json::object();
    node = &(*node)[path[i]];
    if (!node->is_object()) throw ConfigError(walked, "is not an object, so " + key + " cannot be set");
  }
  (*node)[path.back()] = value;
}

}  // namespace trainscope
