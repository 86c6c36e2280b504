#include "widgets/histogram_plot.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

#include <algorithm>

namespace trainscope::widgets {

HistogramPlot::HistogramPlot(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  plot_->setMinimumSize(160, 120);
  bars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
  bars_->setPen(Qt::NoPen);
  bars_->setBrush(QColor(31, 119, 180));
  plot_->yAxis->setLabel(tr("elements"));
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
}

void HistogramPlot::setHistogram(const std::vector<double>& edges, const std::vector<double>& counts,
                                 const QString& title) {
  QVector<double> keys, values;
  const size_t bins = std::min(counts.size(), edges.empty() ? 0 : edges.size() - 1);
  double top = 1;
  for (size_t b = 0; b < bins; ++b) {
    keys.push_back((edges[b] + edges[b + 1]) / 2);
    values.push_back(counts[b]);
    top = std::max(top, counts[b]);
  }
  bars_->setWidthType(QCPBars::wtPlotCoords);
  bars_->setWidth(bins > 0 ? (edges[bins] - edges[0]) / bins : 1.0);
  bars_->setData(keys, values, /*alreadySorted=*/true);
  plot_->xAxis->setLabel(title);
  if (bins > 0) plot_->xAxis->setRange(edges[0], edges[bins] > edges[0] ? edges[bins] : edges[0] + 1);
  plot_->yAxis->setRange(log_ ? 0.5 : 0, top * (log_ ? 2 : 1.05));
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void HistogramPlot::clear() {
  bars_->data()->clear();
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void HistogramPlot::setLogCounts(bool on) {
  log_ = on;
  plot_->yAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  if (on)
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  else
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

int HistogramPlot::barCount() const { return bars_->data()->size(); }

}  // namespace trainscope::widgets
