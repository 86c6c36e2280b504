// trainscope-cli's commands for a trained run's model: export and predict.
#pragma once

#include "engine/model_tools.h"

#include <string>
#include <vector>

namespace trainscope::cli {

// Writes the model and <out>.json (its preprocessing); prints what was written.
int exportCommand(const ExportRequest& request);
// Prints each image's top-k classes, or with json one JSON object per image.
int predictCommand(const std::string& runDir, const std::vector<std::string>& images, int k,
                   const std::string& checkpoint, bool json);

}  // namespace trainscope::cli
