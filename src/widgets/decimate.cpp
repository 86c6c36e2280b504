#include "widgets/decimate.h"

#include <algorithm>
#include <cmath>

namespace trainscope::widgets {

Decimated decimateMinMax(const std::vector<double>& xs, const std::vector<double>& ys, double x0, double x1,
                         int columns) {
  Decimated out;
  const size_t n = std::min(xs.size(), ys.size());
  if (n == 0) return out;
  size_t begin =
      static_cast<size_t>(std::lower_bound(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(n), x0) - xs.begin());
  size_t end =
      static_cast<size_t>(std::upper_bound(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(n), x1) - xs.begin());
  if (begin > 0) --begin;  // one point before and after: the line reaches the border
  if (end < n) ++end;
  const size_t count = end - begin;
  columns = std::max(columns, 1);
  if (count <= static_cast<size_t>(4 * columns) || !(x1 > x0)) {
    out.xs.assign(xs.begin() + static_cast<std::ptrdiff_t>(begin), xs.begin() + static_cast<std::ptrdiff_t>(end));
    out.ys.assign(ys.begin() + static_cast<std::ptrdiff_t>(begin), ys.begin() + static_cast<std::ptrdiff_t>(end));
    return out;
  }
  out.xs.reserve(2 * static_cast<size_t>(columns) + 4);
  out.ys.reserve(2 * static_cast<size_t>(columns) + 4);
  const double width = (x1 - x0) / columns;
  size_t i = begin;
  while (i < end) {
    // The column of xs[i] ends at this x; scan to it without a division per point.
    const double columnEnd = x0 + (std::floor((xs[i] - x0) / width) + 1) * width;
    size_t lo = i, hi = i;
    size_t j = i + 1;
    for (; j < end && xs[j] < columnEnd; ++j) {
      if (!(ys[j] >= ys[lo])) lo = j;  // NaN counts as low, so it is not hidden
      if (ys[j] > ys[hi] || std::isnan(ys[hi])) hi = j;
    }
    const size_t first = std::min(lo, hi), second = std::max(lo, hi);
    out.xs.push_back(xs[first]);
    out.ys.push_back(ys[first]);
    if (second != first) {
      out.xs.push_back(xs[second]);
      out.ys.push_back(ys[second]);
    }
    i = j;
  }
  return out;
}

Decimated decimateMean(const std::vector<double>& xs, const std::vector<double>& ys, double x0, double x1,
                       int columns) {
  const size_t n = std::min(xs.size(), ys.size());
  columns = std::max(columns, 1);
  size_t begin =
      static_cast<size_t>(std::lower_bound(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(n), x0) - xs.begin());
  size_t end =
      static_cast<size_t>(std::upper_bound(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(n), x1) - xs.begin());
  if (begin > 0) --begin;
  if (end < n) ++end;
  if (end - begin <= static_cast<size_t>(4 * columns) || !(x1 > x0)) return decimateMinMax(xs, ys, x0, x1, columns);
  Decimated out;
  const double width = (x1 - x0) / columns;
  size_t i = begin;
  while (i < end) {
    const double columnEnd = x0 + (std::floor((xs[i] - x0) / width) + 1) * width;
    double sumX = 0, sumY = 0;
    size_t count = 0, finite = 0;
    size_t j = i;
    for (; j < end && (j == i || xs[j] < columnEnd); ++j) {
      sumX += xs[j];
      ++count;
      if (std::isfinite(ys[j])) sumY += ys[j], ++finite;
    }
    out.xs.push_back(sumX / static_cast<double>(count));
    out.ys.push_back(finite ? sumY / static_cast<double>(finite) : std::nan(""));
    i = j;
  }
  return out;
}

Envelope envelopeMinMax(const std::vector<double>& xs, const std::vector<double>& ys, double x0, double x1,
                        int columns) {
  Envelope out;
  // The decimation keeps each column's extremes in x order; pair them back up.
  const Decimated d = decimateMinMax(xs, ys, x0, x1, columns);
  const double width = x1 > x0 ? (x1 - x0) / std::max(columns, 1) : 0;
  for (size_t i = 0; i < d.xs.size();) {
    size_t j = i + 1;
    double lo = d.ys[i], hi = d.ys[i];
    if (width > 0 && d.xs.size() > static_cast<size_t>(2 * columns + 4) / 2) {
      const double column = std::floor((d.xs[i] - x0) / width);
      for (; j < d.xs.size() && std::floor((d.xs[j] - x0) / width) == column; ++j) {
        lo = std::min(lo, d.ys[j]);
        hi = std::max(hi, d.ys[j]);
      }
    }
    out.xs.push_back(d.xs[i]);
    out.lows.push_back(lo);
    out.highs.push_back(hi);
    i = j;
  }
  return out;
}

}  // namespace trainscope::widgets
