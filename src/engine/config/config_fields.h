// Every field of the experiment config, declared once (config_declarations.cpp), in
// the spirit of LibTorch's TORCH_ARG: its key, its member, its range or choices, where
// the app's form shows it with a translatable label and tooltip, and its docs text.
// Parsing, toJson, validation with the field's path, the form's rows and the tables
// of docs/config.md all come from these declarations; code that names a field takes
// it from here by its member (configField(&ExperimentConfig::optimizer,
// &OptimizerConfig::lr).key), so a key is spelled in one place.
#pragma once

#include "engine/config/config.h"
#include "engine/config/translatable.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <variant>
#include <vector>

namespace trainscope {

// The member a field reads and writes.
using FieldRef = std::variant<bool*, int*, int64_t*, uint64_t*, double*, std::string*, std::vector<int>*,
                              std::vector<double>*, std::vector<std::string>*>;

// The app's form groups, in the order the form shows them; None: the file and --set only.
enum class FormGroup { None, Optimizer, Schedule, Training, Debugging, Augmentation, Resources };

// Labels and tooltips are translated under this context (the engine marks them with
// QT_TRANSLATE_NOOP; the app translates them).
inline constexpr const char* kConfigContext = "trainscope::Config";

struct FieldChoice {
  std::string value;       // as the config spells it
  const char* label = "";  // as a menu shows it (a proper name, or translatable); "" = the value
};

struct ConfigField {
  std::string key;  // dotted: "training.label_smoothing"; the one place the key is spelled
  std::function<FieldRef(ExperimentConfig&)> at;
  double min = -1e308, max = 1e308;
  bool min_exclusive = false;
  std::vector<FieldChoice> choices;  // a string's (or each list item's) allowed values; empty = any
  FormGroup group = FormGroup::None;
  int rank = 0;                 // order within the form's group
  const char* label = "";       // translatable under kConfigContext
  const char* tip = "";         // translatable under kConfigContext
  std::string doc;              // the "meaning" column of docs/config.md (Markdown)
  bool describes_only = false;  // names or places the run without changing what it computes
  bool grid = false;            // offered first by the app's grid dialog
  // Decides the data order or the batches, which a checkpoint's position counts in:
  // a resume may not change it.
  bool fixed_on_resume = false;
  bool file_path = false;  // a file or folder: a leading `~/` is the home folder, as in a shell

  std::string section() const;  // "training"; "training.early_stopping"; "" at the top level
  std::string name() const;     // "label_smoothing": the part after the last dot
  std::string pointer() const;  // "/training/label_smoothing"
  bool isList() const;
  bool isNumber() const;  // an int, int64, uint64 or double scalar
  nlohmann::json value(const ExperimentConfig& c) const;
  // The field as written in a config's JSON, or nullptr when it is not there.
  const nlohmann::json* in(const nlohmann::json& config) const;
  std::vector<std::string> choiceValues() const;

  // Fluent declaration (config_declarations.cpp).
  ConfigField& range(double lo, double hi);
  ConfigField& above(double lo, double hi);  // lo excluded
  ConfigField& oneOf(std::vector<FieldChoice> values);
  ConfigField& oneOfValues(const std::vector<std::string>& values);
  ConfigField& onForm(FormGroup g, int order, const char* labelText, const char* tipText);
  ConfigField& describe(std::string markdown);
  ConfigField& describesOnly();
  ConfigField& inGrid();
  ConfigField& fixedOnResume();
  ConfigField& filePath();
};

// Every field, in declaration order (the docs' order).
const std::vector<ConfigField>& configFields();
// The sections in declaration order ("" first: the top level; a section inside another,
// "training.early_stopping", after its parent's fields); "transforms" is apart.
const std::vector<std::string>& configSections();
// The field declared at a key ("optimizer.lr"), or nullptr.
const ConfigField* findConfigField(const std::string& key);

// A default config whose members' addresses identify the fields.
ExperimentConfig& fieldProbe();
// The field whose member lies at `member` inside fieldProbe(); std::logic_error when
// no declaration has it (a programming mistake, caught by the tests).
const ConfigField& configFieldAt(const void* member);
std::string configSectionAt(const void* begin, size_t size);

template <class Section, class T>
const ConfigField& configField(Section ExperimentConfig::*section, T Section::*member) {
  return configFieldAt(&((fieldProbe().*section).*member));
}
// A field of a section inside a section (training.early_stopping.patience).
template <class Section, class Sub, class T>
const ConfigField& configField(Section ExperimentConfig::*section, Sub Section::*sub, T Sub::*member) {
  return configFieldAt(&(((fieldProbe().*section).*sub).*member));
}
template <class T>
const ConfigField& configField(T ExperimentConfig::*member) {
  return configFieldAt(&(fieldProbe().*member));
}
// A section's key ("dataset") by its member.
template <class Section>
std::string configSection(Section ExperimentConfig::*section) {
  return configSectionAt(&(fieldProbe().*section), sizeof(Section));
}
// A section inside a section: configSection(&ExperimentConfig::training, &TrainingConfig::breakpoints).
template <class Section, class Sub>
std::string configSection(Section ExperimentConfig::*section, Sub Section::*sub) {
  return configSectionAt(&((fieldProbe().*section).*sub), sizeof(Sub));
}

// Reads one field from its section's object (JsonFields' checks and messages).
class JsonFields;
void readConfigField(JsonFields& fields, const ConfigField& field, ExperimentConfig& c);

}  // namespace trainscope
