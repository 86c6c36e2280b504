#include "engine/models/checkpoint_segments.h"

#include <algorithm>

namespace trainscope {

std::vector<std::pair<size_t, size_t>> checkpointedSegments(size_t layers, int segments) {
  std::vector<std::pair<size_t, size_t>> ranges;
  if (segments < 2 || layers < 2) return ranges;
  const size_t count = std::min(layers, static_cast<size_t>(segments));
  const size_t size = layers / count;
  for (size_t first = 0; first < size * (count - 1); first += size) ranges.emplace_back(first, first + size);
  return ranges;
}

}  // namespace trainscope
