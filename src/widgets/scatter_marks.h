// What the scatter plots (the data map, the residuals) draw alike: each point as one
// pre-rendered disc, and a ring around the point picked.
#pragma once

#include <QColor>
#include <QPixmap>

class QCPGraph;
class QCustomPlot;

namespace trainscope::widgets {

// A disc rendered once and stamped per point: drawing 60,000 translucent ellipses one by
// one took ~100 ms a replot.
QPixmap scatterDisc(const QColor& fill);
// A graph of points `fill` discs, every one drawn (no adaptive sampling), named in the legend.
QCPGraph* addScatterGraph(QCustomPlot* plot, const QString& name, const QColor& fill);
// The ring around the picked point: a graph of its own, not in the legend.
QCPGraph* addSelectionRing(QCustomPlot* plot);

}  // namespace trainscope::widgets
