// Checkpoint files seen from outside the trainer, without torch: whether one loads,
// and where in the run it stands. Resume checks its checkpoint with this before it
// touches the run's record.
#pragma once

#include <cstdint>
#include <string>

namespace trainscope {

struct CheckpointSummary {
  bool readable = false;
  std::string problem;  // one line, when not readable: "zero bytes", "not a checkpoint (...)", ...
  int64_t step = 0;     // optimizer steps done
  int64_t epochs_done = 0, batch_in_epoch = 0;
};

CheckpointSummary inspectCheckpoint(const std::string& path);

}  // namespace trainscope
