// The rules between fields of a parsed config (each field's own range and choices
// come from its declaration): what one field needs of another.
#pragma once

#include "engine/config/config.h"

#include <nlohmann/json.hpp>

namespace trainscope {

// Appends one Problem per broken rule; `j` is the config as written (a rule may ask
// whether a field was given at all).
void checkConfigRules(const ExperimentConfig& c, const nlohmann::json& j, Problems& problems);

}  // namespace trainscope
