// What a run folder trained on, read once from its run.json: what predict, "Try it" and
// the app's latest-run lookups choose their tool by. Plain C++, no torch.
#pragma once

#include "engine/config/config_checks.h"

#include <string>

namespace trainscope {

// Table when run.json has "table", Text when it has "text", else (and when it cannot be
// read) Images. Never throws.
DataFamily trainedDataFamily(const std::string& runDir);

}  // namespace trainscope
