#include "engine/search/successive_halving.h"

#include <algorithm>
#include <cmath>
#include <functional>

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
  std::vector<double> others;  // as "higher is better"
  for (double v : earlier)
    if (std::isfinite(v)) others.push_back(maximize ? v : -v);
  const double own = std::isfinite(value) ? (maximize ? value : -value) : -INFINITY;
  verdict.compared = static_cast<int>(others.size()) + 1;
  verdict.top = static_cast<int>(std::ceil(verdict.compared / eta - 1e-9));
  // Its rank when every tie counts against it: a trial stuck where others are (at
  // chance, say) does not go on because they did.
  const auto ahead = std::count_if(others.begin(), others.end(), [own](double v) { return v >= own; });
  std::sort(others.begin(), others.end(), std::greater<>());
  const size_t bar = static_cast<size_t>(verdict.top) - 1;
  verdict.cutoff = bar < others.size() ? (maximize ? others[bar] : -others[bar]) : std::nan("");
  verdict.stop = !std::isfinite(value) || ahead + 1 > verdict.top;
  return verdict;
}

}  // namespace trainscope
