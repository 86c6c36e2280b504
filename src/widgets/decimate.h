// Decimation for drawing, from a curve's pyramid (curve_pyramid.h): for each pixel
// column, the extremes or the mean of the points whose x falls in it, so a curve of
// any length draws at the cost of its pixels, O(columns log n). The data is never
// changed. Each function has a form without a pyramid, which builds one (O(n)): for a
// one-off drawing such as an export.
#pragma once

#include "widgets/curve_pyramid.h"

#include <vector>

namespace trainscope::widgets {

struct Decimated {
  std::vector<double> xs, ys;
};

// Which points fall in which pixel column of [x0, x1]: found once per curve and
// refresh, and shared by the decimations of its raw and smoothed values (same xs).
struct ColumnSplit {
  static constexpr size_t kNoLevel = static_cast<size_t>(-1);
  size_t begin = 0, end = 0;   // the points drawn, one beyond either end of the range included
  bool whole = true;           // few enough to draw each one (4 per column at most)
  std::vector<size_t> starts;  // the first point of each column holding points; `end` closes the last
  size_t level = kNoLevel;     // the pyramid level whose blocks the inner boundaries are aligned to
};
// xs sorted ascending; the pyramid is that of any values over the same xs. blockXs,
// when given: xs[k * CurvePyramid::kBlock] for k = 0, 1, ... (at least the complete
// blocks), where boundaries are then looked up.
ColumnSplit splitColumns(const std::vector<double>& xs, const CurvePyramid& pyramid, double x0, double x1, int columns,
                         const std::vector<double>* blockXs = nullptr);
// Appends to blockXs the first x of each block of xs it does not hold yet, for
// splitColumns (xs only grows at its end).
void extendBlockXs(const std::vector<double>& xs, std::vector<double>& blockXs);
Decimated decimateMinMax(const std::vector<double>& xs, const std::vector<double>& ys, const CurvePyramid& pyramid,
                         const ColumnSplit& split);
Decimated decimateMean(const std::vector<double>& xs, const std::vector<double>& ys, const CurvePyramid& pyramid,
                       const ColumnSplit& split);

// Of the points in each column, the lowest and the highest (in x order; a NaN stands
// in for the lowest, so a gap is drawn, not hidden). xs must be sorted ascending.
// Covers [x0, x1] plus one point either side (so lines run to the border); at most
// about 2 * columns + 4 points. Ranges with few points are returned whole.
Decimated decimateMinMax(const std::vector<double>& xs, const std::vector<double>& ys, const CurvePyramid& pyramid,
                         double x0, double x1, int columns);
Decimated decimateMinMax(const std::vector<double>& xs, const std::vector<double>& ys, double x0, double x1,
                         int columns);

// One point per pixel column: the middle x and the mean of the finite y in it (NaN when
// none is). For a smoothed curve, whose spread the raw band already shows: a line
// without per-column zigzags, which a wide pen strokes quickly. Few points: all of them.
Decimated decimateMean(const std::vector<double>& xs, const std::vector<double>& ys, const CurvePyramid& pyramid,
                       double x0, double x1, int columns);
Decimated decimateMean(const std::vector<double>& xs, const std::vector<double>& ys, double x0, double x1, int columns);

// The same per-column extremes as a band: one x per column with the lowest and the
// highest y in it, for drawing a dense noisy curve as a filled envelope. Few points:
// each point is its own column, with low == high.
// The points of a polyline to keep so that the line drawn through them stays within
// `tolerance` of the full one (Douglas-Peucker), by index, in order; px and py are
// pixel positions. A non-finite point is kept and splits the line there. For the
// smoothed line: nearly straight over many columns, it keeps a few hundred of its
// thousand points, and a wide pen's cost is per point.
std::vector<size_t> simplifiedPolyline(const std::vector<double>& px, const std::vector<double>& py, double tolerance);

struct Envelope {
  std::vector<double> xs, lows, highs;
};
Envelope envelopeMinMax(const std::vector<double>& xs, const std::vector<double>& ys, const CurvePyramid& pyramid,
                        double x0, double x1, int columns);
Envelope envelopeMinMax(const std::vector<double>& xs, const std::vector<double>& ys, const CurvePyramid& pyramid,
                        const ColumnSplit& split);
Envelope envelopeMinMax(const std::vector<double>& xs, const std::vector<double>& ys, double x0, double x1,
                        int columns);

}  // namespace trainscope::widgets
