// A distribution over time as a heatmap (QCustomPlot colour map): step on x, value on
// y, colour = the share of the tensor's elements at that value, like TensorBoard's
// distributions. Histograms are appended as they arrive; refresh() redraws when
// something changed (the owner calls it from its timer).
#pragma once

#include "widgets/distribution_grid.h"

#include <QWidget>

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPItemText;

namespace trainscope::widgets {

class DistributionHeatmap : public QWidget {
  Q_OBJECT
 public:
  explicit DistributionHeatmap(QWidget* parent = nullptr);

  void setColumns(std::vector<DistributionColumn> columns);
  void append(DistributionColumn column);
  void clear();
  void setAxisLabels(const QString& x, const QString& y);
  // Shows `text` over an empty plot (e.g. "no histograms yet").
  void setPlaceholder(const QString& text);

  bool refresh();  // redraws when dirty and visible; returns whether it did
  int columnCount() const { return static_cast<int>(columns_.size()); }
  // What is drawn: the resampled grid (rows x columns) of the last refresh.
  const DistributionGrid& grid() const { return grid_; }
  QCustomPlot* plot() const { return plot_; }

 private:
  QCustomPlot* plot_;
  QCPColorMap* map_;
  QCPColorScale* scale_;
  QCPItemText* note_;
  std::vector<DistributionColumn> columns_;
  DistributionGrid grid_;
  QString placeholder_;
  bool dirty_ = false;
};

}  // namespace trainscope::widgets
