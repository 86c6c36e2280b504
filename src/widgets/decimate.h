// Min/max decimation for drawing: of the points whose x falls in each pixel column,
// keep the lowest and the highest (in x order), so a curve of a million points draws
// like the full curve at the cost of two points per column. The data is never changed.
#pragma once

#include <vector>

namespace trainscope::widgets {

struct Decimated {
  std::vector<double> xs, ys;
};

// xs must be sorted ascending. Covers [x0, x1] plus one point either side (so lines
// run to the border); at most about 2 * columns + 2 points. Ranges with few points are
// returned whole.
Decimated decimateMinMax(const std::vector<double>& xs, const std::vector<double>& ys, double x0, double x1,
                         int columns);

// One point per pixel column: the mean x and the mean of the finite y in it (NaN when
// none is). For a smoothed curve, whose spread the raw band already shows: a line
// without per-column zigzags, which a wide pen strokes quickly. Few points: all of them.
Decimated decimateMean(const std::vector<double>& xs, const std::vector<double>& ys, double x0, double x1, int columns);

// The same per-column extremes as a band: one x per column with the lowest and the
// highest y in it, for drawing a dense noisy curve as a filled envelope (a fill is far
// cheaper to paint than a zigzag line through every extreme). Few points: each point
// is its own column, with low == high.
struct Envelope {
  std::vector<double> xs, lows, highs;
};
Envelope envelopeMinMax(const std::vector<double>& xs, const std::vector<double>& ys, double x0, double x1,
                        int columns);

}  // namespace trainscope::widgets
