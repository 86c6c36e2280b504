// Histograms over time onto one grid, for a TensorBoard-style distribution heatmap:
// each histogram has its own edges (min..max of its tensor at that step), so they are
// resampled onto common value rows spanning all of them.
#pragma once

#include <vector>

namespace trainscope::widgets {

struct DistributionColumn {
  double step = 0;
  std::vector<double> edges;   // bins + 1, increasing
  std::vector<double> counts;  // bins
};

struct DistributionGrid {
  double lo = 0, hi = 1;  // value range of the rows
  int rows = 0;
  std::vector<double> steps;              // one per column
  std::vector<std::vector<double>> mass;  // [column][row]: elements whose value falls in the row
};

// Spreads each bin's count over the rows it overlaps, in proportion to the overlap
// (a bin of zero width goes to the row that holds it), so each column keeps its total.
DistributionGrid resampleDistributions(const std::vector<DistributionColumn>& columns, int rows);

}  // namespace trainscope::widgets
