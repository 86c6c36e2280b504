// A live plot of curves that grow while a run trains (QCustomPlot). Keeps every point;
// drawing asks each curve's pyramid (curve_pyramid.h) for the extremes or the mean per
// pixel column, so a redraw costs the same at a thousand points or a million.
// Appending only marks the plot dirty: the owner calls refresh() from its timer, so it
// replots at most once per tick.
#pragma once

#include "widgets/curve_export.h"
#include "widgets/curve_pyramid.h"
#include "widgets/decimate.h"
#include "widgets/ema.h"

#include <QColor>
#include <QElapsedTimer>
#include <QString>
#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPAbstractPlottable;
class QCPAxis;

namespace trainscope::widgets {

class CurveBand;
class CurveLine;

class LiveCurvePlot : public QWidget {
  Q_OBJECT
 public:
  struct SeriesStyle {
    QColor color;
    bool points = false;     // markers (e.g. one value per epoch) rather than a thin line
    bool smoothed = false;   // draw the raw curve faint with an EMA on top
    bool rightAxis = false;  // a second y axis (e.g. accuracy next to loss)
    bool band = true;        // with smoothed: the raw curve's faint band (off: the EMA alone, for many runs)
  };

  explicit LiveCurvePlot(QWidget* parent = nullptr);

  int addSeries(const QString& name, const SeriesStyle& style);
  void append(int series, double x, double y);
  void append(int series, const std::vector<double>& xs, const std::vector<double>& ys);

  // A long curve made ready for drawing off the GUI thread: its points, their EMA at
  // `smoothing` and both pyramids, O(n) in prepareCurve (plain work, any thread). The
  // GUI thread then adopts it with setSeriesData in O(1), so a run of a million steps
  // opens without a stall. A curve prepared at another smoothing is re-smoothed there.
  struct PreparedCurve {
    std::vector<double> xs, ys, smoothYs;
    CurvePyramid rawPyramid, smoothPyramid;
    std::vector<double> blockXs;
    EvenSpacing spacing;
    double smoothing = 0;
    DebiasedEma ema;
  };
  static PreparedCurve prepareCurve(std::vector<double> xs, std::vector<double> ys, double smoothing);
  // Replaces the series' points with the prepared curve.
  void setSeriesData(int series, PreparedCurve&& curve);
  // A dashed vertical line, e.g. an epoch boundary.
  void addMarker(double x);
  void clear();
  // Removes every series too (e.g. a new run with other layers).
  void removeAllSeries();
  int seriesCount() const { return static_cast<int>(series_.size()); }
  // Hides or shows a series (its raw and smoothed lines); clicking a legend entry
  // toggles it too.
  void setSeriesVisible(int series, bool visible);
  // Whether the legend lists the series at all (a series that does not apply to this run).
  void setSeriesListed(int series, bool listed);
  bool seriesVisible(int series) const;

  void setAxisLabels(const QString& x, const QString& left, const QString& right = {});
  // What the axes show while there is no data (before a run, after clear()), e.g.
  // accuracy 0..1 over the epochs to come, rather than QCustomPlot's -5..5.
  void setEmptyRange(double xLo, double xHi, double yLo, double yHi);
  // The right axis keeps this range whatever the data (a share, 0..1).
  void setFixedRightRange(double lo, double hi);
  // x ticks on whole numbers only (epochs): never "1.5" for a count.
  void setIntegerX(bool on);
  // The left axis reaches down to zero (a learning rate, a share): a flat or nearly flat
  // curve then reads 0, 0.001, 0.002 rather than a crowd of long decimals around it.
  void setValueFromZero(bool on);
  // Where the legend sits: Qt::TopEdge (a row above the plot, the default) or
  // Qt::RightEdge (columns beside it, for many curves in a short plot).
  void setLegendEdge(Qt::Edge edge);
  // Curves' line widths and markers times `scale` (presentation mode: 2).
  void setLineScale(double scale);
  void setLogScale(bool on);
  // EMA weight in [0, 0.999]: 0 shows the raw curve alone.
  void setSmoothing(double weight);
  double smoothing() const { return smoothing_; }

  // Replots when something changed since the last refresh and the plot is on screen;
  // returns whether it did. Drawing is kept to `share` of the GUI thread's time: after
  // a replot that took d ms, the next waits d * (1 / share - 1) ms (the data waits too,
  // nothing is lost). 1.0 = no limit.
  bool refresh();
  void setRefreshBudget(double share) { budget_ = share; }
  double lastReplotMs() const { return lastReplotMs_; }
  // Back to following the data (after the user zoomed or panned).
  void resetView();
  // Draws now, whatever the budget (for the user's own changes, e.g. smoothing).
  void redraw();

  // What the plot shows now, in its pixels, for drawing it elsewhere (SVG): the visible
  // series as drawn, the ticks and their labels, the markers.
  PlotPicture picture();

  int pointCount(int series) const;
  const std::vector<double>& values(int series) const;
  const std::vector<double>& smoothedValues(int series) const;
  QCustomPlot* plot() const { return plot_; }

 signals:
  void userChangedView();

 private:
  struct Series {
    QCPGraph* line = nullptr;     // a plain series: its line (or markers)
    CurveBand* band = nullptr;    // a smoothed series: the raw curve as a band,
    CurveLine* smooth = nullptr;  // and its EMA as a line
    SeriesStyle style;
    std::vector<double> xs, ys, smoothYs;
    // Summaries of ys and smoothYs for drawing, extended at each refresh by what came.
    CurvePyramid rawPyramid, smoothPyramid;
    DebiasedEma ema;
    std::vector<double> blockXs;  // xs[k * CurvePyramid::kBlock]: where column boundaries are looked up
    EvenSpacing spacing;          // or computed, when the xs are evenly spaced
  };
  void thinMarkers();
  // The plottable that stands for the series (in the legend, for visibility).
  static QCPAbstractPlottable* legendEntry(const Series& s);
  // Decimates for the current view and replots (refresh() without its conditions).
  void draw();
  void rebuildSmoothed(Series& s);
  void applyEmptyRange();
  void fitValueAxis(QCPAxis* axis);
  // About one tick per 2 label heights up and 7 along: short plots (the small ones at
  // 1024x768, presentation mode's larger labels) do not crowd their ticks.
  void fitTickCounts();
  void applyPens(Series& s) const;
  void followData();
  // The legend sits in its own row above the plot, never on the curves, wrapping to
  // the plot's width; with no entry it takes no room at all.
  void placeLegend();

  QCustomPlot* plot_;
  std::vector<Series> series_;
  double smoothing_ = 0.6;
  bool dirty_ = false;
  bool following_ = true;
  double emptyRange_[4] = {0, 1, 0, 1};
  bool fixedRight_ = false;
  bool fromZero_ = false;
  bool legendPlaced_ = false;
  Qt::Edge legendEdge_ = Qt::TopEdge;
  double lineScale_ = 1.0;
  double budget_ = 0.25, lastReplotMs_ = 0;
  qint64 nextRefreshAt_ = 0;  // ms on clock_
  QElapsedTimer clock_;
};

}  // namespace trainscope::widgets
