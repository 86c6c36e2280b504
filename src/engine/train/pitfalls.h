// The teaching pitfalls (config `pitfalls`): deliberate mistakes the lessons switch
// on to show what they do. What each changes before training, and how the run says so.
#pragma once

#include "engine/config/config.h"

#include <string>
#include <vector>

namespace trainscope {

// skip_normalize: Normalize leaves both pipelines. (skip_zero_grad and skip_eval act
// inside the training loop.)
void applyPitfalls(const PitfallConfig& pitfalls, std::vector<TransformSpec>& train, std::vector<TransformSpec>& val);
// The log line that announces the pitfalls on: "teaching pitfall on (...): ...".
std::string describePitfalls(const PitfallConfig& pitfalls);

}  // namespace trainscope
