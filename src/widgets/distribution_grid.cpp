#include "widgets/distribution_grid.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trainscope::widgets {

DistributionGrid resampleDistributions(const std::vector<DistributionColumn>& columns, int rows) {
  DistributionGrid g;
  g.rows = std::max(1, rows);
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const auto& c : columns) {
    if (c.edges.size() < 2 || !std::isfinite(c.edges.front()) || !std::isfinite(c.edges.back())) continue;
    lo = std::min(lo, c.edges.front());
    hi = std::max(hi, c.edges.back());
  }
  if (!(lo <= hi)) lo = 0, hi = 1;
  if (!(hi > lo)) hi = lo + 1;  // every tensor constant at one value
  g.lo = lo, g.hi = hi;
  const double rowWidth = (hi - lo) / g.rows;
  auto rowOf = [&](double v) { return std::clamp(static_cast<int>((v - lo) / rowWidth), 0, g.rows - 1); };
  for (const auto& c : columns) {
    std::vector<double> mass(static_cast<size_t>(g.rows), 0.0);
    const size_t bins = std::min(c.counts.size(), c.edges.size() > 0 ? c.edges.size() - 1 : 0);
    for (size_t b = 0; b < bins; ++b) {
      const double count = c.counts[b], a = c.edges[b], z = c.edges[b + 1];
      if (!(count > 0) || !std::isfinite(a) || !std::isfinite(z)) continue;
      if (!(z > a)) {
        mass[rowOf(a)] += count;
        continue;
      }
      for (int r = rowOf(a); r <= rowOf(z); ++r) {
        const double r0 = lo + r * rowWidth, r1 = r0 + rowWidth;
        const double overlap = std::min(z, r1) - std::max(a, r0);
        if (overlap > 0) mass[r] += count * overlap / (z - a);
      }
    }
    g.steps.push_back(c.step);
    g.mass.push_back(std::move(mass));
  }
  return g;
}

}  // namespace trainscope::widgets
