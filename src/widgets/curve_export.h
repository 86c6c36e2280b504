// Exporting a comparison: the data as CSV (every point, not a sample) and the plot as
// SVG (drawn here, as Debian's Qt has no QtSvg module in this stack; PNG and PDF come
// from QCustomPlot itself).
#pragma once

#include <QColor>
#include <QString>

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

// A line plot: axes with ticks, one polyline per series (min/max decimated to the
// width), a legend. `logY` plots log10 of positive values.
bool writeCurvesSvg(const QString& path, const std::vector<ExportSeries>& series, const QString& xLabel,
                    const QString& yLabel, bool logY, QString* error = nullptr);

}  // namespace trainscope::widgets
