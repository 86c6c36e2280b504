#include "widgets/ema.h"

#include <cmath>

namespace trainscope::widgets {

double DebiasedEma::add(double value) {
  if (!std::isfinite(value)) return value;
  last_ = last_ * weight_ + (1.0 - weight_) * value;
  ++count_;
  const double debias = weight_ == 1.0 ? 1.0 : 1.0 - std::pow(weight_, static_cast<double>(count_));
  return last_ / debias;
}

std::vector<double> debiasedEma(const std::vector<double>& values, double weight) {
  DebiasedEma ema(weight);
  std::vector<double> out;
  out.reserve(values.size());
  for (double v : values) out.push_back(ema.add(v));
  return out;
}

}  // namespace trainscope::widgets
