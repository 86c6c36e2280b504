// Activation checkpointing (model.activation_checkpointing): which layers of a model
// are recomputed in backward. The recomputation itself is in activation_checkpoint.cpp
// (LayerStack's forward with checkpointing); this part is plain C++ for the run's log.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace trainscope {

// The layer ranges [first, end) recomputed in backward for `segments` over `layers`,
// as torch.utils.checkpoint.checkpoint_sequential cuts them: equal layer counts, the
// last segment (whose recomputation would come at once) left out. Empty when off
// (segments < 2).
std::vector<std::pair<size_t, size_t>> checkpointedSegments(size_t layers, int segments);

}  // namespace trainscope
