// A confusion matrix that stays readable at 100+ classes: cells coloured by the share
// of their row (the diagonal in blue, confusions in red), counts or row percentages
// written in when the cells are big enough, class names beside them when they fit, and
// every cell's details on hover. Zoom with Ctrl+wheel or zoomBy(); any class order;
// a click on a cell asks for its images.
#pragma once

#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <vector>

namespace trainscope::widgets {

class ConfusionMatrixView : public QWidget {
  Q_OBJECT
 public:
  explicit ConfusionMatrixView(QWidget* parent = nullptr);

  // `counts` [classes * classes], rows the true class. The order resets to the classes'.
  void setMatrix(std::vector<int64_t> counts, const QStringList& names);
  // Rows and columns in this order of classes (a permutation).
  void setOrder(std::vector<int> order);
  // Row percentages instead of counts in the cells.
  void setNormalised(bool on);
  void setCellSize(int pixels);  // 4..64
  void zoomBy(int steps);
  int cellSize() const { return cell_; }
  int classCount() const { return static_cast<int>(names_.size()); }
  // The cell under a point of the widget as (true, predicted) classes; false outside.
  bool cellAt(QPoint point, int* truth, int* predicted) const;
  QRect cellRect(int truth, int predicted) const;
  // What hovering the cell shows.
  QString cellText(int truth, int predicted) const;
  QSize sizeHint() const override;

 signals:
  void cellClicked(int truth, int predicted);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void leaveEvent(QEvent* event) override;

 private:
  int64_t count(int truth, int predicted) const;
  int64_t rowTotal(int truth) const;
  bool showNames() const;
  int labelSpace() const;  // room for the names beside and above the cells
  void relayout();

  std::vector<int64_t> counts_;
  std::vector<int64_t> rowTotals_;
  QStringList names_;
  std::vector<int> order_, position_;  // position_[class] = its row and column
  bool normalised_ = false;
  int cell_ = 36;
  int hoverRow_ = -1, hoverColumn_ = -1;  // positions, not classes
};

}  // namespace trainscope::widgets
