// The rules between fields of a parsed config (each field's own range and choices
// come from its declaration): what one field needs of another.
#pragma once

#include "engine/config/config.h"

#include <nlohmann/json.hpp>

namespace trainscope {

// What a dataset holds, and what a model is built for: "images", "table" or "text". A
// model trains only on its own family (the app lists only those, the config check
// refuses the others).
enum class DataFamily { Images, Table, Text };
DataFamily dataFamilyOf(const DatasetConfig& d);
DataFamily modelFamilyOf(const std::string& modelName);  // torchscript: images

// Why training.loss does not fit the task the data resolved (a regression's target is a
// number), or "" when it fits: the trainer's criterion and export-script ask the same.
std::string lossMismatch(const std::string& loss, bool regression);

// Appends one Problem per broken rule; `j` is the config as written (a rule may ask
// whether a field was given at all).
void checkConfigRules(const ExperimentConfig& c, const nlohmann::json& j, Problems& problems);

}  // namespace trainscope
