#include "widgets/live_curve_plot.h"

#include <qcustomplot.h>

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
  // A drag or wheel zoom means the user wants to look somewhere: stop following.
  auto stopFollowing = [this] {
    if (following_) {
      following_ = false;
      emit userChangedView();
    }
  };
  connect(plot_, &QCustomPlot::mousePress, this, stopFollowing);
  connect(plot_, &QCustomPlot::mouseWheel, this, stopFollowing);
  connect(plot_, &QCustomPlot::mouseDoubleClick, this, [this] { resetView(); });
}

int LiveCurvePlot::addSeries(const QString& name, const SeriesStyle& style) {
  Series s;
  s.style = style;
  s.ema = DebiasedEma(smoothing_);
  QCPAxis* y = style.rightAxis ? plot_->yAxis2 : plot_->yAxis;
  if (style.rightAxis) plot_->yAxis2->setVisible(true);
  s.raw = plot_->addGraph(plot_->xAxis, y);
  s.raw->setName(name);
  QColor c = style.color;
  if (style.smoothed) {
    QColor faint = c;
    faint.setAlpha(60);
    s.raw->setPen(QPen(faint, 1));
    s.raw->removeFromLegend();
    s.smooth = plot_->addGraph(plot_->xAxis, y);
    s.smooth->setName(name);
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
  s.raw->addData(x, y);
  if (s.smooth) {
    const double sy = smoothing_ > 0 ? s.ema.add(y) : y;
    s.smoothYs.push_back(sy);
    s.smooth->addData(x, sy);
  }
  dirty_ = true;
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
    s.raw->data()->clear();
    if (s.smooth) s.smooth->data()->clear();
  }
  plot_->clearItems();
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
  if (on) plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  else plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  dirty_ = true;
}

void LiveCurvePlot::rebuildSmoothed(Series& s) {
  if (!s.smooth) return;
  s.smoothYs = smoothing_ > 0 ? debiasedEma(s.ys, smoothing_) : s.ys;
  s.ema = DebiasedEma(smoothing_);
  for (double y : s.ys) s.ema.add(y);  // so later points continue the same average
  QVector<double> keys(s.xs.begin(), s.xs.end()), values(s.smoothYs.begin(), s.smoothYs.end());
  s.smooth->setData(keys, values, /*alreadySorted=*/true);
}

void LiveCurvePlot::setSmoothing(double weight) {
  smoothing_ = std::clamp(weight, 0.0, 0.999);
  for (auto& s : series_) rebuildSmoothed(s);
  dirty_ = true;
}

bool LiveCurvePlot::refresh() {
  if (!dirty_) return false;
  dirty_ = false;
  if (following_) {
    plot_->rescaleAxes(/*onlyEnlarge=*/false);
    // A little headroom so the newest point is not glued to the border.
    plot_->yAxis->scaleRange(1.05, plot_->yAxis->range().center());
    if (plot_->yAxis2->visible()) plot_->yAxis2->scaleRange(1.05, plot_->yAxis2->range().center());
  }
  plot_->replot(QCustomPlot::rpQueuedReplot);
  return true;
}

void LiveCurvePlot::resetView() {
  following_ = true;
  dirty_ = true;
  refresh();
}

int LiveCurvePlot::pointCount(int series) const { return static_cast<int>(series_.at(series).xs.size()); }
const std::vector<double>& LiveCurvePlot::values(int series) const { return series_.at(series).ys; }
const std::vector<double>& LiveCurvePlot::smoothedValues(int series) const { return series_.at(series).smoothYs; }

}  // namespace trainscope::widgets
