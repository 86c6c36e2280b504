#include "engine/search/successive_halving.h"

#include <algorithm>
#include <cmath>

namespace trainscope {

std::vector<int64_t> halvingRungs(const HalvingConfig& config, int64_t epochs) {
  std::vector<int64_t> rungs;
  if (!config.on || config.min_epochs < 1 || config.eta <= 1) return rungs;
  for (double r = static_cast<double>(config.min_epochs); r < static_cast<double>(epochs); r *= config.eta) {
    const auto epoch = static_cast<int64_t>(std::llround(r));
    if (rungs.empty() || epoch > rungs.back()) rungs.push_back(epoch);
  }
  return rungs;
}

RungVerdict judgeAtRung(const std::vector<double>& earlier, double value, double eta, bool maximize) {
  RungVerdict verdict;
  std::vector<double> values;
  for (double v : earlier)
    if (std::isfinite(v)) values.push_back(maximize ? v : -v);
  const double own = maximize ? value : -value;
  values.push_back(std::isfinite(own) ? own : -INFINITY);
  verdict.compared = static_cast<int>(values.size());
  std::sort(values.begin(), values.end());
  // The (1 - 1/eta) quantile, interpolated linearly between the sorted values (numpy's default).
  const double position = (1.0 - 1.0 / eta) * static_cast<double>(values.size() - 1);
  const auto below = static_cast<size_t>(std::floor(position));
  const size_t above = std::min(below + 1, values.size() - 1);
  const double cutoff = values[below] + (position - static_cast<double>(below)) * (values[above] - values[below]);
  verdict.cutoff = maximize ? cutoff : -cutoff;
  verdict.stop = !std::isfinite(own) || own < cutoff;
  return verdict;
}

}  // namespace trainscope
