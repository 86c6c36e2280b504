#include "ui/compare/compare_reader.h"

#include "engine/run/metric_fields.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace trainscope::ui {

namespace {
qint64 modifiedTime(const std::string& runDir) {
  std::error_code ec;
  const auto stamp = std::filesystem::last_write_time(std::filesystem::path(runDir) / "metrics.h5", ec);
  return ec ? -1 : static_cast<qint64>(stamp.time_since_epoch().count());
}
}  // namespace

// A column of metrics.h5's epochs only (step, epoch, wall_time and lr are in both).
bool isEpochMetric(const std::string& m) {
  return metricColumn<EpochMetrics>(m) != nullptr && metricColumn<StepMetrics>(m) == nullptr;
}

namespace {
// A fork's own points: those from its fork step on (the trunk before it is its parent's).
void keepFromStep(const std::vector<double>& steps, double fromStep, std::vector<double>& xs, std::vector<double>& ys) {
  size_t kept = 0;
  for (size_t i = 0; i < xs.size() && i < ys.size() && i < steps.size(); ++i)
    if (steps[i] >= fromStep) xs[kept] = xs[i], ys[kept] = ys[i], ++kept;
  xs.resize(kept), ys.resize(kept);
}
}  // namespace

bool curveOf(const RunCurves& c, const std::string& metric, const std::string& x, std::vector<double>& xs,
             std::vector<double>& ys, double fromStep) {
  // Where the metric lives, and the column that gives its x.
  std::map<std::string, std::vector<double>> named;  // a named scalar, as a table of its own
  const std::map<std::string, std::vector<double>>* table = &c.steps;
  if (const auto s = c.scalars.find(metric);
      s != c.scalars.end() && !c.steps.count(metric) && !c.epochs.count(metric)) {
    named = {{metric, s->second.value}, {"step", s->second.step}, {"wall_time", s->second.wall_time}};
    table = &named;
  }
  std::string xColumn = x == "epoch" ? "epoch" : x == "time" ? "wall_time" : "step";
  if (isEpochMetric(metric)) table = &c.epochs;
  if (metric == "grad_norm") {
    table = &c.probes;
    xColumn = "step";  // probes.h5 has steps only; epoch and time come from metrics.h5 by step
  }
  if (table == &named && x == "epoch") xColumn = "step";  // mapped to epochs below, as the gradient norm's
  const auto values = table->find(metric);
  const auto column = table->find(xColumn);
  if (values == table->end() || column == table->end()) return false;
  ys = values->second;
  xs = column->second;
  if (const auto steps = table->find("step"); fromStep > 0 && steps != table->end())
    keepFromStep(steps->second, fromStep, xs, ys);
  if ((metric == "grad_norm" && x != "step") || (table == &named && x == "epoch")) {  // steps -> epoch / time
    const auto steps = c.steps.find("step");
    const auto target = c.steps.find(x == "epoch" ? "epoch" : "wall_time");
    if (steps == c.steps.end() || target == c.steps.end()) return false;
    for (double& v : xs) {
      const auto it = std::lower_bound(steps->second.begin(), steps->second.end(), v);
      const auto at = static_cast<size_t>(it - steps->second.begin());
      v = at < target->second.size() ? target->second[at] : std::nan("");
    }
  }
  if (x == "time") {  // seconds since the run's first step
    const auto wall = c.steps.find("wall_time");
    const double start =
        wall == c.steps.end() || wall->second.empty() ? (xs.empty() ? 0 : xs.front()) : wall->second.front();
    for (double& v : xs) v -= start;
  }
  return true;
}

PreparedPlot preparePlot(const std::vector<PlotRequest>& runs, const std::string& metric, const std::string& x,
                         double smoothing, int generation) {
  PreparedPlot out;
  out.generation = generation;
  out.requested = runs;
  for (const auto& run : runs) {
    std::vector<double> xs, ys;
    if (!run.curves || !curveOf(*run.curves, metric, x, xs, ys, run.fromStep)) continue;
    out.series.push_back({run, widgets::LiveCurvePlot::prepareCurve(std::move(xs), std::move(ys), smoothing)});
  }
  return out;
}

std::string absolutePath(const std::string& dir) {
  std::error_code ec;
  const auto p = std::filesystem::absolute(dir, ec);
  return ec ? dir : p.lexically_normal().string();
}

void adoptListedSpellings(const std::vector<RunEntry>& runs, std::map<QString, bool>& ticked,
                          std::map<QString, int>& colors) {
  for (const auto& r : runs) {
    const QString listed = QString::fromStdString(r.dir);
    for (auto it = ticked.begin(); it != ticked.end();) {
      if (it->first == listed || !it->second || absolutePath(it->first.toStdString()) != absolutePath(r.dir)) {
        ++it;
        continue;
      }
      const auto color = colors.find(it->first);
      if (color != colors.end()) {
        colors[listed] = color->second;
        colors.erase(color);
      }
      it = ticked.erase(it);
      ticked[listed] = true;
    }
  }
}

RunsSnapshot readRunsSnapshot(const QString& runsDir, const std::set<std::string>& ticked,
                              const std::map<std::string, CurvesStamp>& cached) {
  RunsSnapshot s;
  s.runsDir = runsDir;
  try {
    s.runs = listRuns(runsDir.toStdString());
  } catch (const std::exception& e) {  // a folder that went away or is unreadable mid-listing
    s.error = e.what();
    return s;
  }
  for (const auto& run : s.runs) {
    if (!ticked.count(absolutePath(run.dir))) continue;
    const qint64 modified = modifiedTime(run.dir);
    const auto have = cached.find(run.dir);
    // A running run is re-read every time, as its record grows; one that failed to
    // read is retried when its file changes.
    const bool fresh =
        have != cached.end() && have->second.modified == modified && (run.status != "running" || have->second.failed);
    if (fresh) continue;
    CachedCurves& c = s.curves[run.dir];
    c.modified = modified;
    try {
      c.curves = std::make_shared<const RunCurves>(readRunCurves(run.dir));
    } catch (const std::exception&) {
      c.failed = true;
    }
  }
  return s;
}

}  // namespace trainscope::ui
