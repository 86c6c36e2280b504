// Rewind and fork: a run's ring checkpoint (record/checkpoint_ring.h) at or before a
// step becomes the start of a new run, its child, in a folder beside it. The child
// holds a copy of the parent's record (metrics.h5 and the other files), which resume
// cuts back to the fork step, and that checkpoint as its last.pt; its run.json names
// the parent and the step ("parent"). `trainscope-cli fork` then resumes the child
// with the changed settings. No torch.
#pragma once

#include "engine/config/problem.h"
#include "engine/record/checkpoint_ring.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct ForkedRun {
  std::string dir;   // the child's folder
  int64_t step = 0;  // the step it starts from: the ring checkpoint's
};

// The checkpoints a run can be rewound to, oldest first; none for a folder that is not
// a run or keeps no ring.
std::vector<RingCheckpoint> rewindPoints(const std::string& runDir);

// The config recorded in a run's run.json; throws BadInput naming the file when it
// cannot be read.
nlohmann::json recordedConfig(const std::string& runDir);

// What is wrong with forking a run of `parentConfig` (recordedConfig) with `changes`
// ("optimizer.lr=0.01"), each naming its field: a change that does not parse or
// validate, or one a fork cannot make (a field that decides the data order). Empty
// when the fork can be made.
Problems forkChangeProblems(const nlohmann::json& parentConfig, const std::vector<std::string>& changes);

// Throws ConfigError naming the parent when it is being written (stop it first) or is
// not a run, and naming --at when its ring has no readable checkpoint at or before
// `atStep` (the message lists the steps it has). `changes` ("optimizer.lr=0.01") are
// recorded as the fork's and applied to the child's config (run.json), so a plain
// resume of the child trains with them; a child folder that cannot be completed is removed.
ForkedRun forkRunFolder(const std::string& parentDir, int64_t atStep, const std::vector<std::string>& changes);

}  // namespace trainscope
