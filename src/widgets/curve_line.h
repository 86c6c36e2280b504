// A decimated curve drawn as one polyline (QCustomPlot plottable): its points are
// already one per pixel column, so it keeps them as they come (no QCPGraph data
// container, no second decimation) and, at draw time, when the axes are final, keeps
// only the points that move the line by more than a tolerance (simplifiedPolyline).
// A 1-pixel pen is drawn as a cosmetic hairline, the raster engine's fast path: 100
// curves of 1,200 points drew in ~4 ms, against ~70 ms with 2-pixel pens
// (docs/benchmarks.md, Compare).
#pragma once

#include <qcustomplot.h>

#include <vector>

namespace trainscope::widgets {

class CurveLine : public QCPAbstractPlottable {
  Q_OBJECT
 public:
  CurveLine(QCPAxis* keyAxis, QCPAxis* valueAxis);

  // Sorted by x; a non-finite y breaks the line there.
  void setData(std::vector<double> xs, std::vector<double> ys);
  size_t dataCount() const { return xs_.size(); }
  const std::vector<double>& xs() const { return xs_; }
  const std::vector<double>& ys() const { return ys_; }
  // Pixels the drawn line may stray from the full one (0: every point is drawn).
  void setTolerance(double pixels) { tolerance_ = pixels; }

  // The points as drawn now, in pixels (the simplified line; a gap as a NaN point).
  std::vector<QPointF> pixelPoints() const;

  double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
  QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
  QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                         const QCPRange& inKeyRange = QCPRange()) const override;

 protected:
  void draw(QCPPainter* painter) override;
  void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

 private:
  std::vector<double> xs_, ys_;
  // The ys' range, and that of the positive ys (for a log axis), found in setData: the
  // plot asks for it at every redraw.
  QCPRange all_, positive_;
  bool anyFinite_ = false, anyPositive_ = false;
  double tolerance_ = 0.5;
};

// An axis's coordToPixel for many values at once: for a linear axis, its line, without
// a call and a scale check per value.
void toPixels(const QCPAxis* axis, const std::vector<double>& values, std::vector<double>& out);

}  // namespace trainscope::widgets
