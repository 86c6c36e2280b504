#include "engine/config/config_fields.h"

#include "engine/config/file_input.h"
#include "engine/config/json_fields.h"

#include <map>
#include <stdexcept>

namespace trainscope {

namespace {
template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

const void* addressOf(const FieldRef& ref) {
  return std::visit([](auto* p) -> const void* { return p; }, ref);
}
}  // namespace

std::string ConfigField::section() const {
  const auto dot = key.rfind('.');
  return dot == std::string::npos ? std::string() : key.substr(0, dot);
}

std::string ConfigField::name() const {
  const auto dot = key.rfind('.');
  return dot == std::string::npos ? key : key.substr(dot + 1);
}

std::string ConfigField::pointer() const {
  std::string p = "/" + key;
  for (auto& c : p)
    if (c == '.') c = '/';
  return p;
}

bool ConfigField::isList() const {
  const FieldRef ref = at(fieldProbe());
  return std::holds_alternative<std::vector<int>*>(ref) || std::holds_alternative<std::vector<double>*>(ref) ||
         std::holds_alternative<std::vector<std::string>*>(ref);
}

bool ConfigField::isNumber() const {
  const FieldRef ref = at(fieldProbe());
  return std::holds_alternative<int*>(ref) || std::holds_alternative<int64_t*>(ref) ||
         std::holds_alternative<uint64_t*>(ref) || std::holds_alternative<double*>(ref);
}

nlohmann::json ConfigField::value(const ExperimentConfig& c) const {
  // The accessor hands out a mutable member; this only reads it.
  return std::visit([](auto* p) { return nlohmann::json(*p); }, at(const_cast<ExperimentConfig&>(c)));
}

const nlohmann::json* ConfigField::in(const nlohmann::json& config) const {
  const nlohmann::json::json_pointer p(pointer());
  return config.contains(p) ? &config.at(p) : nullptr;
}

std::vector<std::string> ConfigField::choiceValues() const {
  std::vector<std::string> out;
  for (const auto& c : choices) out.push_back(c.value);
  return out;
}

ConfigField& ConfigField::range(double lo, double hi) {
  min = lo, max = hi, min_exclusive = false;
  return *this;
}

ConfigField& ConfigField::above(double lo, double hi) {
  min = lo, max = hi, min_exclusive = true;
  return *this;
}

ConfigField& ConfigField::oneOf(std::vector<FieldChoice> values) {
  choices = std::move(values);
  return *this;
}

ConfigField& ConfigField::oneOfValues(const std::vector<std::string>& values) {
  choices.clear();
  for (const auto& v : values) choices.push_back({v, ""});
  return *this;
}

ConfigField& ConfigField::onForm(FormGroup g, int order, const char* labelText, const char* tipText) {
  group = g, rank = order, label = labelText, tip = tipText;
  return *this;
}

ConfigField& ConfigField::describe(std::string markdown) {
  doc = std::move(markdown);
  return *this;
}

ConfigField& ConfigField::describesOnly() {
  describes_only = true;
  return *this;
}

ConfigField& ConfigField::inGrid() {
  grid = true;
  return *this;
}

ConfigField& ConfigField::fixedOnResume() {
  fixed_on_resume = true;
  return *this;
}

ConfigField& ConfigField::filePath() {
  file_path = true;
  return *this;
}

const std::vector<std::string>& configSections() {
  static const std::vector<std::string> sections = [] {
    std::vector<std::string> out{""};
    for (const auto& f : configFields())
      if (out.back() != f.section()) out.push_back(f.section());
    return out;
  }();
  return sections;
}

const ConfigField* findConfigField(const std::string& key) {
  static const std::map<std::string, const ConfigField*> byKey = [] {
    std::map<std::string, const ConfigField*> m;
    for (const auto& f : configFields()) m[f.key] = &f;
    return m;
  }();
  const auto it = byKey.find(key);
  return it == byKey.end() ? nullptr : it->second;
}

ExperimentConfig& fieldProbe() {
  static ExperimentConfig probe;
  return probe;
}

const ConfigField& configFieldAt(const void* member) {
  static const std::map<const void*, const ConfigField*> byAddress = [] {
    std::map<const void*, const ConfigField*> m;
    for (const auto& f : configFields()) m[addressOf(f.at(fieldProbe()))] = &f;
    return m;
  }();
  const auto it = byAddress.find(member);
  if (it == byAddress.end()) throw std::logic_error("a config member without a declaration (config_declarations.cpp)");
  return *it->second;
}

std::string configSectionAt(const void* begin, size_t size) {
  const auto* first = static_cast<const char*>(begin);
  for (const auto& f : configFields()) {
    const auto* at = static_cast<const char*>(addressOf(f.at(fieldProbe())));
    if (at >= first && at < first + size) return f.section();
  }
  throw std::logic_error("a config section without declared fields (config_declarations.cpp)");
}

void readConfigField(JsonFields& in, const ConfigField& f, ExperimentConfig& c) {
  const std::string name = f.name();
  std::visit(Overloaded{[&](bool* p) { in.read(name, *p); }, [&](int* p) { in.read(name, *p, f.min, f.max); },
                        [&](int64_t* p) { in.read(name, *p, f.min, f.max); }, [&](uint64_t* p) { in.read(name, *p); },
                        [&](double* p) { in.read(name, *p, f.min, f.max, f.min_exclusive); },
                        [&](std::string* p) {
                          in.read(name, *p, f.choiceValues());
                          if (f.file_path) *p = expandHome(*p);
                        },
                        [&](std::vector<int>* p) { in.read(name, *p, f.min, f.max); },
                        [&](std::vector<double>* p) { in.read(name, *p, f.min, f.max); },
                        [&](std::vector<std::string>* p) { in.read(name, *p, f.choiceValues()); }},
             f.at(c));
}

}  // namespace trainscope
