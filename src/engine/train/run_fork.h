// Rewind and fork: a run's ring checkpoint (record/checkpoint_ring.h) at or before a
// step becomes the start of a new run, its child, in a folder beside it. The child
// holds a copy of the parent's record (metrics.h5 and the other files), which resume
// cuts back to the fork step, and that checkpoint as its last.pt; its run.json names
// the parent and the step ("parent"). `trainscope-cli fork` then resumes the child
// with the changed settings. No torch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct ForkedRun {
  std::string dir;   // the child's folder
  int64_t step = 0;  // the step it starts from: the ring checkpoint's
};

// Throws ConfigError naming the parent when it is being written (stop it first) or is
// not a run, and naming --at when its ring has no readable checkpoint at or before
// `atStep` (the message lists the steps it has). `changes` ("optimizer.lr=0.01") are
// recorded as the fork's; a child folder that cannot be completed is removed.
ForkedRun forkRunFolder(const std::string& parentDir, int64_t atStep, const std::vector<std::string>& changes);

}  // namespace trainscope
