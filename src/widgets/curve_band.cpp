#include "widgets/curve_band.h"

#include <cmath>

namespace trainscope::widgets {

CurveBand::CurveBand(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPAbstractPlottable(keyAxis, valueAxis) {
  setSelectable(QCP::stNone);
  setAntialiased(false);
}

void CurveBand::setData(std::vector<double> xs, std::vector<double> lows, std::vector<double> highs) {
  xs_ = std::move(xs), lows_ = std::move(lows), highs_ = std::move(highs);
  const size_t n = std::min({xs_.size(), lows_.size(), highs_.size()});
  xs_.resize(n), lows_.resize(n), highs_.resize(n);
}

void CurveBand::clearData() { xs_.clear(), lows_.clear(), highs_.clear(); }

double CurveBand::selectTest(const QPointF&, bool, QVariant*) const { return -1; }

namespace {
bool inDomain(double v, QCP::SignDomain d) {
  return std::isfinite(v) && (d == QCP::sdBoth || (d == QCP::sdPositive ? v > 0 : v < 0));
}
}  // namespace

QCPRange CurveBand::getKeyRange(bool& found, QCP::SignDomain domain) const {
  QCPRange r;
  found = false;
  for (double x : xs_) {
    if (!inDomain(x, domain)) continue;
    r = found ? QCPRange(std::min(r.lower, x), std::max(r.upper, x)) : QCPRange(x, x);
    found = true;
  }
  return r;
}

QCPRange CurveBand::getValueRange(bool& found, QCP::SignDomain domain, const QCPRange& inKeyRange) const {
  QCPRange r;
  found = false;
  const bool anyKey = inKeyRange == QCPRange();
  for (size_t i = 0; i < xs_.size(); ++i) {
    if (!anyKey && !inKeyRange.contains(xs_[i])) continue;
    for (double v : {lows_[i], highs_[i]}) {
      if (!inDomain(v, domain)) continue;
      r = found ? QCPRange(std::min(r.lower, v), std::max(r.upper, v)) : QCPRange(v, v);
      found = true;
    }
  }
  return r;
}

void CurveBand::draw(QCPPainter* painter) {
  QCPAxis* key = mKeyAxis.data();
  QCPAxis* value = mValueAxis.data();
  if (!key || !value || xs_.empty()) return;
  applyDefaultAntialiasingHint(painter);
  QPen pen = mPen;
  pen.setWidth(0);  // a cosmetic hairline: the raster engine's fastest line
  painter->setPen(pen);
  painter->setBrush(Qt::NoBrush);
  // Pixel positions once; a NaN (or a value a log axis cannot show) breaks the lines.
  const size_t n = xs_.size();
  std::vector<QPointF> lo(n), hi(n);
  std::vector<bool> ok(n);
  const bool log = value->scaleType() == QCPAxis::stLogarithmic;
  for (size_t i = 0; i < n; ++i) {
    ok[i] = std::isfinite(xs_[i]) && std::isfinite(lows_[i]) && std::isfinite(highs_[i]) &&
            (!log || (lows_[i] > 0 && highs_[i] > 0));
    if (!ok[i]) continue;
    const double x = key->coordToPixel(xs_[i]);
    lo[i] = QPointF(x, value->coordToPixel(lows_[i]));
    hi[i] = QPointF(x, value->coordToPixel(highs_[i]));
  }
  // Each column's span, and a line to the next column only where the two spans leave a
  // gap between them: a dense noisy band is its spans alone, a sparse curve (each point
  // its own column, low == high) becomes the line through its points.
  QVector<QLineF> lines;
  lines.reserve(static_cast<int>(n) + 16);
  for (size_t i = 0; i < n; ++i) {
    if (!ok[i]) continue;
    // Pixel y grows downwards: hi[i].y() <= lo[i].y().
    // The column's span; a single value is a point (a zero-length line draws its pixel),
    // which may sit inside both neighbours' spans and is then joined to neither.
    lines.push_back(QLineF(lo[i], hi[i]));
    if (i + 1 >= n || !ok[i + 1]) continue;
    const size_t j = i + 1;
    if (hi[j].y() > lo[i].y())  // the next span lies wholly below this one
      lines.push_back(QLineF(lo[i], hi[j]));
    else if (lo[j].y() < hi[i].y())  // wholly above
      lines.push_back(QLineF(hi[i], lo[j]));
    else if (lo[i].y() == hi[i].y() && lo[j].y() == hi[j].y())  // two points on one row
      lines.push_back(QLineF(lo[i], lo[j]));
  }
  painter->drawLines(lines);
}

void CurveBand::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
  painter->fillRect(rect.adjusted(0, rect.height() / 4, 0, -rect.height() / 4), mPen.color());
}

}  // namespace trainscope::widgets
