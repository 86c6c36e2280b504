// The scalars a run records, declared once: each per-step and per-epoch metric's key
// (the StepMetrics / EpochMetrics member's own name), its description, and the label
// of its curve. The events' JSON Lines, metrics.h5's columns (docs/run-format.md),
// the curves the app offers and the metrics a lesson may compare all come from here.
#pragma once

#include "engine/run/events.h"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace trainscope {

// Curve labels are translated under this context (the app translates them).
inline constexpr const char* kMetricContext = "trainscope::Metric";

template <class Row>
struct MetricField {
  std::string key;
  std::variant<int64_t Row::*, double Row::*, bool Row::*> member;
  const char* doc = "";    // what the value is (metrics.h5's column description)
  bool column = true;      // a column of metrics.h5 (a flag like `best` travels in events only)
  const char* curve = "";  // the curve's label (translatable); "" = not offered as a curve
  int curve_rank = 0;      // the curve's place in the menus

  bool integer() const { return !std::holds_alternative<double Row::*>(member); }
  double get(const Row& row) const {
    return std::visit([&](auto m) { return static_cast<double>(row.*m); }, member);
  }
  void set(Row& row, double v) const {
    std::visit([&](auto m) { row.*m = static_cast<std::decay_t<decltype(row.*m)>>(v); }, member);
  }
};

const std::vector<MetricField<StepMetrics>>& stepMetricFields();
const std::vector<MetricField<EpochMetrics>>& epochMetricFields();

template <class Row>
const std::vector<MetricField<Row>>& metricFields();
template <>
inline const std::vector<MetricField<StepMetrics>>& metricFields() {
  return stepMetricFields();
}
template <>
inline const std::vector<MetricField<EpochMetrics>>& metricFields() {
  return epochMetricFields();
}
// The declared metrics.h5 column `key` of a row type, or nullptr.
template <class Row>
const MetricField<Row>* metricColumn(const std::string& key) {
  for (const auto& f : metricFields<Row>())
    if (f.column && f.key == key) return &f;
  return nullptr;
}
// A row whose real values are all NaN, "not recorded", until set (a script's run, an
// import: they fill only the columns they have).
template <class Row>
Row rowOfNaNs() {
  Row r;
  for (const auto& f : metricFields<Row>())
    if (!f.integer()) f.set(r, std::nan(""));
  return r;
}

// The key declared for a member (&StepMetrics::loss: "loss"), e.g. metrics.h5's column.
template <class Row, class T>
const std::string& metricKey(T Row::*member) {
  for (const auto& f : metricFields<Row>())
    if (const auto* m = std::get_if<T Row::*>(&f.member); m && *m == member) return f.key;
  throw std::logic_error("a metric without a declaration");
}

// A curve the app can plot and a lesson can compare, with its translatable label.
struct CurveName {
  std::string key;
  const char* label;
};
// Every curve (step and epoch metrics, and the probes' gradient norm), in menu order.
const std::vector<CurveName>& curveNames();
// The probes' curve of all gradients' norm (probes.h5), which metrics.h5 does not hold.
const std::string& gradNormCurve();
// The x axes a curve is drawn against: step, epoch, time.
const std::vector<CurveName>& curveAxes();

}  // namespace trainscope
