// One histogram as bars (QCustomPlot): the latest distribution of a tensor, drawn over
// its own bin edges, with an optional log count axis.
#pragma once

#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPBars;

namespace trainscope::widgets {

class HistogramPlot : public QWidget {
  Q_OBJECT
 public:
  explicit HistogramPlot(QWidget* parent = nullptr);

  void setHistogram(const std::vector<double>& edges, const std::vector<double>& counts, const QString& title);
  void clear();
  void setLogCounts(bool on);
  int barCount() const;
  QCustomPlot* plot() const { return plot_; }

 private:
  QCustomPlot* plot_;
  QCPBars* bars_;
  bool log_ = false;
};

}  // namespace trainscope::widgets
