#include "widgets/curve_pyramid.h"

#include <algorithm>
#include <cmath>

namespace trainscope::widgets {

void CurvePyramid::Summary::add(double y, int64_t at) {
  if (std::isnan(y)) {
    if (nanAt < 0) nanAt = at;
    return;
  }
  if (y < min || minAt < 0) min = y, minAt = at;
  if (y > max || maxAt < 0) max = y, maxAt = at;
  if (std::isfinite(y)) sum += y, ++finite;
}

namespace {
// One bottom block: the common case (every value finite) in one branch-light pass.
CurvePyramid::Summary summarise(const double* y, size_t first) {
  constexpr size_t n = CurvePyramid::kBlock;
  size_t lo = 0, hi = 0;
  double sum = 0;
  bool allFinite = true;
  for (size_t i = 0; i < n; ++i) {
    lo = y[i] < y[lo] ? i : lo;
    hi = y[i] > y[hi] ? i : hi;
    sum += y[i];
    allFinite &= std::isfinite(y[i]);
  }
  CurvePyramid::Summary s;
  if (!allFinite) {  // NaN or infinities: the careful way
    for (size_t i = 0; i < n; ++i) s.add(y[i], static_cast<int64_t>(first + i));
    return s;
  }
  s.min = y[lo], s.max = y[hi], s.sum = sum, s.finite = static_cast<int64_t>(n);
  s.minAt = static_cast<int64_t>(first + lo), s.maxAt = static_cast<int64_t>(first + hi);
  return s;
}
}  // namespace

void CurvePyramid::clear() {
  levels_.clear();
  built_ = 0;
}

void CurvePyramid::extend(const std::vector<double>& ys) {
  if (ys.size() < built_) clear();  // the curve was replaced, not grown
  if (levels_.empty()) levels_.emplace_back();
  // A long history arrives at once (a run opened, a resume): room for it in one go.
  if (ys.size() - built_ > 64 * kBlock) levels_[0].reserve(ys.size() / kBlock);
  while (built_ + kBlock <= ys.size()) {
    levels_[0].push_back(summarise(ys.data() + built_, built_));
    built_ += kBlock;
    // Each completed pair of blocks makes one block a level up.
    for (size_t k = 0; levels_[k].size() % 2 == 0; ++k) {
      if (k + 1 == levels_.size()) levels_.emplace_back();
      Summary up = levels_[k][levels_[k].size() - 2];
      up.add(levels_[k].back());
      levels_[k + 1].push_back(up);
    }
  }
}

CurvePyramid::Summary CurvePyramid::query(const std::vector<double>& ys, size_t begin, size_t end) const {
  Summary s;
  end = std::min(end, ys.size());
  if (begin >= end) return s;
  // The raw points outside whole summarised blocks at either end.
  const size_t wholeBegin = std::min((begin + kBlock - 1) / kBlock * kBlock, end);
  const size_t wholeEnd = std::max(wholeBegin, std::min(end / kBlock * kBlock, built_));
  for (size_t i = begin; i < wholeBegin; ++i) s.add(ys[i], static_cast<int64_t>(i));
  for (size_t i = wholeEnd; i < end; ++i) s.add(ys[i], static_cast<int64_t>(i));
  // Whole blocks, bottom-up: at each level take the odd block at either edge and go up.
  size_t lo = wholeBegin / kBlock, hi = wholeEnd / kBlock;
  for (size_t k = 0; lo < hi; ++k, lo >>= 1, hi >>= 1) {
    if (lo & 1) s.add(levels_[k][lo++]);
    if (hi & 1) s.add(levels_[k][--hi]);
  }
  return s;
}

CurvePyramid::Total CurvePyramid::total(const std::vector<double>& ys, size_t begin, size_t end) const {
  Total t;
  end = std::min(end, ys.size());
  if (begin >= end) return t;
  const size_t wholeBegin = std::min((begin + kBlock - 1) / kBlock * kBlock, end);
  const size_t wholeEnd = std::max(wholeBegin, std::min(end / kBlock * kBlock, built_));
  auto addRaw = [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) {
      const bool finite = std::isfinite(ys[i]);
      t.sum += finite ? ys[i] : 0.0;
      t.finite += finite;
    }
  };
  addRaw(begin, wholeBegin);
  addRaw(wholeEnd, end);
  size_t lo = wholeBegin / kBlock, hi = wholeEnd / kBlock;
  for (size_t k = 0; lo < hi; ++k, lo >>= 1, hi >>= 1) {
    if (lo & 1) t.sum += levels_[k][lo].sum, t.finite += levels_[k][lo].finite, ++lo;
    if (hi & 1) --hi, t.sum += levels_[k][hi].sum, t.finite += levels_[k][hi].finite;
  }
  return t;
}

}  // namespace trainscope::widgets
