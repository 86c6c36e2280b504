// What the files of config declarations share (config_declarations*.cpp only): the
// declaring call and its macros, and the declarations each file contributes.
#pragma once

#include "engine/config/config_fields.h"

#include <functional>
#include <string>
#include <vector>

namespace trainscope {

inline ConfigField& declareConfigField(std::vector<ConfigField>& fields, std::string key,
                                       std::function<FieldRef(ExperimentConfig&)> at) {
  fields.push_back({});
  fields.back().key = std::move(key);
  fields.back().at = std::move(at);
  return fields.back();
}

// The key is the member's own name, as TORCH_ARG's option names are; a section inside
// a section is written with its dot: TS_FIELD(training.early_stopping, patience).
#define TS_TOP_FIELD(member) \
  declareConfigField(fields, #member, [](ExperimentConfig& c) { return FieldRef(&c.member); })
#define TS_FIELD(section, member) \
  declareConfigField(fields, #section "." #member, [](ExperimentConfig& c) { return FieldRef(&c.section.member); })

// The training section and the sections inside it (config_declarations_training.cpp).
void declareTrainingFields(std::vector<ConfigField>& fields);

}  // namespace trainscope
