// The Compare page's reading, done off the GUI thread (QtConcurrent): the runs
// folder's listing, and the curves of the ticked runs whose metrics.h5 changed since
// they were read (or that are still running). Plain work on the engine's run library.
#pragma once

#include "engine/record/run_library.h"
#include "widgets/live_curve_plot.h"

#include <QColor>
#include <QString>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace trainscope::ui {

struct CachedCurves {
  // Shared, never changed once read: the plot's preparation reads it on a worker
  // while the page may already hold a newer read.
  std::shared_ptr<const RunCurves> curves;
  qint64 modified = -1;  // metrics.h5's mtime when read
  bool failed = false;   // unreadable: listed as it is, no curve to draw
};

struct CurvesStamp {
  qint64 modified = -1;
  bool failed = false;
};

struct RunsSnapshot {
  QString runsDir;
  std::vector<RunEntry> runs;
  std::map<std::string, CachedCurves> curves;  // only those re-read, by run folder as listed
  std::string error;                           // the folder could not be listed (runs is then empty)
};

// The ticked runs' curves of one metric, made ready for drawing off the GUI thread
// (the points copied out, smoothed, summarised): a plot of 20 runs of a million steps
// costs the GUI thread only the adoption of the result.
struct PlotRequest {
  QString name, dir;
  QColor color;
  std::shared_ptr<const RunCurves> curves;
  // A fork plotted with its parent: its points from this step on, so it branches off
  // the parent's curve (0: every point).
  double fromStep = 0;
};
struct PreparedPlot {
  struct Series {
    PlotRequest run;
    widgets::LiveCurvePlot::PreparedCurve curve;
  };
  int generation = 0;
  std::vector<PlotRequest> requested;  // every run asked for, with or without the curve
  std::vector<Series> series;
};
PreparedPlot preparePlot(const std::vector<PlotRequest>& runs, const std::string& metric, const std::string& x,
                         double smoothing, int generation);

// `ticked`: absolute run folders whose curves are wanted; `cached`: what the caller
// holds already, by run folder as listed.
RunsSnapshot readRunsSnapshot(const QString& runsDir, const std::set<std::string>& ticked,
                              const std::map<std::string, CurvesStamp>& cached);

// One run's curve of `metric` against `x` (step, epoch, time), as the Compare page
// plots it: false when the run has no such curve. Plain work, safe on any thread.
// `fromStep` > 0 keeps the points of that step and later (a fork's own).
bool curveOf(const RunCurves& c, const std::string& metric, const std::string& x, std::vector<double>& xs,
             std::vector<double>& ys, double fromStep = 0);
// Whether a metric is recorded once per epoch (drawn as markers) rather than per step.
bool isEpochMetric(const std::string& metric);

// A run folder as an absolute, normal path, to match folders spelled differently.
std::string absolutePath(const std::string& dir);

// A run ticked under another spelling of its folder (a lesson's, say) takes the
// listing's spelling, in `ticked` and in `colors` (folder -> palette index).
void adoptListedSpellings(const std::vector<RunEntry>& runs, std::map<QString, bool>& ticked,
                          std::map<QString, int>& colors);

}  // namespace trainscope::ui
