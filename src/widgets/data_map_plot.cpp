#include "widgets/data_map_plot.h"

#include "widgets/scatter_marks.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

#include <limits>

namespace trainscope::widgets {

namespace {
// Three groups by correctness, as the cartography paper colours them.
struct Group {
  const char* name;
  double below;
  QColor color;
};
const Group kGroups[] = {
    {QT_TRANSLATE_NOOP("trainscope::widgets::DataMapPlot", "mostly wrong (hard or mislabelled)"), 1.0 / 3,
     QColor(214, 39, 40)},
    {QT_TRANSLATE_NOOP("trainscope::widgets::DataMapPlot", "sometimes right (ambiguous)"), 2.0 / 3,
     QColor(255, 127, 14)},
    {QT_TRANSLATE_NOOP("trainscope::widgets::DataMapPlot", "mostly right (easy)"), 1.01, QColor(31, 119, 180)},
};
}  // namespace

DataMapPlot::DataMapPlot(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  plot_->xAxis->setLabel(tr("variability (spread of p(label) over the epochs)"));
  plot_->yAxis->setLabel(tr("confidence (mean p(label))"));
  plot_->xAxis->setRange(0, 0.5);
  plot_->yAxis->setRange(0, 1);
  for (const auto& g : kGroups) {
    QColor fill = g.color;
    fill.setAlpha(110);
    addScatterGraph(plot_, tr(g.name), fill);
  }
  addSelectionRing(plot_);
  plot_->legend->setVisible(true);
  plot_->legend->setFont(font());
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
  connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
    if (const int s = sampleNear(event->position().toPoint()); s >= 0) {
      setSelected(s);
      emit sampleClicked(s);
    }
  });
}

void DataMapPlot::setPoints(std::vector<Point> points) {
  points_ = std::move(points);
  double widest = 0.05;
  for (size_t g = 0; g < std::size(kGroups); ++g) {
    QVector<double> x, y;
    for (const auto& p : points_)
      if (p.correctness < kGroups[g].below && (g == 0 || p.correctness >= kGroups[g - 1].below))
        x << p.variability, y << p.confidence, widest = std::max(widest, p.variability);
    plot_->graph(static_cast<int>(g))->setData(x, y);
  }
  plot_->xAxis->setRange(0, std::min(0.55, widest * 1.05));
  setSelected(-1);
}

void DataMapPlot::setSelected(int sample) {
  QVector<double> x, y;
  for (const auto& p : points_)
    if (p.sample == sample) x << p.variability, y << p.confidence;
  plot_->graph(static_cast<int>(std::size(kGroups)))->setData(x, y);
  stale_ = !isVisible();
  if (!stale_) plot_->replot(QCustomPlot::rpQueuedReplot);
}

void DataMapPlot::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (stale_) plot_->replot(QCustomPlot::rpQueuedReplot);
  stale_ = false;
}

int DataMapPlot::sampleNear(QPoint pixel) const {
  int best = -1;
  double bestDistance = 12.0 * 12.0;  // within 12 pixels
  for (const auto& p : points_) {
    const double dx = plot_->xAxis->coordToPixel(p.variability) - pixel.x();
    const double dy = plot_->yAxis->coordToPixel(p.confidence) - pixel.y();
    if (dx * dx + dy * dy < bestDistance) bestDistance = dx * dx + dy * dy, best = p.sample;
  }
  return best;
}

}  // namespace trainscope::widgets
