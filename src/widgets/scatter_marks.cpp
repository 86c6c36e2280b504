#include "widgets/scatter_marks.h"

#include <qcustomplot.h>

#include <QPainter>

namespace trainscope::widgets {

QPixmap scatterDisc(const QColor& fill) {
  QPixmap disc(5, 5);
  disc.fill(Qt::transparent);
  QPainter painter(&disc);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(Qt::NoPen);
  painter.setBrush(fill);
  painter.drawEllipse(QRectF(0.5, 0.5, 4, 4));
  return disc;
}

QCPGraph* addScatterGraph(QCustomPlot* plot, const QString& name, const QColor& fill) {
  QCPGraph* graph = plot->addGraph();
  graph->setName(name);
  graph->setLineStyle(QCPGraph::lsNone);
  graph->setScatterStyle(QCPScatterStyle(scatterDisc(fill)));
  graph->setAdaptiveSampling(false);  // every sample is a point of its own
  return graph;
}

QCPGraph* addSelectionRing(QCustomPlot* plot) {
  QCPGraph* selected = plot->addGraph();
  selected->setLineStyle(QCPGraph::lsNone);
  selected->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2), Qt::NoBrush, 12));
  selected->removeFromLegend();
  return selected;
}

}  // namespace trainscope::widgets
