#include "widgets/plot_theme.h"

#include "widgets/presentation_layout.h"

#include "widgets/live_curve_plot.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QFontMetrics>

#include <algorithm>

namespace trainscope::widgets {

namespace {
void theme(QCustomPlot* plot, bool on) {
  QFont font = QApplication::font();  // already scaled by the app in presentation mode
  QFont label = font;
  label.setBold(on);
  const QColor ink = on ? Qt::black : QColor(40, 40, 40);
  const QPen grid(on ? QColor(150, 150, 150) : QColor(200, 200, 200), on ? 1.2 : 1, Qt::DotLine);
  for (QCPAxisRect* rect : plot->axisRects())
    for (QCPAxis* axis : rect->axes()) {
      axis->setTickLabelFont(font);
      axis->setLabelFont(label);
      axis->setTickLabelColor(ink);
      axis->setLabelColor(ink);
      axis->setBasePen(QPen(ink, on ? 2 : 1));
      axis->setTickPen(QPen(ink, on ? 2 : 1));
      axis->setSubTickPen(QPen(ink, on ? 1.5 : 1));
      axis->grid()->setPen(grid);
      if (axis->ticker()) axis->ticker()->setTickCount(on ? 4 : 5);  // fewer, larger numbers
    }
  plot->legend->setFont(font);
  // Entries as tall as the text with its descent: otherwise "_" in a run's name is cut.
  plot->legend->setIconSize(QSize(32, std::max(18, QFontMetrics(font).height() + 4)));
  for (int i = 0; i < plot->legend->itemCount(); ++i)
    if (QCPAbstractLegendItem* item = plot->legend->item(i)) item->setFont(font);
  plot->replot(QCustomPlot::rpQueuedReplot);
}
}  // namespace

void applyPresentationLook(QWidget* root, bool presentation) {
  PresentationLayout::applyAll(root, presentation);
  for (auto* curves : root->findChildren<LiveCurvePlot*>()) curves->setLineScale(presentation ? 2.0 : 1.0);
  for (auto* plot : root->findChildren<QCustomPlot*>()) theme(plot, presentation);
}

}  // namespace trainscope::widgets
