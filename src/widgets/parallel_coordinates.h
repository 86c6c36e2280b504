// A parallel-coordinates plot (TensorBoard's HParams view, Weights & Biases' sweeps):
// one vertical axis per hyperparameter and one for the metric, one polyline per trial,
// coloured by its metric. Dragging along an axis brushes a range of it; the lines
// outside any brush turn grey, and visibleIds() says which are left (a table filters
// by it). A click on an axis clears its brush. Axes are numeric (linear or log) or
// categorical; a missing value breaks the line there.
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>

#include <utility>

namespace trainscope::widgets {

struct ParallelAxis {
  QString title;
  bool log = false;
  QStringList categories;      // non-empty: a categorical axis, whose values index it
  bool higherIsBetter = true;  // the metric axis: what the colours rank (the last axis colours the lines)
};

struct ParallelLine {
  int id = 0;
  QVector<double> values;  // one per axis; NaN where it has none
  bool faded = false;      // drawn thin and light (a trial stopped early, one still training)
};

class ParallelCoordinates : public QWidget {
  Q_OBJECT
 public:
  explicit ParallelCoordinates(QWidget* parent = nullptr);

  // Brushes on axes of the same title survive new data (a live search).
  void setData(const QVector<ParallelAxis>& axes, const QVector<ParallelLine>& lines);
  // The ids of the lines inside every brush (all of them without a brush).
  QVector<int> visibleIds() const;
  void setHighlighted(int id);  // -1: none
  // A brush on axis `axis` over [low, high] in its values (category indexes on a
  // categorical axis); an empty range clears it.
  void setBrush(int axis, double low, double high);
  void clearBrushes();
  bool hasBrush() const { return !brushes_.isEmpty(); }

  QSize minimumSizeHint() const override { return {360, 200}; }
  QSize sizeHint() const override { return {720, 300}; }

 signals:
  void brushChanged();

 protected:
  void paintEvent(QPaintEvent*) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

 private:
  struct Range {
    double low = 0, high = 1;
  };
  QRectF plotRect() const;
  double axisX(int axis) const;
  // Position 0 (bottom) .. 1 (top) of `value` on an axis, NaN when it has none.
  double position(int axis, double value) const;
  double valueAt(int axis, double position) const;
  double yOf(double position) const;
  double positionOfY(double y) const;
  int axisNear(double x) const;  // -1 when none is within reach
  bool inside(const ParallelLine& line) const;
  QColor colorOf(const ParallelLine& line) const;
  void drawAxis(QPainter& p, int axis) const;
  void drawLine(QPainter& p, const ParallelLine& line, const QColor& color, double width) const;
  QString tickText(int axis, double value) const;

  QVector<ParallelAxis> axes_;
  QVector<ParallelLine> lines_;
  QVector<Range> ranges_;     // each numeric axis' data range
  QMap<int, Range> brushes_;  // axis -> brushed values
  int highlighted_ = -1;
  int dragAxis_ = -1;
  double dragFrom_ = 0, dragTo_ = 0;  // positions
};

}  // namespace trainscope::widgets
