#include "widgets/decimate.h"

#include <algorithm>
#include <cmath>

namespace trainscope::widgets {

namespace {

// The first index in (i, end) whose x is >= value (end when none). Steps and times are
// nearly evenly spaced, so a guess by interpolation lands within a few points and a
// search galloping out from it finishes in a few cache lines; a binary search over a
// million points missed the cache at every probe and cost ~2 us a column.
size_t firstAtOrAfter(const std::vector<double>& xs, size_t i, size_t end, double value) {
  // A column of a few points: a walk along them, on the cache lines just read.
  for (size_t k = i + 1; k < end && k <= i + 16; ++k)
    if (!(xs[k] < value)) return k;
  if (i + 17 >= end) return end;
  i += 16;
  size_t lo = i + 1, hi = end;  // the answer is in [lo, hi]
  if (lo >= hi || !(xs[lo] < value)) return lo;
  const double span = xs[hi - 1] - xs[i];
  if (!(xs[hi - 1] >= value)) return hi;
  size_t guess = lo;
  if (span > 0) {
    const double f = (value - xs[i]) / span * static_cast<double>(hi - 1 - i);
    guess = std::clamp(i + static_cast<size_t>(std::max(0.0, f)), lo, hi - 1);
  }
  // Gallop from the guess to bracket the answer, then bisect the bracket.
  size_t step = 1;
  if (xs[guess] < value) {
    lo = guess + 1;
    while (lo + step < hi && xs[lo + step - 1] < value) lo += step, step *= 2;
    hi = std::min(hi, lo + step);
  } else {
    hi = guess;
    while (hi > lo + step && !(xs[hi - step] < value)) hi -= step, step *= 2;
    lo = std::max(lo, hi > step ? hi - step : lo);
  }
  const auto first = xs.begin();
  return static_cast<size_t>(
      std::lower_bound(first + static_cast<std::ptrdiff_t>(lo), first + static_cast<std::ptrdiff_t>(hi), value) -
      first);
}

// The first index in [lo, hi] whose x is >= value (> value when `strictly`), from the
// spacing's formula: a guess, then corrected for rounding.
size_t evenFirst(const EvenSpacing& e, size_t lo, size_t hi, double value, bool strictly) {
  if (lo >= hi) return hi;
  const double guess = std::ceil((value - e.first) * e.inverseStep);
  size_t j = !(guess > static_cast<double>(lo)) ? lo
             : guess >= static_cast<double>(hi) ? hi
                                                : static_cast<size_t>(guess);
  auto before = [&](size_t k) { return strictly ? e.at(k) <= value : e.at(k) < value; };
  while (j > lo && !before(j - 1)) --j;
  while (j < hi && before(j)) ++j;
  return j;
}

// splitColumns for evenly spaced xs: each column boundary is a fractional index from
// the formula, rounded up (and to the nearest block when snapping), with no search and
// no column depending on the one before.
ColumnSplit splitEvenly(ColumnSplit split, double x0, double width, size_t snap) {
  const EvenSpacing& e = split.spacing;
  const double base = (x0 - e.first) * e.inverseStep;  // x0 as a fractional index
  const double perColumn = width * e.inverseStep;
  const double firstColumn = std::floor((e.at(split.begin) - x0) / width);
  const auto end = static_cast<double>(split.end);
  split.starts.push_back(split.begin);
  for (double c = firstColumn + 1;; ++c) {
    const double boundary = std::ceil(base + c * perColumn);
    if (boundary >= end) break;
    size_t j = boundary > 0 ? static_cast<size_t>(boundary) : 0;
    if (snap > 1) j = (j + snap / 2) / snap * snap;
    if (j >= split.end) break;
    if (j > split.starts.back()) split.starts.push_back(j);
  }
  return split;
}

// Calls visit(first, end, summary) for each pixel column holding points, left to
// right: one search and one pyramid query per column.
// The summary of column c: whole blocks of the split's level read in sequence where
// both boundaries are aligned to them (all columns but the outer two when the columns
// hold hundreds of points), else the pyramid's general query.
CurvePyramid::Summary columnSummary(const std::vector<double>& ys, const CurvePyramid& pyramid,
                                    const ColumnSplit& split, size_t c) {
  const size_t a = split.starts[c], b = c + 1 < split.starts.size() ? split.starts[c + 1] : split.end;
  if (split.level != ColumnSplit::kNoLevel) {
    const size_t size = CurvePyramid::kBlock << split.level;
    if (a % size == 0 && b % size == 0 && b <= pyramid.size()) {
      CurvePyramid::Summary s;
      for (size_t k = a / size; k < b / size; ++k) s.add(pyramid.block(split.level, k));
      return s;
    }
  }
  return pyramid.query(ys, a, b);
}

// The same for a mean: sums and counts alone.
CurvePyramid::Total columnTotal(const std::vector<double>& ys, const CurvePyramid& pyramid, const ColumnSplit& split,
                                size_t c) {
  const size_t a = split.starts[c], b = c + 1 < split.starts.size() ? split.starts[c + 1] : split.end;
  if (split.level != ColumnSplit::kNoLevel) {
    const size_t size = CurvePyramid::kBlock << split.level;
    if (a % size == 0 && b % size == 0 && b <= pyramid.size()) {
      CurvePyramid::Total t;
      for (size_t k = a / size; k < b / size; ++k) {
        const CurvePyramid::Summary& block = pyramid.block(split.level, k);
        t.sum += block.sum, t.finite += block.finite;
      }
      return t;
    }
  }
  return pyramid.total(ys, a, b);
}

CurvePyramid pyramidOf(const std::vector<double>& ys) {
  CurvePyramid p;
  p.extend(ys);
  return p;
}

}  // namespace

ColumnSplit splitColumns(const std::vector<double>& xs, const CurvePyramid& pyramid, double x0, double x1, int columns,
                         const std::vector<double>* blockXs, const EvenSpacing* spacing, size_t snapBlocks) {
  snapBlocks = std::max<size_t>(snapBlocks, 2);
  ColumnSplit split;
  const size_t n = xs.size();
  split.blockXs = blockXs;
  split.even = spacing && spacing->holds(n);
  if (split.even) {
    split.spacing = *spacing;
    split.begin = evenFirst(split.spacing, 0, n, x0, false);
    split.end = evenFirst(split.spacing, 0, n, x1, true);
  } else {
    const auto first = xs.begin(), last = xs.end();
    split.begin = static_cast<size_t>(std::lower_bound(first, last, x0) - first);
    split.end = static_cast<size_t>(std::upper_bound(first, last, x1) - first);
  }
  if (split.begin > 0) --split.begin;  // one point before and after: the line reaches the border
  if (split.end < n) ++split.end;
  columns = std::max(columns, 1);
  split.whole = split.end - split.begin <= static_cast<size_t>(4 * columns) || !(x1 > x0);
  if (split.whole) return split;
  // With many points per column, each boundary moves to the nearest multiple of a
  // pyramid block of at most 1 / snapBlocks of a column: a point within 1 / (2
  // snapBlocks) of a pixel of a boundary may be drawn in the column beside it, and a
  // column is then a run of whole blocks, read in sequence.
  const size_t perColumn = (split.end - split.begin) / static_cast<size_t>(columns);
  size_t level = ColumnSplit::kNoLevel;
  for (size_t k = 0; k < pyramid.levelCount() && (CurvePyramid::kBlock << k) * snapBlocks <= perColumn; ++k) level = k;
  split.level = level;
  const size_t snap = level == ColumnSplit::kNoLevel ? 1 : CurvePyramid::kBlock << level;
  const double width = (x1 - x0) / columns;
  split.starts.reserve(static_cast<size_t>(columns) + 2);
  if (split.even && width * split.spacing.inverseStep >= 1) return splitEvenly(std::move(split), x0, width, snap);
  double column = std::floor((xs[split.begin] - x0) / width);
  auto after = [&](size_t i, double target) { return firstAtOrAfter(xs, i, split.end, target); };
  // With every block's first x at hand, snapped boundaries are found in that small
  // array: reading xs itself near each boundary was a cache miss a column.
  const size_t stride = snap / CurvePyramid::kBlock;
  const bool sampled = !split.even && blockXs && !blockXs->empty() && stride > 0 && snap > 1;
  const size_t kMax =
      sampled ? std::min((split.end - 1) / snap, (blockXs->size() - 1) / std::max<size_t>(stride, 1)) : 0;
  auto snappedX = [&](size_t k) { return (*blockXs)[k * stride]; };
  for (size_t i = split.begin; i < split.end;) {
    split.starts.push_back(i);
    const double target = x0 + (column + 1) * width;
    size_t j = split.end;
    size_t k = i / snap + 1;
    if (sampled && !blockXs->empty() && k <= kMax) {
      while (k <= kMax && snappedX(k) < target) ++k;
      if (k <= kMax) {
        // The crossing lies between the snapped positions k - 1 and k: take the nearer.
        const size_t before = (k - 1) * snap;
        j = k * snap;
        if (before > i) {
          const double xb = snappedX(k - 1), xk = snappedX(k);
          if (xk > xb && (target - xb) / (xk - xb) < 0.5) j = before;
        }
      } else {
        j = firstAtOrAfter(xs, std::max(i, kMax * snap), split.end, target);
      }
    } else {
      j = after(i, target);
      if (snap > 1 && j < split.end) {
        const size_t snapped = (j + snap / 2) / snap * snap;
        if (snapped > i && snapped < split.end) j = snapped;
      }
    }
    // Where points are sparse (a slow stretch of a time axis), a column may hold fewer
    // than four blocks: its boundary is then exact, not snapped, so no extreme is drawn
    // more than a fraction of a pixel away.
    if (snap > 1 && j - i < snapBlocks * snap && j < split.end) j = after(i, target);
    i = j;
    // The next column holding a point (a snapped boundary may leave i in this one).
    if (i < split.end) {
      const double xi = sampled && i % snap == 0 && i / snap <= kMax ? snappedX(i / snap) : xs[i];
      column = std::max(column + 1, std::floor((xi - x0) / width));
    }
  }
  return split;
}

void extendBlockXs(const std::vector<double>& xs, std::vector<double>& blockXs) {
  for (size_t k = blockXs.size() * CurvePyramid::kBlock; k < xs.size(); k += CurvePyramid::kBlock)
    blockXs.push_back(xs[k]);
}

void EvenSpacing::extend(const std::vector<double>& xs) {
  if (xs.size() < checked) *this = EvenSpacing();  // replaced, not grown
  for (; checked < xs.size() && even; ++checked) {
    if (checked == 0) first = xs[0];
    if (checked == 1) step = xs[1] - xs[0], inverseStep = 1 / step, even = step > 0 && std::isfinite(step);
    // Within a millionth of a step: epochs as step / steps_per_epoch are even too.
    if (checked >= 2) even = std::abs(xs[checked] - at(checked)) <= 1e-6 * step;
  }
  checked = xs.size();
}

Decimated decimateMinMax(const std::vector<double>& xs, const std::vector<double>& ys, const CurvePyramid& pyramid,
                         const ColumnSplit& split) {
  Decimated out;
  if (split.whole) {
    const size_t end = std::min(split.end, ys.size());
    for (size_t i = split.begin; i < end; ++i) out.xs.push_back(split.x(xs, i)), out.ys.push_back(ys[i]);
    return out;
  }
  out.xs.reserve(2 * split.starts.size());
  out.ys.reserve(2 * split.starts.size());
  for (size_t c = 0; c < split.starts.size(); ++c) {
    const CurvePyramid::Summary s = columnSummary(ys, pyramid, split, c);
    const int64_t lo = s.nanAt >= 0 ? s.nanAt : s.minAt, hi = s.maxAt >= 0 ? s.maxAt : lo;
    if (lo < 0) continue;
    const auto first = static_cast<size_t>(std::min(lo, hi)), second = static_cast<size_t>(std::max(lo, hi));
    out.xs.push_back(split.x(xs, first));
    out.ys.push_back(ys[first]);
    if (second != first) {
      out.xs.push_back(split.x(xs, second));
      out.ys.push_back(ys[second]);
    }
  }
  return out;
}

Decimated decimateMean(const std::vector<double>& xs, const std::vector<double>& ys, const CurvePyramid& pyramid,
                       const ColumnSplit& split) {
  if (split.whole) return decimateMinMax(xs, ys, pyramid, split);
  Decimated out;
  out.xs.reserve(split.starts.size());
  out.ys.reserve(split.starts.size());
  for (size_t c = 0; c < split.starts.size(); ++c) {
    const size_t first = split.starts[c], end = c + 1 < split.starts.size() ? split.starts[c + 1] : split.end;
    const CurvePyramid::Total t = columnTotal(ys, pyramid, split, c);
    // The middle of the column's points; where the boundaries are whole blocks, of its
    // first point and the next column's (half a point's gap to the right at most):
    // reading xs at each boundary was a cache miss a column.
    const bool blocks = split.level != ColumnSplit::kNoLevel && end < split.end && !split.even;
    out.xs.push_back(0.5 * (split.cheapX(xs, first) + (blocks ? split.cheapX(xs, end) : split.x(xs, end - 1))));
    out.ys.push_back(t.finite ? t.sum / static_cast<double>(t.finite) : std::nan(""));
  }
  return out;
}

Envelope envelopeMinMax(const std::vector<double>& xs, const std::vector<double>& ys, const CurvePyramid& pyramid,
                        const ColumnSplit& split) {
  Envelope out;
  if (split.whole) {  // each point its own column: low == high
    Decimated points = decimateMinMax(xs, ys, pyramid, split);
    out.lows = points.ys;
    out.highs = std::move(points.ys);
    out.xs = std::move(points.xs);
    return out;
  }
  for (size_t c = 0; c < split.starts.size(); ++c) {
    const CurvePyramid::Summary s = columnSummary(ys, pyramid, split, c);
    out.xs.push_back(split.x(xs, split.starts[c]));
    out.lows.push_back(s.nanAt >= 0 || s.minAt < 0 ? std::nan("") : s.min);
    out.highs.push_back(s.nanAt >= 0 || s.maxAt < 0 ? std::nan("") : s.max);
  }
  return out;
}

Decimated decimateMinMax(const std::vector<double>& xs, const std::vector<double>& ys, const CurvePyramid& pyramid,
                         double x0, double x1, int columns) {
  return decimateMinMax(xs, ys, pyramid, splitColumns(xs, pyramid, x0, x1, columns));
}

Decimated decimateMean(const std::vector<double>& xs, const std::vector<double>& ys, const CurvePyramid& pyramid,
                       double x0, double x1, int columns) {
  return decimateMean(xs, ys, pyramid, splitColumns(xs, pyramid, x0, x1, columns));
}

Envelope envelopeMinMax(const std::vector<double>& xs, const std::vector<double>& ys, const CurvePyramid& pyramid,
                        double x0, double x1, int columns) {
  return envelopeMinMax(xs, ys, pyramid, splitColumns(xs, pyramid, x0, x1, columns));
}

std::vector<size_t> simplifiedPolyline(const std::vector<double>& px, const std::vector<double>& py, double tolerance) {
  const size_t n = std::min(px.size(), py.size());
  std::vector<size_t> out;
  auto finite = [&](size_t i) { return std::isfinite(px[i]) && std::isfinite(py[i]); };
  // From the last kept point (the anchor), the slopes of the lines that pass within
  // `tolerance` of every point since: [lo, hi]. A point outside it cannot be reached
  // by one line, so the point before it is kept and becomes the anchor.
  size_t anchor = 0;
  double lo = 0, hi = 0;
  bool open = false;  // whether an anchor is set (false after a gap)
  for (size_t i = 0; i < n; ++i) {
    if (!finite(i)) {
      if (open && out.back() != i - 1) out.push_back(i - 1);
      out.push_back(i), open = false;
      continue;
    }
    if (!open) {
      out.push_back(i), anchor = i, open = true, lo = -HUGE_VAL, hi = HUGE_VAL;
      continue;
    }
    double dx = px[i] - px[anchor], dy = py[i] - py[anchor];
    if (!(dx > 0) || dy < lo * dx || dy > hi * dx) {  // the slope dy / dx outside [lo, hi]
      if (i - 1 != anchor) out.push_back(i - 1), anchor = i - 1;
      dx = px[i] - px[anchor], dy = py[i] - py[anchor];
      if (!(dx > 0)) {  // not to the right: a line of its own
        out.push_back(i), anchor = i, lo = -HUGE_VAL, hi = HUGE_VAL;
        continue;
      }
      lo = -HUGE_VAL, hi = HUGE_VAL;
    }
    const double perDx = 1 / dx;
    lo = std::max(lo, (dy - tolerance) * perDx);
    hi = std::min(hi, (dy + tolerance) * perDx);
  }
  if (open && out.back() != n - 1) out.push_back(n - 1);
  return out;
}

Decimated decimateMinMax(const std::vector<double>& xs, const std::vector<double>& ys, double x0, double x1,
                         int columns) {
  return decimateMinMax(xs, ys, pyramidOf(ys), x0, x1, columns);
}

Decimated decimateMean(const std::vector<double>& xs, const std::vector<double>& ys, double x0, double x1,
                       int columns) {
  return decimateMean(xs, ys, pyramidOf(ys), x0, x1, columns);
}

Envelope envelopeMinMax(const std::vector<double>& xs, const std::vector<double>& ys, double x0, double x1,
                        int columns) {
  return envelopeMinMax(xs, ys, pyramidOf(ys), x0, x1, columns);
}

}  // namespace trainscope::widgets
