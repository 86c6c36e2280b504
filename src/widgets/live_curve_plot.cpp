#include "widgets/live_curve_plot.h"

#include "widgets/decimate.h"

#include <qcustomplot.h>

#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace trainscope::widgets {

LiveCurvePlot::LiveCurvePlot(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
  plot_->axisRect()->setRangeZoom(Qt::Horizontal | Qt::Vertical);
  plot_->legend->setVisible(true);
  plot_->legend->setBrush(QColor(255, 255, 255, 200));
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
  plot_->setNoAntialiasingOnDrag(true);
  plot_->setNotAntialiasedElements(QCP::aePlottables);
  connect(plot_, &QCustomPlot::mouseDoubleClick, this, [this] { resetView(); });
  connect(plot_, &QCustomPlot::legendClick, this, [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
    auto* entry = qobject_cast<QCPPlottableLegendItem*>(item);
    if (!entry) return;
    for (size_t i = 0; i < series_.size(); ++i)
      if (entry->plottable() == series_[i].raw || entry->plottable() == series_[i].smooth)
        setSeriesVisible(static_cast<int>(i), !seriesVisible(static_cast<int>(i)));
  });
  // Panning or zooming shows another x range: decimate for it on the next refresh,
  // and right away when nothing else is coming (a paused or finished run).
  // The plot's own range changes are made with this signal blocked, so any that
  // arrives is the user's: a drag or wheel zoom stops following the data.
  connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
    if (following_) {
      following_ = false;
      emit userChangedView();
    }
    dirty_ = true;
    QTimer::singleShot(0, this, [this] {
      nextRefreshAt_ = 0;  // the user is looking: draw now
      refresh();
    });
  });
}

int LiveCurvePlot::addSeries(const QString& name, const SeriesStyle& style) {
  Series s;
  s.style = style;
  s.ema = DebiasedEma(smoothing_);
  QCPAxis* y = style.rightAxis ? plot_->yAxis2 : plot_->yAxis;
  if (style.rightAxis) plot_->yAxis2->setVisible(true);
  s.raw = plot_->addGraph(plot_->xAxis, y);
  s.raw->setName(name);
  s.raw->setAdaptiveSampling(false);  // the data it gets is already decimated
  QColor c = style.color;
  if (style.smoothed) {
    // Faint as an opaque tint: alpha blending a dense noisy band is slow to paint.
    const QColor faint((c.red() + 3 * 255) / 4, (c.green() + 3 * 255) / 4, (c.blue() + 3 * 255) / 4);
    // The raw curve is drawn as its per-pixel min/max band, filled: painting a zigzag
    // line through every extreme cost ~30 ms a curve (docs/benchmarks.md).
    s.raw->setPen(QPen(faint, 0));  // width 0: a cosmetic hairline, the fastest to draw
    s.raw->removeFromLegend();
    s.rawLow = plot_->addGraph(plot_->xAxis, y);
    s.rawLow->setPen(QPen(faint, 0));
    s.rawLow->removeFromLegend();
    s.rawLow->setAdaptiveSampling(false);
    s.raw->setBrush(faint);
    s.raw->setChannelFillGraph(s.rawLow);
    s.smooth = plot_->addGraph(plot_->xAxis, y);
    s.smooth->setName(name);
    s.smooth->setAdaptiveSampling(false);
    s.smooth->setPen(QPen(c, 2));
  } else if (style.points) {
    s.raw->setPen(QPen(c, 1.5));
    s.raw->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, Qt::white, 6));
  } else {
    s.raw->setPen(QPen(c, 1.5));
  }
  series_.push_back(std::move(s));
  dirty_ = true;
  return static_cast<int>(series_.size()) - 1;
}

void LiveCurvePlot::append(int index, double x, double y) {
  Series& s = series_.at(index);
  s.xs.push_back(x);
  s.ys.push_back(y);
  if (s.smooth) s.smoothYs.push_back(smoothing_ > 0 ? s.ema.add(y) : y);
  dirty_ = true;  // drawn (decimated) at the next refresh
}

void LiveCurvePlot::append(int index, const std::vector<double>& xs, const std::vector<double>& ys) {
  for (size_t i = 0; i < xs.size() && i < ys.size(); ++i) append(index, xs[i], ys[i]);
}

void LiveCurvePlot::addMarker(double x) {
  auto* line = new QCPItemStraightLine(plot_);
  line->point1->setCoords(x, 0);
  line->point2->setCoords(x, 1);
  line->setPen(QPen(QColor(150, 150, 150), 1, Qt::DashLine));
  line->setSelectable(false);
  dirty_ = true;
}

void LiveCurvePlot::clear() {
  for (auto& s : series_) {
    s.xs.clear(), s.ys.clear(), s.smoothYs.clear();
    s.ema.reset();
  }
  plot_->clearItems();
  following_ = true;
  dirty_ = true;
}

void LiveCurvePlot::setSeriesVisible(int series, bool visible) {
  Series& s = series_.at(static_cast<size_t>(series));
  s.raw->setVisible(visible);
  if (s.rawLow) s.rawLow->setVisible(visible);
  if (s.smooth) s.smooth->setVisible(visible);
  // The legend entry stays, greyed, so it can be clicked back on.
  QCPAbstractPlottable* entry = s.smooth ? s.smooth : s.raw;
  if (auto* item = plot_->legend->itemWithPlottable(entry)) item->setTextColor(visible ? Qt::black : Qt::gray);
  dirty_ = true;
  redraw();
}

bool LiveCurvePlot::seriesVisible(int series) const { return series_.at(static_cast<size_t>(series)).raw->visible(); }

void LiveCurvePlot::removeAllSeries() {
  plot_->clearGraphs();
  plot_->clearItems();
  series_.clear();
  following_ = true;
  dirty_ = true;
}

void LiveCurvePlot::setAxisLabels(const QString& x, const QString& left, const QString& right) {
  plot_->xAxis->setLabel(x);
  plot_->yAxis->setLabel(left);
  plot_->yAxis2->setLabel(right);
  dirty_ = true;
}

void LiveCurvePlot::setLogScale(bool on) {
  plot_->yAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  if (on)
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  else
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  dirty_ = true;
}

void LiveCurvePlot::rebuildSmoothed(Series& s) {
  if (!s.smooth) return;
  s.smoothYs = smoothing_ > 0 ? debiasedEma(s.ys, smoothing_) : s.ys;
  s.ema = DebiasedEma(smoothing_);
  for (double y : s.ys) s.ema.add(y);  // so later points continue the same average
}

namespace {
void setGraphData(QCPGraph* graph, const std::vector<double>& xs, const std::vector<double>& ys) {
  graph->setData(QVector<double>(xs.begin(), xs.end()), QVector<double>(ys.begin(), ys.end()), /*alreadySorted=*/true);
}
}  // namespace

void LiveCurvePlot::setSmoothing(double weight) {
  smoothing_ = std::clamp(weight, 0.0, 0.999);
  for (auto& s : series_) rebuildSmoothed(s);
  dirty_ = true;
}

bool LiveCurvePlot::refresh() {
  if (!dirty_ || !isVisible()) return false;  // a hidden page draws when shown
  if (!clock_.isValid()) clock_.start();
  if (clock_.elapsed() < nextRefreshAt_) return false;
  dirty_ = false;
  const QSignalBlocker block(plot_->xAxis);  // our own range changes are not the user's
  if (following_) {                          // x: everything recorded
    double lo = 0, hi = 0;
    bool any = false;
    for (const auto& s : series_) {
      if (s.xs.empty()) continue;
      lo = any ? std::min(lo, s.xs.front()) : s.xs.front();
      hi = any ? std::max(hi, s.xs.back()) : s.xs.back();
      any = true;
    }
    if (any) plot_->xAxis->setRange(lo, hi > lo ? hi : lo + 1);
  }
  // Only what the current x range needs, two points per pixel column at most.
  const QCPRange range = plot_->xAxis->range();
  const int columns = std::max(1, plot_->axisRect()->width());
  for (auto& s : series_) {
    if (s.rawLow) {
      const Envelope e = envelopeMinMax(s.xs, s.ys, range.lower, range.upper, columns);
      setGraphData(s.raw, e.xs, e.highs);
      setGraphData(s.rawLow, e.xs, e.lows);
    } else {
      const Decimated d = decimateMinMax(s.xs, s.ys, range.lower, range.upper, columns);
      setGraphData(s.raw, d.xs, d.ys);
    }
    if (s.smooth) {  // per-column means: the band shows the spread, the line the trend
      const Decimated d = decimateMean(s.xs, s.smoothYs, range.lower, range.upper, columns);
      setGraphData(s.smooth, d.xs, d.ys);
    }
  }
  if (following_) {  // y: what is drawn (the decimation keeps every extreme)
    plot_->yAxis->rescale(/*onlyVisiblePlottables=*/true);
    plot_->yAxis->scaleRange(1.05, plot_->yAxis->range().center());  // headroom
    if (plot_->yAxis2->visible()) {
      plot_->yAxis2->rescale(true);
      plot_->yAxis2->scaleRange(1.05, plot_->yAxis2->range().center());
    }
  }
  const qint64 start = clock_.nsecsElapsed();
  plot_->replot(QCustomPlot::rpImmediateRefresh);
  lastReplotMs_ = static_cast<double>(clock_.nsecsElapsed() - start) / 1e6;
  nextRefreshAt_ = clock_.elapsed() + static_cast<qint64>(lastReplotMs_ * (1.0 / std::max(0.01, budget_) - 1.0));
  return true;
}

void LiveCurvePlot::redraw() {
  dirty_ = true;
  nextRefreshAt_ = 0;
  refresh();
}

void LiveCurvePlot::resetView() {
  following_ = true;
  dirty_ = true;
  nextRefreshAt_ = 0;  // the user asked: draw now
  refresh();
}

int LiveCurvePlot::pointCount(int series) const { return static_cast<int>(series_.at(series).xs.size()); }
const std::vector<double>& LiveCurvePlot::values(int series) const { return series_.at(series).ys; }
const std::vector<double>& LiveCurvePlot::smoothedValues(int series) const { return series_.at(series).smoothYs; }

}  // namespace trainscope::widgets
