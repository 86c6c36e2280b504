#include "widgets/parallel_coordinates.h"

#include <QFontMetrics>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace trainscope::widgets {

namespace {

constexpr double kReach = 14;  // px either side of an axis that a drag brushes
const QColor kOutside(205, 205, 205);

// Viridis at five stops: dark blue for the worst, yellow for the best.
QColor ramp(double t) {
  static const QColor stops[] = {QColor(68, 1, 84), QColor(59, 82, 139), QColor(33, 145, 140), QColor(94, 201, 98),
                                 QColor(253, 231, 37)};
  t = std::clamp(std::isfinite(t) ? t : 0.0, 0.0, 1.0) * 4;
  const int i = std::min(3, static_cast<int>(t));
  const double f = t - i;
  const QColor &a = stops[i], &b = stops[i + 1];
  return QColor::fromRgbF(a.redF() + f * (b.redF() - a.redF()), a.greenF() + f * (b.greenF() - a.greenF()),
                          a.blueF() + f * (b.blueF() - a.blueF()));
}

}  // namespace

ParallelCoordinates::ParallelCoordinates(QWidget* parent) : QWidget(parent) {
  setMouseTracking(false);
  setCursor(Qt::CrossCursor);
  setToolTip(tr("Drag along an axis to keep only the trials in that range; click an axis to clear its range."));
}

void ParallelCoordinates::setData(const QVector<ParallelAxis>& axes, const QVector<ParallelLine>& lines) {
  QMap<int, Range> kept;
  for (auto it = brushes_.begin(); it != brushes_.end(); ++it)
    for (int a = 0; a < axes.size(); ++a)
      if (it.key() < axes_.size() && axes[a].title == axes_[it.key()].title) kept[a] = it.value();
  axes_ = axes;
  lines_ = lines;
  brushes_ = kept;
  ranges_ = QVector<Range>(axes_.size(), Range{});
  for (int a = 0; a < axes_.size(); ++a) {
    if (!axes_[a].categories.isEmpty()) {  // one category: in the middle, as a brush finds it
      const double last = static_cast<double>(axes_[a].categories.size() - 1);
      ranges_[a] = last > 0 ? Range{0, last} : Range{-1, 1};
      continue;
    }
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& l : lines_) {
      const double v = a < l.values.size() ? l.values[a] : NAN;
      if (!std::isfinite(v) || (axes_[a].log && v <= 0)) continue;
      lo = std::min(lo, v), hi = std::max(hi, v);
    }
    if (!std::isfinite(lo)) lo = axes_[a].log ? 1 : 0, hi = axes_[a].log ? 10 : 1;  // nothing to show yet
    if (hi <= lo) {  // one value: a little room around it
      const double pad = lo == 0 ? 1 : std::fabs(lo) * 0.1;
      lo = axes_[a].log ? lo / 2 : lo - pad, hi = axes_[a].log ? hi * 2 : hi + pad;
    }
    ranges_[a] = {lo, hi};
  }
  update();
}

QVector<int> ParallelCoordinates::visibleIds() const {
  QVector<int> ids;
  for (const auto& l : lines_)
    if (inside(l)) ids << l.id;
  return ids;
}

void ParallelCoordinates::setHighlighted(int id) {
  highlighted_ = id;
  update();
}

void ParallelCoordinates::setBrush(int axis, double low, double high) {
  if (axis < 0 || axis >= axes_.size()) return;
  if (!(high > low) && !(high == low && !axes_[axis].categories.isEmpty()))
    brushes_.remove(axis);
  else
    brushes_[axis] = {std::min(low, high), std::max(low, high)};
  update();
  emit brushChanged();
}

void ParallelCoordinates::clearBrushes() {
  brushes_.clear();
  update();
  emit brushChanged();
}

QRectF ParallelCoordinates::plotRect() const {
  const QFontMetrics fm(font());
  // Room for the tick labels, and for half the first and last axes' titles beyond them.
  double side = std::max(40.0, fm.horizontalAdvance("0.000") * 1.2);
  if (!axes_.isEmpty())
    side = std::max(
        side, std::max(fm.horizontalAdvance(axes_.front().title), fm.horizontalAdvance(axes_.back().title)) / 2.0 + 4);
  side = std::min(side, width() / 4.0);
  return QRectF(side, fm.height() * 2.6, std::max(10.0, width() - 2 * side),
                std::max(10.0, height() - fm.height() * 4.2));
}

double ParallelCoordinates::axisX(int axis) const {
  const QRectF r = plotRect();
  return axes_.size() < 2 ? r.center().x() : r.left() + r.width() * axis / (axes_.size() - 1);
}

double ParallelCoordinates::position(int axis, double value) const {
  if (!std::isfinite(value)) return NAN;
  const Range r = ranges_[axis];
  if (axes_[axis].log) {
    if (value <= 0) return NAN;
    return (std::log(value) - std::log(r.low)) / (std::log(r.high) - std::log(r.low));
  }
  return (value - r.low) / (r.high - r.low);
}

double ParallelCoordinates::valueAt(int axis, double pos) const {
  const Range r = ranges_[axis];
  if (axes_[axis].log) return std::exp(std::log(r.low) + pos * (std::log(r.high) - std::log(r.low)));
  return r.low + pos * (r.high - r.low);
}

double ParallelCoordinates::yOf(double pos) const {
  const QRectF r = plotRect();
  return r.bottom() - pos * r.height();
}

double ParallelCoordinates::positionOfY(double y) const {
  const QRectF r = plotRect();
  return std::clamp((r.bottom() - y) / r.height(), 0.0, 1.0);
}

int ParallelCoordinates::axisNear(double x) const {
  for (int a = 0; a < axes_.size(); ++a)
    if (std::fabs(axisX(a) - x) <= kReach) return a;
  return -1;
}

bool ParallelCoordinates::inside(const ParallelLine& line) const {
  for (auto it = brushes_.begin(); it != brushes_.end(); ++it) {
    const double v = it.key() < line.values.size() ? line.values[it.key()] : NAN;
    const double slack = axes_[it.key()].categories.isEmpty() ? 0 : 0.5;  // a category is hit by nearing it
    if (!std::isfinite(v) || v < it.value().low - slack || v > it.value().high + slack) return false;
  }
  return true;
}

QColor ParallelCoordinates::colorOf(const ParallelLine& line) const {
  if (axes_.isEmpty()) return Qt::darkGray;
  const int metric = axes_.size() - 1;
  const double pos = position(metric, metric < line.values.size() ? line.values[metric] : NAN);
  QColor c = ramp(axes_[metric].higherIsBetter ? pos : 1 - pos);
  if (line.faded) c.setAlphaF(0.45);
  return c;
}

QString ParallelCoordinates::tickText(int axis, double value) const {
  if (!axes_[axis].categories.isEmpty()) {
    const int i = static_cast<int>(std::lround(value));
    return i >= 0 && i < axes_[axis].categories.size() ? axes_[axis].categories[i] : QString();
  }
  return QString::number(value, 'g', 3);
}

void ParallelCoordinates::drawAxis(QPainter& p, int a) const {
  const QRectF r = plotRect();
  const double x = axisX(a);
  const QFontMetrics fm(font());
  p.setPen(QPen(palette().color(QPalette::WindowText), 1));
  p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()));
  // Centred over its axis, as wide as the space between the axes and the widget's edges allow.
  const double between = r.width() / std::max(1, static_cast<int>(axes_.size()) - 1) - 6;
  const double labelWidth = std::max(40.0, std::min(between, 2 * std::min(x, width() - x)));
  const double left = std::clamp(x - labelWidth / 2, 0.0, std::max(0.0, width() - labelWidth));
  const QRectF title(left, 0, labelWidth, r.top() - fm.height() * 0.9);
  p.drawText(title, Qt::AlignHCenter | Qt::AlignBottom | Qt::TextWordWrap, axes_[a].title);
  QVector<double> ticks;
  if (!axes_[a].categories.isEmpty()) {
    for (int i = 0; i < axes_[a].categories.size(); ++i) ticks << i;
  } else {
    ticks << ranges_[a].low << valueAt(a, 0.5) << ranges_[a].high;
  }
  for (double v : ticks) {
    const double y = yOf(position(a, v));
    p.drawLine(QPointF(x - 3, y), QPointF(x + 3, y));
    const QString text = tickText(a, v);
    p.drawText(QRectF(x + 5, y - fm.height() / 2.0, fm.horizontalAdvance(text) + 4, fm.height()),
               Qt::AlignLeft | Qt::AlignVCenter, text);
  }
  if (brushes_.contains(a)) {
    const Range b = brushes_[a];
    const double slack = axes_[a].categories.isEmpty() ? 0 : 0.25;
    const double y1 = yOf(std::clamp(position(a, b.high + slack), 0.0, 1.0));
    const double y0 = yOf(std::clamp(position(a, b.low - slack), 0.0, 1.0));
    p.fillRect(QRectF(x - 6, y1, 12, std::max(2.0, y0 - y1)), QColor(30, 110, 200, 90));
  }
}

void ParallelCoordinates::drawLine(QPainter& p, const ParallelLine& line, const QColor& color, double width) const {
  QPainterPath path;
  bool open = false;
  for (int a = 0; a < axes_.size(); ++a) {
    const double pos = position(a, a < line.values.size() ? line.values[a] : NAN);
    if (!std::isfinite(pos)) {
      open = false;
      continue;
    }
    const QPointF point(axisX(a), yOf(std::clamp(pos, 0.0, 1.0)));
    if (open)
      path.lineTo(point);
    else
      path.moveTo(point);
    open = true;
  }
  p.setPen(QPen(color, width, line.faded ? Qt::DashLine : Qt::SolidLine));
  p.drawPath(path);
}

void ParallelCoordinates::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  p.fillRect(rect(), palette().color(QPalette::Base));
  if (axes_.isEmpty()) {
    p.drawText(rect(), Qt::AlignCenter, tr("No trials yet"));
    return;
  }
  for (const auto& l : lines_)  // the brushed-out first, underneath
    if (!inside(l)) drawLine(p, l, kOutside, 1);
  for (const auto& l : lines_)
    if (inside(l) && l.id != highlighted_) drawLine(p, l, colorOf(l), l.faded ? 1.2 : 2);
  for (const auto& l : lines_)
    if (l.id == highlighted_) drawLine(p, l, QColor(214, 39, 40), 3.5);
  for (int a = 0; a < axes_.size(); ++a) drawAxis(p, a);
  if (dragAxis_ >= 0) {
    const double x = axisX(dragAxis_);
    p.fillRect(
        QRectF(x - 6, yOf(std::max(dragFrom_, dragTo_)), 12, std::fabs(dragTo_ - dragFrom_) * plotRect().height()),
        QColor(30, 110, 200, 60));
  }
}

void ParallelCoordinates::mousePressEvent(QMouseEvent* event) {
  dragAxis_ = axisNear(event->position().x());
  dragFrom_ = dragTo_ = positionOfY(event->position().y());
}

void ParallelCoordinates::mouseMoveEvent(QMouseEvent* event) {
  if (dragAxis_ < 0) return;
  dragTo_ = positionOfY(event->position().y());
  update();
}

void ParallelCoordinates::mouseReleaseEvent(QMouseEvent* event) {
  if (dragAxis_ < 0) return;
  const int axis = dragAxis_;
  dragAxis_ = -1;
  dragTo_ = positionOfY(event->position().y());
  if (std::fabs(dragTo_ - dragFrom_) * plotRect().height() < 4) {  // a click: clears the axis' brush
    brushes_.remove(axis);
    update();
    emit brushChanged();
    return;
  }
  double low = valueAt(axis, std::min(dragFrom_, dragTo_)), high = valueAt(axis, std::max(dragFrom_, dragTo_));
  if (!axes_[axis].categories.isEmpty()) {  // whole categories
    low = std::ceil(low - 0.25), high = std::floor(high + 0.25);
    if (high < low) high = low = std::round((low + high) / 2);
  }
  setBrush(axis, low, high);
}

}  // namespace trainscope::widgets
