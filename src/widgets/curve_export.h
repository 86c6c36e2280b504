// Exporting a comparison: the data as CSV (every point, not a sample) and the plot as
// SVG (drawn here, as Debian's Qt has no QtSvg module in this stack; PNG and PDF come
// from QCustomPlot itself). The SVG draws what the screen shows, in the screen's
// pixels: the visible series only, raw and smoothed as drawn, the axes' ticks and
// labels as QCustomPlot made them, the epoch markers.
#pragma once

#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <utility>
#include <vector>

namespace trainscope::widgets {

struct ExportSeries {
  QString name;
  QString dir;  // where it comes from (a run folder), when it matters to the caller
  QColor color;
  std::vector<double> xs, ys;
};

// Long form: a header "run,<xLabel>,<yLabel>", then one row per point of every series.
// Values keep full precision (17 significant digits); NaN is written as "nan".
// Returns false (and the reason) when the file cannot be written.
bool writeCurvesCsv(const QString& path, const std::vector<ExportSeries>& series, const QString& xLabel,
                    const QString& yLabel, QString* error = nullptr);

// A plot as it is on screen (LiveCurvePlot::picture), in its pixels.
struct PlotPicture {
  struct Series {
    QString name;
    QColor color;
    double width = 1.5;         // the pen, presentation mode included
    bool points = false;        // circles at the points (one value per epoch)
    std::vector<QPointF> line;  // the line as drawn: the raw curve, or a smoothed series' EMA
    // A smoothed series' raw curve as its per-column band: low and high ends, and its tint.
    std::vector<std::pair<QPointF, QPointF>> band;
    QColor bandColor;
  };
  int width = 0, height = 0;
  QRectF area;  // the axis rect
  QString xLabel, yLabel;
  std::vector<std::pair<double, QString>> xTicks, yTicks;  // pixel position, label as shown
  std::vector<double> markers;                             // dashed vertical lines (epochs), x pixels
  std::vector<Series> series;                              // the visible ones, in legend order
};

bool writePlotSvg(const QString& path, const PlotPicture& picture, QString* error = nullptr);

}  // namespace trainscope::widgets
