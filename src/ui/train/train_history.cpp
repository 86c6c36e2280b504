#include "ui/train/train_history.h"

#include "engine/record/run_library.h"
#include "engine/run/metric_fields.h"

#include <cmath>

namespace trainscope::ui {

namespace {
using Columns = std::map<std::string, std::vector<double>>;

// Row i of metrics.h5's table as the event it was recorded from (missing columns stay
// at their defaults).
template <class Row>
Row rowAt(const Columns& table, size_t i) {
  Row row;
  for (const auto& f : metricFields<Row>()) {
    const auto it = table.find(f.key);
    if (it != table.end() && i < it->second.size()) f.set(row, it->second[i]);
  }
  return row;
}

size_t rowCount(const Columns& table) {
  size_t n = 0;
  for (const auto& [name, values] : table) n = std::max(n, values.size());
  return n;
}
}  // namespace

TrainHistory readTrainHistory(const std::string& runDir, int64_t upToStep, double smoothing) {
  TrainHistory h;
  RunCurves curves;
  try {
    curves = readRunCurves(runDir);
  } catch (const std::exception& e) {
    h.error = e.what();
    return h;
  }
  const int64_t limit = upToStep < 0 ? INT64_MAX : upToStep;
  std::vector<double> xs, losses, rates, padding, paddingXs;
  for (size_t i = 0, n = rowCount(curves.steps); i < n; ++i) {
    const auto m = rowAt<StepMetrics>(curves.steps, i);
    if (m.step > limit) break;  // rows are in step order
    xs.push_back(static_cast<double>(m.step));
    losses.push_back(m.loss);
    rates.push_back(m.lr);
    if (!std::isnan(m.padding)) paddingXs.push_back(static_cast<double>(m.step)), padding.push_back(m.padding);
    h.last_step = m.step;
  }
  h.loss = widgets::LiveCurvePlot::prepareCurve(xs, std::move(losses), smoothing);
  h.lr = widgets::LiveCurvePlot::prepareCurve(std::move(xs), std::move(rates), 0.0);
  h.padding = widgets::LiveCurvePlot::prepareCurve(std::move(paddingXs), std::move(padding), 0.0);
  for (size_t i = 0, n = rowCount(curves.epochs); i < n; ++i) {
    const auto e = rowAt<EpochMetrics>(curves.epochs, i);
    if (e.step > limit) break;
    h.epochs.push_back(e);
  }
  return h;
}

}  // namespace trainscope::ui
