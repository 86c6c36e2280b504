#include "widgets/live_curve_plot.h"

#include "widgets/curve_band.h"
#include "widgets/curve_line.h"
#include "widgets/decimate.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
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
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->legend->setBrush(Qt::NoBrush);
  plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  plot_->legend->setMargins(QMargins(4, 2, 4, 4));  // room below the baseline: "_" stays visible
  plot_->axisRect()->insetLayout()->take(plot_->legend);
  plot_->plotLayout()->simplify();
  applyEmptyRange();
  plot_->setNoAntialiasingOnDrag(true);
  plot_->setNotAntialiasedElements(QCP::aePlottables);
  connect(plot_, &QCustomPlot::mouseDoubleClick, this, [this] { resetView(); });
  connect(plot_, &QCustomPlot::legendClick, this, [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
    auto* entry = qobject_cast<QCPPlottableLegendItem*>(item);
    if (!entry) return;
    for (size_t i = 0; i < series_.size(); ++i)
      if (entry->plottable() == series_[i].line || entry->plottable() == series_[i].smooth)
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
  if (style.smoothed) {
    // The raw curve is drawn as its per-pixel min/max band, in hairlines: a zigzag line
    // through every extreme, or a filled polygon, cost ~30 ms a curve (docs/benchmarks.md).
    if (style.band) {
      s.band = new CurveBand(plot_->xAxis, y);
      s.band->removeFromLegend();  // the smoothed line's entry stands for the series
    }
    s.smooth = new CurveLine(plot_->xAxis, y);  // the data it gets is already decimated
    s.smooth->setName(name);
  } else {
    s.line = plot_->addGraph(plot_->xAxis, y);
    s.line->setName(name);
    s.line->setAdaptiveSampling(false);
  }
  applyPens(s);
  series_.push_back(std::move(s));
  placeLegend();
  dirty_ = true;
  return static_cast<int>(series_.size()) - 1;
}

void LiveCurvePlot::applyPens(Series& s) const {
  const QColor c = s.style.color;
  if (s.smooth) {
    // Faint as an opaque tint: alpha blending a dense noisy band is slow to paint.
    const QColor faint((c.red() + 3 * 255) / 4, (c.green() + 3 * 255) / 4, (c.blue() + 3 * 255) / 4);
    if (s.band) s.band->setPen(QPen(faint, 0));
    // Without its band (many runs), a hairline: 100 lines 2 px wide took ~70 ms to draw.
    s.smooth->setPen(QPen(c, (s.band ? 2 : 1) * lineScale_));
  } else {
    s.line->setPen(QPen(c, 1.5 * lineScale_));
    if (s.style.points)
      s.line->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, Qt::white, 6 * lineScale_));
  }
}

void LiveCurvePlot::setLineScale(double scale) {
  lineScale_ = scale;
  for (auto& s : series_) applyPens(s);
  dirty_ = true;
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

LiveCurvePlot::PreparedCurve LiveCurvePlot::prepareCurve(std::vector<double> xs, std::vector<double> ys,
                                                         double smoothing) {
  PreparedCurve c;
  const size_t n = std::min(xs.size(), ys.size());
  xs.resize(n), ys.resize(n);
  c.smoothing = std::clamp(smoothing, 0.0, 0.999);
  c.ema = DebiasedEma(c.smoothing);
  // Room to grow by half on this thread: the first point a live run adds would
  // otherwise reallocate and copy the whole history on the GUI thread (~40 ms at a
  // million points).
  const size_t room = n + n / 2 + 1024;
  xs.reserve(room), ys.reserve(room);
  c.smoothYs.reserve(room);
  for (double y : ys) c.smoothYs.push_back(c.smoothing > 0 ? c.ema.add(y) : y);
  c.rawPyramid.extend(ys);
  c.smoothPyramid.extend(c.smoothYs);
  extendBlockXs(xs, c.blockXs);
  c.spacing.extend(xs);
  c.xs = std::move(xs), c.ys = std::move(ys);
  return c;
}

void LiveCurvePlot::setSeriesData(int index, PreparedCurve&& c) {
  Series& s = series_.at(static_cast<size_t>(index));
  s.xs = std::move(c.xs), s.ys = std::move(c.ys);
  s.rawPyramid = std::move(c.rawPyramid);
  s.blockXs = std::move(c.blockXs);
  s.spacing = c.spacing;
  if (c.smoothing == smoothing_) {
    s.smoothYs = std::move(c.smoothYs);
    s.smoothPyramid = std::move(c.smoothPyramid);
    s.ema = c.ema;
  } else {
    rebuildSmoothed(s);
  }
  if (!s.smooth) s.smoothYs.clear(), s.smoothPyramid.clear();
  dirty_ = true;
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
    s.rawPyramid.clear(), s.smoothPyramid.clear(), s.blockXs.clear();
    s.spacing = EvenSpacing();
    s.ema.reset();
  }
  plot_->clearItems();
  following_ = true;
  applyEmptyRange();
  dirty_ = true;
}

void LiveCurvePlot::setEmptyRange(double xLo, double xHi, double yLo, double yHi) {
  emptyRange_[0] = xLo, emptyRange_[1] = xHi, emptyRange_[2] = yLo, emptyRange_[3] = yHi;
  if (std::all_of(series_.begin(), series_.end(), [](const Series& s) { return s.xs.empty(); })) applyEmptyRange();
  dirty_ = true;
}

void LiveCurvePlot::setIntegerX(bool on) {
  if (on) {
    auto ticker = QSharedPointer<QCPAxisTickerFixed>(new QCPAxisTickerFixed);
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);  // 1, 2, 5, 10, ... epochs apart
    plot_->xAxis->setTicker(ticker);
  } else {
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  }
  dirty_ = true;
}

void LiveCurvePlot::setValueFromZero(bool on) {
  fromZero_ = on;
  dirty_ = true;
}

void LiveCurvePlot::fitTickCounts() {
  const int label = std::max(8, QFontMetrics(plot_->yAxis->tickLabelFont()).height());
  const int up = std::clamp(plot_->axisRect()->height() / (2 * label), 2, 6);
  const int along = std::clamp(plot_->axisRect()->width() / (7 * label), 2, 8);
  for (QCPAxis* axis : {plot_->yAxis, plot_->yAxis2})
    if (axis->ticker()->tickCount() != up) axis->ticker()->setTickCount(up);
  if (plot_->xAxis->ticker()->tickCount() != along) plot_->xAxis->ticker()->setTickCount(along);
}

void LiveCurvePlot::setFixedRightRange(double lo, double hi) {
  fixedRight_ = true;
  plot_->yAxis2->setRange(lo, hi);
  dirty_ = true;
}

void LiveCurvePlot::applyEmptyRange() {
  const QSignalBlocker block(plot_->xAxis);  // not the user's change
  plot_->xAxis->setRange(emptyRange_[0], emptyRange_[1]);
  plot_->yAxis->setRange(emptyRange_[2], emptyRange_[3]);
}

void LiveCurvePlot::setLegendEdge(Qt::Edge edge) {
  if (legendPlaced_) {  // taken out; placed again on the new side
    plot_->plotLayout()->take(plot_->legend);
    plot_->plotLayout()->simplify();
    legendPlaced_ = false;
  }
  legendEdge_ = edge;
  plot_->legend->setFillOrder(edge == Qt::RightEdge ? QCPLayoutGrid::foRowsFirst : QCPLayoutGrid::foColumnsFirst);
  placeLegend();
  dirty_ = true;
}

void LiveCurvePlot::placeLegend() {
  QCPLayoutGrid* layout = plot_->plotLayout();
  QCPLegend* legend = plot_->legend;
  int entries = 0, widest = 1, tallest = 1;  // itemCount() counts the grid's empty cells too
  for (int i = 0; i < legend->itemCount(); ++i)
    if (QCPAbstractLegendItem* item = legend->item(i)) {
      ++entries;
      widest = std::max(widest, item->minimumOuterSizeHint().width() + legend->columnSpacing());
      tallest = std::max(tallest, item->minimumOuterSizeHint().height() + legend->rowSpacing());
    }
  const bool wanted = entries > 0;
  const bool right = legendEdge_ == Qt::RightEdge;
  if (wanted != legendPlaced_) {
    if (wanted && right) {
      layout->addElement(0, 1, legend);
      layout->setColumnStretchFactor(1, 0.001);  // as wide as its entries, no more
    } else if (wanted) {
      layout->insertRow(0);
      layout->addElement(0, 0, legend);
      layout->setRowStretchFactor(0, 0.001);  // as tall as its entries, no more
    } else {
      layout->take(legend);
      layout->simplify();
    }
    legendPlaced_ = wanted;
  }
  if (!wanted) return;
  // Entries per row (top) or per column (right) that fit; setWrap alone does not
  // move the entries already there.
  const int fit = right ? std::max(1, plot_->height() - 10) / tallest : std::max(1, plot_->width() - 20) / widest;
  const int wrap = std::clamp(fit, 1, entries);
  if (legend->wrap() != wrap) {
    legend->setWrap(wrap);
    legend->setFillOrder(legend->fillOrder(), /*rearrange=*/true);
  }
}

QCPAbstractPlottable* LiveCurvePlot::legendEntry(const Series& s) {
  return s.smooth ? static_cast<QCPAbstractPlottable*>(s.smooth) : s.line;
}

void LiveCurvePlot::setSeriesVisible(int series, bool visible) {
  Series& s = series_.at(static_cast<size_t>(series));
  if (s.line) s.line->setVisible(visible);
  if (s.band) s.band->setVisible(visible);
  if (s.smooth) s.smooth->setVisible(visible);
  // The legend entry stays, greyed, so it can be clicked back on.
  QCPAbstractPlottable* entry = legendEntry(s);
  if (auto* item = plot_->legend->itemWithPlottable(entry)) item->setTextColor(visible ? Qt::black : Qt::gray);
  dirty_ = true;
  redraw();
}

void LiveCurvePlot::setSeriesListed(int series, bool listed) {
  Series& s = series_.at(static_cast<size_t>(series));
  QCPAbstractPlottable* entry = legendEntry(s);
  const bool isListed = plot_->legend->hasItemWithPlottable(entry);
  if (listed && !isListed) entry->addToLegend();
  if (!listed && isListed) entry->removeFromLegend();
  dirty_ = true;
  redraw();
}

bool LiveCurvePlot::seriesVisible(int series) const {
  const Series& s = series_.at(static_cast<size_t>(series));
  return legendEntry(s)->visible();
}

void LiveCurvePlot::removeAllSeries() {
  plot_->clearPlottables();  // graphs and bands
  plot_->clearItems();
  series_.clear();
  placeLegend();
  following_ = true;
  applyEmptyRange();
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
  s.smoothPyramid.clear();
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
  draw();
  return true;
}

void LiveCurvePlot::draw() {
  if (!clock_.isValid()) clock_.start();
  dirty_ = false;
  const QSignalBlocker block(plot_->xAxis);  // our own range changes are not the user's
  placeLegend();
  if (following_) followData();
  // Only what the current x range needs, two points per pixel column at most.
  const QCPRange range = plot_->xAxis->range();
  const int columns = std::max(1, plot_->axisRect()->width());
  for (auto& s : series_) {
    s.rawPyramid.extend(s.ys);
    extendBlockXs(s.xs, s.blockXs);
    s.spacing.extend(s.xs);
    const size_t snapBlocks = s.smooth && !s.band ? 2 : 4;  // a mean line alone: coarser (decimate.h)
    const ColumnSplit split =
        splitColumns(s.xs, s.rawPyramid, range.lower, range.upper, columns, &s.blockXs, &s.spacing, snapBlocks);
    if (s.band) {
      Envelope e = envelopeMinMax(s.xs, s.ys, s.rawPyramid, split);
      s.band->setData(std::move(e.xs), std::move(e.lows), std::move(e.highs));
    } else if (s.line) {
      const Decimated d = decimateMinMax(s.xs, s.ys, s.rawPyramid, split);
      setGraphData(s.line, d.xs, d.ys);
    }
    if (s.smooth) {  // per-column means: the band shows the spread, the line the trend
      s.smoothPyramid.extend(s.smoothYs);
      Decimated d = decimateMean(s.xs, s.smoothYs, s.smoothPyramid, split);
      s.smooth->setData(std::move(d.xs), std::move(d.ys));
    }
  }
  if (following_) {  // y: what is drawn (the decimation keeps every extreme)
    if (std::any_of(series_.begin(), series_.end(), [](const Series& s) { return !s.xs.empty(); })) {
      fitValueAxis(plot_->yAxis);
      if (plot_->yAxis2->visible() && !fixedRight_) fitValueAxis(plot_->yAxis2);
    }
  }
  thinMarkers();
  fitTickCounts();
  const qint64 start = clock_.nsecsElapsed();
  plot_->replot(QCustomPlot::rpImmediateRefresh);
  lastReplotMs_ = static_cast<double>(clock_.nsecsElapsed() - start) / 1e6;
  nextRefreshAt_ = clock_.elapsed() + static_cast<qint64>(lastReplotMs_ * (1.0 / std::max(0.01, budget_) - 1.0));
}

// y: what is drawn (the decimation keeps every extreme), with a little headroom.
void LiveCurvePlot::fitValueAxis(QCPAxis* axis) {
  // The data's own range: QCPAxis::rescale keeps the axis's old size for a flat curve,
  // which the headroom below then grew on every replot.
  bool any = false;
  QCPRange r;
  for (int i = 0; i < plot_->plottableCount(); ++i) {
    QCPAbstractPlottable* p = plot_->plottable(i);
    bool found = false;
    if (!p->realVisibility() || p->valueAxis() != axis) continue;
    const QCPRange v =
        p->getValueRange(found, axis->scaleType() == QCPAxis::stLogarithmic ? QCP::sdPositive : QCP::sdBoth);
    if (found) any ? r.expand(v) : void(r = v), any = true;
  }
  if (!any) return;
  if (fromZero_ && axis == plot_->yAxis && axis->scaleType() == QCPAxis::stLinear && r.lower >= 0) {
    const double pixels = std::max(40, axis->axisRect()->height());
    axis->setRange(0, r.upper > 0 ? r.upper * (1.0 + 20.0 / pixels) : 1.0);  // headroom above only
    return;
  }
  if (r.size() <= 1e-12 * std::max(1.0, std::abs(r.center()))) {  // one value: centre it
    const double pad = r.center() != 0 ? std::abs(r.center()) * 0.1 : 0.5;
    r = QCPRange(r.center() - pad, r.center() + pad);
  }
  axis->setRange(r);
  // Headroom of about 10 px each side, whatever the plot's height: no marker on the frame.
  const double pixels = std::max(40, axis->axisRect()->height());
  axis->scaleRange(std::max(1.1, 1.0 + 20.0 / pixels), axis->range().center());
}

// Epoch lines closer than a few pixels would grey the plot: every k-th is drawn instead,
// all of them again when zoomed in.
void LiveCurvePlot::thinMarkers() {
  constexpr double kMinGapPx = 12;
  double last = -1e300;
  for (int i = 0; i < plot_->itemCount(); ++i)
    if (auto* marker = qobject_cast<QCPItemStraightLine*>(plot_->item(i))) {
      const double px = plot_->xAxis->coordToPixel(marker->point1->coords().x());
      const bool shown = px - last >= kMinGapPx;
      marker->setVisible(shown);
      if (shown) last = px;
    }
}

void LiveCurvePlot::followData() {
  // x: everything recorded. A lone point (one epoch) sits in the middle, and markers
  // at either end keep a margin, rather than lying on the frame.
  double lo = 0, hi = 0;
  bool any = false, points = false;
  for (const auto& s : series_) {
    if (s.xs.empty()) continue;
    lo = any ? std::min(lo, s.xs.front()) : s.xs.front();
    hi = any ? std::max(hi, s.xs.back()) : s.xs.back();
    points = points || s.style.points;
    any = true;
  }
  if (!any) return applyEmptyRange();
  if (hi <= lo) {
    lo -= 0.5, hi += 0.5;
  } else if (points) {
    const double pad = (hi - lo) * 0.03;
    lo -= pad, hi += pad;
  }
  plot_->xAxis->setRange(lo, hi);
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

PlotPicture LiveCurvePlot::picture() {
  if (dirty_) draw();  // the ticks and the decimation of what is shown now
  PlotPicture p;
  p.width = plot_->width(), p.height = plot_->height();
  p.area = plot_->axisRect()->rect();
  p.xLabel = plot_->xAxis->label(), p.yLabel = plot_->yAxis->label();
  auto ticks = [](const QCPAxis* axis, std::vector<std::pair<double, QString>>& out) {
    const QVector<double> at = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    for (int i = 0; i < at.size(); ++i)
      if (axis->range().contains(at[i])) out.emplace_back(axis->coordToPixel(at[i]), labels.value(i));
  };
  ticks(plot_->xAxis, p.xTicks);
  ticks(plot_->yAxis, p.yTicks);
  for (int i = 0; i < plot_->itemCount(); ++i)
    if (auto* marker = qobject_cast<QCPItemStraightLine*>(plot_->item(i)); marker && marker->visible())
      p.markers.push_back(plot_->xAxis->coordToPixel(marker->point1->coords().x()));
  for (size_t i = 0; i < series_.size(); ++i) {
    const Series& s = series_[i];
    if (!seriesVisible(static_cast<int>(i))) continue;
    const QCPAbstractPlottable* drawn = legendEntry(s);
    auto pixel = [drawn](double x, double y) {
      return QPointF(drawn->keyAxis()->coordToPixel(x), drawn->valueAxis()->coordToPixel(y));
    };
    PlotPicture::Series out;
    out.name = drawn->name();
    out.color = s.style.color;
    out.width = drawn->pen().widthF();
    out.points = s.style.points;
    if (s.smooth) {
      for (const QPointF& point : s.smooth->pixelPoints())
        if (std::isfinite(point.x()) && std::isfinite(point.y())) out.line.push_back(point);
    } else {
      for (auto it = s.line->data()->constBegin(); it != s.line->data()->constEnd(); ++it)
        if (std::isfinite(it->value)) out.line.push_back(pixel(it->key, it->value));
    }
    if (s.band) {
      out.bandColor = s.band->pen().color();
      for (size_t k = 0; k < s.band->dataCount(); ++k)
        if (std::isfinite(s.band->lows()[k]) && std::isfinite(s.band->highs()[k]))
          out.band.emplace_back(pixel(s.band->xs()[k], s.band->lows()[k]), pixel(s.band->xs()[k], s.band->highs()[k]));
    }
    p.series.push_back(std::move(out));
  }
  return p;
}

int LiveCurvePlot::pointCount(int series) const { return static_cast<int>(series_.at(series).xs.size()); }
const std::vector<double>& LiveCurvePlot::values(int series) const { return series_.at(series).ys; }
const std::vector<double>& LiveCurvePlot::smoothedValues(int series) const { return series_.at(series).smoothYs; }

}  // namespace trainscope::widgets
