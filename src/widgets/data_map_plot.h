// The data map of dataset cartography: each training sample at (variability,
// confidence) of the probability of its label over the epochs, coloured by how often
// it was predicted right: easy to learn (top left), ambiguous (right), hard to learn
// or mislabelled (bottom left). A click picks the nearest sample. Tens of thousands
// of points: drawn as one pre-rendered disc each, and only while on screen (a hidden
// page's map is drawn when it is shown, not at every epoch of a run).
#pragma once

#include <QWidget>

#include <vector>

class QCustomPlot;

namespace trainscope::widgets {

class DataMapPlot : public QWidget {
  Q_OBJECT
 public:
  struct Point {
    double variability = 0, confidence = 0, correctness = 0;
    int sample = 0;
  };
  explicit DataMapPlot(QWidget* parent = nullptr);
  void setPoints(std::vector<Point> points);
  void setSelected(int sample);  // -1: none
  int pointCount() const { return static_cast<int>(points_.size()); }
  // The sample nearest to a point of the plot widget (in pixels), or -1.
  int sampleNear(QPoint pixel) const;
  QCustomPlot* plot() const { return plot_; }

 protected:
  void showEvent(QShowEvent* event) override;

 signals:
  void sampleClicked(int sample);

 private:
  QCustomPlot* plot_;
  std::vector<Point> points_;
  bool stale_ = false;  // changed while hidden
};

}  // namespace trainscope::widgets
