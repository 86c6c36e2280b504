// A map of many points (an embedding's 2-D layout): each a small disc in its own colour,
// drawn straight into an image (100,000 points in a few milliseconds), so panning and
// zooming stay smooth. Wheel: zoom at the cursor; drag: pan; with Shift held, or the
// lasso on (setLasso), a drag draws a lasso that selects the points inside it. Hover and
// click name the point under the cursor.
#pragma once

#include <QPolygonF>
#include <QWidget>

#include <vector>

namespace trainscope::widgets {

class PointMap : public QWidget {
  Q_OBJECT
 public:
  explicit PointMap(QWidget* parent = nullptr);
  // xy: [n, 2]; colours: one per point. The view fits the points when their number changes.
  void setPoints(const std::vector<float>& xy, std::vector<QRgb> colours);
  void setColours(std::vector<QRgb> colours);
  void setSelection(std::vector<int> points);  // drawn ringed; empty: none
  void setLasso(bool on) { lasso_ = on; }
  void fitView();  // also what a double-click does
  int pointCount() const { return static_cast<int>(xy_.size() / 2); }
  const std::vector<int>& selection() const { return selection_; }
  // The point nearest to a widget pixel within a few pixels, or -1.
  int pointAt(QPointF pixel) const;
  // Points inside a polygon of widget pixels.
  std::vector<int> pointsInside(const QPolygonF& pixels) const;
  // The widget pixel of a point.
  QPointF pixelOf(int point) const;
  // Moves the view by pixels (what a drag does) and draws at once; the time it took.
  double panBy(QPointF pixels);

 signals:
  void hovered(int point, QPoint globalPos);  // -1: none
  void clicked(int point);
  void lassoed(const std::vector<int>& points);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent*) override { fitView(); }
  void leaveEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void render(QImage& image) const;
  std::vector<float> xy_;
  std::vector<QRgb> colours_;
  std::vector<int> selection_;
  QPointF centre_;    // the data point at the widget's centre
  double scale_ = 1;  // pixels per data unit
  bool lasso_ = false, dragging_ = false, lassoing_ = false;
  bool fitted_ = true;  // the view fits the points (no pan or zoom since)
  QPointF pressAt_, lastAt_;
  QPolygonF path_;
};

}  // namespace trainscope::widgets
