#include "widgets/point_map.h"

#include <QElapsedTimer>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace trainscope::widgets {

namespace {
constexpr int kDisc = 2;           // a point's radius in pixels
constexpr double kPickRadius = 6;  // how near a hover or click must be
}  // namespace

PointMap::PointMap(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setMinimumSize(240, 200);
  setFocusPolicy(Qt::ClickFocus);
}

void PointMap::setPoints(const std::vector<float>& xy, std::vector<QRgb> colours) {
  const bool newSet = xy.size() != xy_.size();
  xy_ = xy;
  colours_ = std::move(colours);
  colours_.resize(xy_.size() / 2, qRgb(80, 80, 80));
  selection_.erase(std::remove_if(selection_.begin(), selection_.end(), [&](int i) { return i >= pointCount(); }),
                   selection_.end());
  if (newSet) fitView();
  update();
}

void PointMap::setColours(std::vector<QRgb> colours) {
  colours_ = std::move(colours);
  colours_.resize(xy_.size() / 2, qRgb(80, 80, 80));
  update();
}

void PointMap::setSelection(std::vector<int> points) {
  points.erase(std::remove_if(points.begin(), points.end(), [&](int i) { return i < 0 || i >= pointCount(); }),
               points.end());
  selection_ = std::move(points);
  update();
}

void PointMap::fitView() {
  fitted_ = true;
  if (xy_.empty()) return;
  // The middle 99% of the points on each axis: a few strays do not shrink the rest.
  float lo[2], hi[2];
  for (int a = 0; a < 2; ++a) {
    std::vector<float> v;
    for (size_t i = a; i < xy_.size(); i += 2) v.push_back(xy_[i]);
    const size_t cut = v.size() / 200;
    std::nth_element(v.begin(), v.begin() + cut, v.end());
    lo[a] = v[cut];
    std::nth_element(v.begin(), v.end() - 1 - cut, v.end());
    hi[a] = v[v.size() - 1 - cut];
  }
  centre_ = QPointF((lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0);
  const double span = std::max(
      {double(hi[0] - lo[0]) / std::max(1, width() - 40), double(hi[1] - lo[1]) / std::max(1, height() - 40), 1e-9});
  scale_ = 1.0 / span;
  update();
}

void PointMap::resizeEvent(QResizeEvent*) {
  if (fitted_) fitView();  // until the user pans or zooms, the points fill the view
}

QPointF PointMap::pixelOf(int i) const {
  return {width() / 2.0 + (xy_[i * 2] - centre_.x()) * scale_,
          height() / 2.0 - (xy_[i * 2 + 1] - centre_.y()) * scale_};
}

int PointMap::pointAt(QPointF pixel) const {
  int best = -1;
  double bestDistance = kPickRadius * kPickRadius;
  for (int i = 0; i < pointCount(); ++i) {
    const QPointF d = pixelOf(i) - pixel;
    const double squared = d.x() * d.x() + d.y() * d.y();
    if (squared <= bestDistance) bestDistance = squared, best = i;
  }
  return best;
}

std::vector<int> PointMap::pointsInside(const QPolygonF& pixels) const {
  std::vector<int> out;
  const QRectF box = pixels.boundingRect();
  for (int i = 0; i < pointCount(); ++i) {
    const QPointF p = pixelOf(i);
    if (box.contains(p) && pixels.containsPoint(p, Qt::OddEvenFill)) out.push_back(i);
  }
  return out;
}

void PointMap::render(QImage& image) const {
  image.fill(palette().color(QPalette::Base));
  const int w = image.width(), h = image.height();
  auto* bits = reinterpret_cast<QRgb*>(image.bits());
  const qsizetype stride = image.bytesPerLine() / 4;
  // Discs as 5x5 crosses of pixels without corners: cheap, and crisp at any count.
  for (int i = 0; i < pointCount(); ++i) {
    const QPointF p = pixelOf(i);
    const int x = static_cast<int>(std::lround(p.x())), y = static_cast<int>(std::lround(p.y()));
    if (x < -kDisc || y < -kDisc || x >= w + kDisc || y >= h + kDisc) continue;
    for (int dy = -kDisc; dy <= kDisc; ++dy)
      for (int dx = -kDisc; dx <= kDisc; ++dx) {
        if (std::abs(dx) + std::abs(dy) > 3) continue;
        const int px = x + dx, py = y + dy;
        if (px >= 0 && py >= 0 && px < w && py < h) bits[py * stride + px] = colours_[i];
      }
  }
}

void PointMap::paintEvent(QPaintEvent*) {
  QImage image(size(), QImage::Format_RGB32);
  render(image);
  QPainter painter(this);
  painter.drawImage(0, 0, image);
  painter.setRenderHint(QPainter::Antialiasing);
  QColor ring = palette().color(QPalette::Text);
  ring.setAlpha(selection_.size() > 100 ? 90 : 220);  // a lassoed crowd keeps its colours visible
  painter.setPen(QPen(ring, 1.0));
  painter.setBrush(Qt::NoBrush);
  for (int i : selection_) painter.drawEllipse(pixelOf(i), 4.0, 4.0);
  if (lassoing_ && path_.size() > 1) {
    painter.setPen(QPen(palette().color(QPalette::Highlight), 1.5, Qt::DashLine));
    painter.drawPolygon(path_);
  }
}

double PointMap::panBy(QPointF pixels) {
  QElapsedTimer t;
  t.start();
  centre_ -= QPointF(pixels.x() / scale_, -pixels.y() / scale_);
  repaint();
  return t.nsecsElapsed() / 1e6;
}

void PointMap::wheelEvent(QWheelEvent* event) {
  const double factor = std::pow(1.0015, event->angleDelta().y());
  const QPointF at = event->position();
  // The data point under the cursor stays under it.
  const QPointF before((at.x() - width() / 2.0) / scale_ + centre_.x(),
                       -(at.y() - height() / 2.0) / scale_ + centre_.y());
  scale_ = std::clamp(scale_ * factor, 1e-9, 1e12);
  fitted_ = false;
  centre_ = QPointF(before.x() - (at.x() - width() / 2.0) / scale_, before.y() + (at.y() - height() / 2.0) / scale_);
  update();
}

void PointMap::mousePressEvent(QMouseEvent* event) {
  pressAt_ = lastAt_ = event->position();
  lassoing_ = lasso_ || event->modifiers().testFlag(Qt::ShiftModifier);
  dragging_ = !lassoing_;
  path_ = QPolygonF{pressAt_};
}

void PointMap::mouseMoveEvent(QMouseEvent* event) {
  const QPointF at = event->position();
  if (lassoing_ && event->buttons()) {
    path_ << at;
    update();
  } else if (dragging_ && event->buttons()) {
    centre_ -= QPointF((at.x() - lastAt_.x()) / scale_, -(at.y() - lastAt_.y()) / scale_);
    fitted_ = false;
    update();
  } else {
    emit hovered(pointAt(at), event->globalPosition().toPoint());
  }
  lastAt_ = at;
}

void PointMap::mouseReleaseEvent(QMouseEvent* event) {
  const bool click = (event->position() - pressAt_).manhattanLength() < 4;
  if (lassoing_ && !click && path_.size() > 2) {
    selection_ = pointsInside(path_);
    emit lassoed(selection_);
  } else if (click) {
    emit clicked(pointAt(event->position()));
  }
  lassoing_ = dragging_ = false;
  path_.clear();
  update();
}

void PointMap::leaveEvent(QEvent*) { emit hovered(-1, {}); }

}  // namespace trainscope::widgets
