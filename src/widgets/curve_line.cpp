#include "widgets/curve_line.h"

#include "widgets/decimate.h"

#include <cmath>

namespace trainscope::widgets {

CurveLine::CurveLine(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPAbstractPlottable(keyAxis, valueAxis) {
  setSelectable(QCP::stNone);
}

void CurveLine::setData(std::vector<double> xs, std::vector<double> ys) {
  xs_ = std::move(xs), ys_ = std::move(ys);
  const size_t n = std::min(xs_.size(), ys_.size());
  xs_.resize(n), ys_.resize(n);
  // Both ranges in one pass over plain doubles.
  double lo = HUGE_VAL, hi = -HUGE_VAL, positiveLo = HUGE_VAL, positiveHi = -HUGE_VAL;
  for (double y : ys_) {
    if (!std::isfinite(y)) continue;
    lo = std::min(lo, y), hi = std::max(hi, y);
    if (y > 0) positiveLo = std::min(positiveLo, y), positiveHi = std::max(positiveHi, y);
  }
  anyFinite_ = lo <= hi, anyPositive_ = positiveLo <= positiveHi;
  all_ = anyFinite_ ? QCPRange(lo, hi) : QCPRange();
  positive_ = anyPositive_ ? QCPRange(positiveLo, positiveHi) : QCPRange();
}

double CurveLine::selectTest(const QPointF&, bool, QVariant*) const { return -1; }

namespace {
bool inDomain(double v, QCP::SignDomain d) {
  return std::isfinite(v) && (d == QCP::sdBoth || (d == QCP::sdPositive ? v > 0 : v < 0));
}

QCPRange rangeOf(const std::vector<double>& values, const std::vector<double>& keys, const QCPRange& inKeyRange,
                 QCP::SignDomain domain, bool& found) {
  QCPRange r;
  found = false;
  const bool anyKey = inKeyRange == QCPRange();
  for (size_t i = 0; i < values.size(); ++i) {
    const double v = values[i];
    if (!inDomain(v, domain) || (!anyKey && !inKeyRange.contains(keys[i]))) continue;
    r = found ? QCPRange(std::min(r.lower, v), std::max(r.upper, v)) : QCPRange(v, v);
    found = true;
  }
  return r;
}
}  // namespace

QCPRange CurveLine::getKeyRange(bool& found, QCP::SignDomain domain) const {
  return rangeOf(xs_, xs_, QCPRange(), domain, found);
}

QCPRange CurveLine::getValueRange(bool& found, QCP::SignDomain domain, const QCPRange& inKeyRange) const {
  if (inKeyRange == QCPRange() && domain != QCP::sdNegative) {
    found = domain == QCP::sdBoth ? anyFinite_ : anyPositive_;
    return domain == QCP::sdBoth ? all_ : positive_;
  }
  return rangeOf(ys_, xs_, inKeyRange, domain, found);
}

void toPixels(const QCPAxis* axis, const std::vector<double>& values, std::vector<double>& out) {
  out.resize(values.size());
  if (axis->scaleType() != QCPAxis::stLinear) {
    for (size_t i = 0; i < values.size(); ++i) out[i] = axis->coordToPixel(values[i]);
    return;
  }
  const QCPRange range = axis->range();
  const double at = axis->coordToPixel(range.lower);
  const double slope = (axis->coordToPixel(range.upper) - at) / range.size();
  for (size_t i = 0; i < values.size(); ++i) out[i] = at + slope * (values[i] - range.lower);
}

std::vector<QPointF> CurveLine::pixelPoints() const {
  std::vector<QPointF> points;
  const QCPAxis* key = mKeyAxis.data();
  const QCPAxis* value = mValueAxis.data();
  if (!key || !value || xs_.empty()) return points;
  std::vector<double> px, py;
  toPixels(key, xs_, px);
  toPixels(value, ys_, py);
  const bool log = value->scaleType() == QCPAxis::stLogarithmic;
  for (size_t i = 0; i < py.size(); ++i)
    if (log && !(ys_[i] > 0)) py[i] = std::nan("");  // a value a log axis cannot show: a gap
  if (tolerance_ > 0 && px.size() >= 64) {
    const std::vector<size_t> kept = simplifiedPolyline(px, py, tolerance_);
    points.reserve(kept.size());
    for (size_t i : kept) points.emplace_back(px[i], py[i]);
  } else {
    points.reserve(px.size());
    for (size_t i = 0; i < px.size(); ++i) points.emplace_back(px[i], py[i]);
  }
  return points;
}

void CurveLine::draw(QCPPainter* painter) {
  const std::vector<QPointF> points = pixelPoints();
  if (points.empty() || mPen.style() == Qt::NoPen) return;
  applyDefaultAntialiasingHint(painter);
  QPen pen = mPen;
  if (!painter->modes().testFlag(QCPPainter::pmVectorized) && pen.widthF() == 1.0) pen.setWidth(0);  // cosmetic
  painter->setPen(pen);
  painter->setBrush(Qt::NoBrush);
  // One polyline per run of finite points.
  size_t start = 0;
  for (size_t i = 0; i <= points.size(); ++i) {
    const bool end = i == points.size() || !std::isfinite(points[i].x()) || !std::isfinite(points[i].y());
    if (!end) continue;
    if (i > start) painter->drawPolyline(points.data() + start, static_cast<int>(i - start));
    start = i + 1;
  }
}

void CurveLine::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
  painter->setPen(mPen);
  painter->drawLine(QLineF(rect.left(), rect.center().y(), rect.right(), rect.center().y()));
}

}  // namespace trainscope::widgets
