// The checkpoint ring: copies of a run's newest checkpoints, kept in
// checkpoints/ring/step-NNNNNNNNN.pt (training.checkpoint_ring of them), so the run
// can be rewound to one of them and forked. No torch: the files are copied as bytes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace trainscope {

struct RingCheckpoint {
  int64_t step = 0;
  std::filesystem::path path;
};

std::filesystem::path ringDir(const std::filesystem::path& checkpointsDir);
// Copies `checkpoint` (just written at optimizer step `step`) into the ring (a copy
// beside it, then a rename) and removes the oldest beyond `keep`; `keep` 0 does nothing.
// Never throws: a ring that cannot be written costs rewinding, not the run (false).
bool keepInRing(const std::filesystem::path& checkpoint, int64_t step, int keep);
// The ring's checkpoints, oldest first.
std::vector<RingCheckpoint> ringCheckpoints(const std::filesystem::path& checkpointsDir);

}  // namespace trainscope
