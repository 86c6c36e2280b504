// `trainscope-cli check` for a csv dataset: what each column holds and what the model
// will learn from, instead of the image health check.
#pragma once

#include "engine/config/config.h"

namespace trainscope::cli {

// Prints the table's columns (type, missing share, range or top levels), the task and
// the target's balance, the columns left out and the rows skipped. 0 on success.
int checkTable(ExperimentConfig config, bool json);

}  // namespace trainscope::cli
