// The exponential moving average TensorBoard draws for "smoothing", with its debiasing:
// early points are not dragged towards zero.
#pragma once

#include <cstddef>
#include <vector>

namespace trainscope::widgets {

// Incremental form: feed values one by one.
class DebiasedEma {
 public:
  explicit DebiasedEma(double weight = 0.6) : weight_(weight) {}
  double add(double value);
  void reset() { last_ = 0, count_ = 0; }

 private:
  double weight_;
  double last_ = 0;
  size_t count_ = 0;
};

// weight in [0, 1): 0 returns the values unchanged. Non-finite values pass through
// without disturbing the average.
std::vector<double> debiasedEma(const std::vector<double>& values, double weight);

}  // namespace trainscope::widgets
