// Min, max and mean of any index range of a growing curve in O(log n): summaries of
// blocks of 2^k points (k >= 5, the smallest block 32 points), extended as points
// arrive. Drawing asks one range per pixel column, so a redraw costs O(pixels log n)
// whatever the history or the zoom; the points themselves stay with their owner.
// Plain C++ (no Qt): the curve plot and the Compare page build it off the GUI thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace trainscope::widgets {

class CurvePyramid {
 public:
  struct Summary {
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();
    double sum = 0;                  // of the finite values
    int64_t minAt = -1, maxAt = -1;  // indices of the extremes (NaN excluded); -1: none
    int64_t nanAt = -1;              // the first NaN in the range; -1: none
    int64_t finite = 0;              // how many values are finite
    void add(double y, int64_t at);
    // Inline and written for conditional moves: a redraw merges a few hundred thousand
    // summaries of noisy data, whose comparisons a branch predictor guesses wrong half
    // the time (a cost of ~30 ns a merge when this was an out-of-line call with branches).
    void add(const Summary& o) {
      const bool lower = o.minAt >= 0 && (minAt < 0 || o.min < min);
      const bool higher = o.maxAt >= 0 && (maxAt < 0 || o.max > max);
      const bool nan = o.nanAt >= 0 && (nanAt < 0 || o.nanAt < nanAt);
      min = lower ? o.min : min;
      minAt = lower ? o.minAt : minAt;
      max = higher ? o.max : max;
      maxAt = higher ? o.maxAt : maxAt;
      nanAt = nan ? o.nanAt : nanAt;
      sum += o.sum;
      finite += o.finite;
    }
  };

  // The sum and count of the finite values alone: all a per-column mean needs, at a
  // fraction of a full summary's cost (no extremes to track).
  struct Total {
    double sum = 0;
    int64_t finite = 0;
  };

  // Summarises ys[size()..ys.size()): the curve only grows at its end. O(new points).
  void extend(const std::vector<double>& ys);
  void clear();
  // Points summarised so far (complete blocks only; the rest is read from ys).
  size_t size() const { return built_; }
  // The summary of ys[begin, end); ys is the vector extend() saw, possibly longer.
  Summary query(const std::vector<double>& ys, size_t begin, size_t end) const;
  Total total(const std::vector<double>& ys, size_t begin, size_t end) const;

  // Block `index` of level `level` (kBlock << level points from index * that size).
  const Summary& block(size_t level, size_t index) const { return levels_[level][index]; }
  size_t levelCount() const { return levels_.size(); }

  static constexpr size_t kBlock = 32;

 private:
  std::vector<std::vector<Summary>> levels_;  // levels_[k]: blocks of kBlock << k points
  size_t built_ = 0;                          // points in complete bottom blocks
};

}  // namespace trainscope::widgets
