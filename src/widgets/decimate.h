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

// Whether a curve's xs are evenly spaced, xs[i] == first + i * step to within a
// millionth of a step (steps logged every k, epochs as fractions of them): column
// boundaries are then computed rather than searched, and the points' xs are not read. With 100 curves of 100,000 points
// each, the xs read near each column boundary were a cache miss a column (docs/benchmarks.md).
struct EvenSpacing {
  bool even = true;
  double first = 0, step = 0, inverseStep = 0;  // a guess multiplies, the formula decides
  size_t checked = 0;                           // how many xs have been looked at
  // Looks at the xs it has not seen yet (xs only grows at its end; a shorter xs starts over).
  void extend(const std::vector<double>& xs);
  bool holds(size_t count) const { return even && checked == count && count >= 2; }
  double at(size_t i) const { return first + static_cast<double>(i) * step; }
};

// Which points fall in which pixel column of [x0, x1]: found once per curve and
// refresh, and shared by the decimations of its raw and smoothed values (same xs).
struct ColumnSplit {
  static constexpr size_t kNoLevel = static_cast<size_t>(-1);
  size_t begin = 0, end = 0;   // the points drawn, one beyond either end of the range included
  bool whole = true;           // few enough to draw each one (4 per column at most)
  std::vector<size_t> starts;  // the first point of each column holding points; `end` closes the last
  size_t level = kNoLevel;     // the pyramid level whose blocks the inner boundaries are aligned to
  EvenSpacing spacing;         // when it holds, the xs as a formula
  bool even = false;
  const std::vector<double>* blockXs = nullptr;  // as given to splitColumns (used at once)
  double x(const std::vector<double>& xs, size_t i) const { return even ? spacing.at(i) : xs[i]; }
  // xs[i] where it can be had without reading xs (the formula, or a block's first x);
  // else xs[i].
  double cheapX(const std::vector<double>& xs, size_t i) const {
    if (!even && blockXs && i % CurvePyramid::kBlock == 0 && i / CurvePyramid::kBlock < blockXs->size())
      return (*blockXs)[i / CurvePyramid::kBlock];
    return x(xs, i);
  }
};
// xs sorted ascending; the pyramid is that of any values over the same xs. blockXs,
// when given: xs[k * CurvePyramid::kBlock] for k = 0, 1, ... (at least the complete
// blocks), where boundaries are then looked up. spacing, when given and holding for
// all of xs: the boundaries are computed from it. A column of at least snapBlocks
// pyramid blocks has its boundaries moved to the nearest block (by at most 1 /
// (2 snapBlocks) of a pixel) and is read as whole blocks, not point by point: 4 where
// extremes are drawn, 2 for a mean line alone (which the move cannot distort: its x
// is the middle of the points it averages).
ColumnSplit splitColumns(const std::vector<double>& xs, const CurvePyramid& pyramid, double x0, double x1, int columns,
                         const std::vector<double>* blockXs = nullptr, const EvenSpacing* spacing = nullptr,
                         size_t snapBlocks = 4);
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
// `tolerance` of the full one (vertically, which bounds the distance too), by index, in
// order; px and py are pixel positions, px increasing (a point that is not to the right
// of the one before starts a new line there). A non-finite point is kept and splits the
// line there. One pass, O(n): the lines through each kept point that pass near every
// point since narrow a wedge of slopes, and a point outside the wedge ends the segment
// (Zhao and Saalfeld's sleeve). For the smoothed line: nearly straight over many
// columns, it keeps a few hundred of its thousand points.
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
