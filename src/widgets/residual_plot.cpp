#include "widgets/residual_plot.h"

#include "widgets/scatter_marks.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace trainscope::widgets {

namespace {
enum Graph { kDiagonal, kRows, kSelected };
}  // namespace

ResidualPlot::ResidualPlot(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  QCPGraph* diagonal = plot_->addGraph();
  diagonal->setName(tr("perfect (predicted = true)"));
  diagonal->setPen(QPen(QColor(120, 120, 120), 1, Qt::DashLine));
  addScatterGraph(plot_, tr("validation rows"), QColor(31, 119, 180, 120));
  addSelectionRing(plot_);
  plot_->legend->setVisible(true);
  plot_->legend->setFont(font());
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
  connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
    if (const int row = rowNear(event->position().toPoint()); row >= 0) {
      setSelected(row);
      emit rowClicked(row);
    }
  });
}

void ResidualPlot::setPoints(const std::vector<float>& truth, const std::vector<float>& predicted,
                             const QString& target) {
  truth_ = truth, predicted_ = predicted;
  QVector<double> x, y;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (size_t i = 0; i < std::min(truth.size(), predicted.size()); ++i) {
    if (!std::isfinite(truth[i]) || !std::isfinite(predicted[i])) continue;
    x << truth[i], y << predicted[i];
    lo = std::min({lo, static_cast<double>(truth[i]), static_cast<double>(predicted[i])});
    hi = std::max({hi, static_cast<double>(truth[i]), static_cast<double>(predicted[i])});
  }
  count_ = x.size();
  if (count_ == 0) lo = 0, hi = 1;
  const double pad = std::max(1e-9, (hi - lo) * 0.05);
  plot_->graph(kRows)->setData(x, y);
  plot_->graph(kDiagonal)->setData({lo - pad, hi + pad}, {lo - pad, hi + pad});
  plot_->graph(kSelected)->data()->clear();
  plot_->xAxis->setLabel(tr("true %1").arg(target));
  plot_->yAxis->setLabel(tr("predicted %1").arg(target));
  // Equal ranges: the diagonal runs corner to corner and distances read alike both ways.
  plot_->xAxis->setRange(lo - pad, hi + pad);
  plot_->yAxis->setRange(lo - pad, hi + pad);
  plot_->replot();
}

void ResidualPlot::setSelected(int row) {
  plot_->graph(kSelected)->data()->clear();
  if (row >= 0 && row < static_cast<int>(truth_.size()) && row < static_cast<int>(predicted_.size()))
    plot_->graph(kSelected)->addData(truth_[static_cast<size_t>(row)], predicted_[static_cast<size_t>(row)]);
  plot_->replot();
}

int ResidualPlot::rowNear(QPoint pixel) const {
  int best = -1;
  double bestDistance = 15 * 15;  // within 15 px
  for (size_t i = 0; i < std::min(truth_.size(), predicted_.size()); ++i) {
    if (!std::isfinite(truth_[i]) || !std::isfinite(predicted_[i])) continue;
    const double dx = plot_->xAxis->coordToPixel(truth_[i]) - pixel.x();
    const double dy = plot_->yAxis->coordToPixel(predicted_[i]) - pixel.y();
    if (dx * dx + dy * dy < bestDistance) bestDistance = dx * dx + dy * dy, best = static_cast<int>(i);
  }
  return best;
}

}  // namespace trainscope::widgets
