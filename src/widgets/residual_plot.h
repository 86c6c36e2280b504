// A regression's predictions against the truth: one point per validation row at (true,
// predicted) over the diagonal a perfect model would lie on. A click picks the nearest
// row. Tens of thousands of points, each one pre-rendered disc.
#pragma once

#include <QWidget>

#include <vector>

class QCustomPlot;

namespace trainscope::widgets {

class ResidualPlot : public QWidget {
  Q_OBJECT
 public:
  explicit ResidualPlot(QWidget* parent = nullptr);
  // `truth` and `predicted` by row; a row with either not finite is not drawn.
  void setPoints(const std::vector<float>& truth, const std::vector<float>& predicted, const QString& target);
  void setSelected(int row);  // -1: none
  int pointCount() const { return count_; }
  int rowNear(QPoint pixel) const;  // the row nearest a point of the plot widget, or -1
  QCustomPlot* plot() const { return plot_; }

 signals:
  void rowClicked(int row);

 private:
  QCustomPlot* plot_;
  std::vector<float> truth_, predicted_;
  int count_ = 0;
};

}  // namespace trainscope::widgets
