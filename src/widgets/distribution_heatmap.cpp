#include "widgets/distribution_heatmap.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

#include <algorithm>

namespace trainscope::widgets {

namespace {
constexpr int kRows = 120;       // value rows: finer than 64 bins, so shifting ranges stay smooth
constexpr double kFloor = 1e-4;  // shares below this get the lowest colour
}  // namespace

DistributionHeatmap::DistributionHeatmap(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  plot_->setMinimumHeight(160);
  map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
  scale_ = new QCPColorScale(plot_);
  plot_->plotLayout()->addElement(0, 1, scale_);
  scale_->setType(QCPAxis::atRight);
  scale_->axis()->setLabel(tr("share of elements"));
  map_->setColorScale(scale_);
  QCPColorGradient gradient(QCPColorGradient::gpThermal);
  map_->setGradient(gradient);
  map_->setInterpolate(false);
  auto* margins = new QCPMarginGroup(plot_);
  plot_->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  scale_->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  // Shares span orders of magnitude (a ReLU's zeros next to its tail): log colours.
  map_->setDataScaleType(QCPAxis::stLogarithmic);
  scale_->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  map_->setDataRange(QCPRange(kFloor, 1.0));
  note_ = new QCPItemText(plot_);
  note_->position->setType(QCPItemPosition::ptAxisRectRatio);
  note_->position->setCoords(0.5, 0.5);
  note_->setColor(palette().color(QPalette::PlaceholderText));
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
}

void DistributionHeatmap::setColumns(std::vector<DistributionColumn> columns) {
  columns_ = std::move(columns);
  dirty_ = true;
}

void DistributionHeatmap::append(DistributionColumn column) {
  columns_.push_back(std::move(column));
  dirty_ = true;
}

void DistributionHeatmap::clear() {
  columns_.clear();
  dirty_ = true;
}

void DistributionHeatmap::setAxisLabels(const QString& x, const QString& y) {
  plot_->xAxis->setLabel(x);
  plot_->yAxis->setLabel(y);
}

void DistributionHeatmap::setPlaceholder(const QString& text) {
  placeholder_ = text;
  dirty_ = true;
}

bool DistributionHeatmap::refresh() {
  if (!dirty_ || !isVisible()) return false;
  dirty_ = false;
  grid_ = resampleDistributions(columns_, kRows);
  const int cols = static_cast<int>(grid_.steps.size());
  map_->data()->clear();
  note_->setText(placeholder_);
  note_->setVisible(cols == 0);
  map_->setVisible(cols > 0);
  if (cols == 0) {
    plot_->replot(QCustomPlot::rpQueuedReplot);
    return true;
  }
  // One cell per histogram; cells are centred on their steps, so the key range runs
  // from the first to the last step (one column: a unit range around it).
  const double first = grid_.steps.front(), last = grid_.steps.back();
  const double rowWidth = (grid_.hi - grid_.lo) / grid_.rows;
  map_->data()->setSize(cols, grid_.rows);
  map_->data()->setRange(cols > 1 ? QCPRange(first, last) : QCPRange(first - 0.5, first + 0.5),
                         QCPRange(grid_.lo + rowWidth / 2, grid_.hi - rowWidth / 2));
  for (int c = 0; c < cols; ++c) {
    double total = 0;
    for (double m : grid_.mass[c]) total += m;
    for (int r = 0; r < grid_.rows; ++r)
      map_->data()->setCell(c, r, total > 0 ? std::max(kFloor / 10, grid_.mass[c][r] / total) : kFloor / 10);
  }
  const double halfStep = cols > 1 ? (last - first) / (cols - 1) / 2 : 0.5;
  plot_->xAxis->setRange(first - halfStep, last + halfStep);
  plot_->yAxis->setRange(grid_.lo, grid_.hi);
  plot_->replot(QCustomPlot::rpQueuedReplot);
  return true;
}

}  // namespace trainscope::widgets
