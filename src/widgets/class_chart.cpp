#include "widgets/class_chart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalBarSeries>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace trainscope::widgets {

ClassChart::ClassChart(QWidget* parent) : QWidget(parent), view_(new QChartView(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* scroll = new QScrollArea(this);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setWidget(view_);
  layout->addWidget(scroll);
  view_->setRenderHint(QPainter::Antialiasing);
  view_->setMinimumHeight(180);
  setCounts({}, {}, {});
}

void ClassChart::setCounts(const QStringList& classes, const QVector<qint64>& train, const QVector<qint64>& val) {
  classes_ = classes, train_ = train, val_ = val;
  auto* chart = new QChart();
  // One series of rows when there are no splits to compare (a column's levels).
  const bool splits = !val.isEmpty();
  auto* trainSet = new QBarSet(splits ? tr("train") : tr("rows"));
  auto* valSet = new QBarSet(tr("validation"));
  trainSet->setColor(QColor(31, 119, 180));
  valSet->setColor(QColor(255, 127, 14));
  qint64 top = 0;
  // Horizontal bars are drawn bottom-up: the first class goes last, to sit on top.
  QStringList names;
  for (int i = classes.size() - 1; i >= 0; --i) {
    names << classes[i];
    const qint64 t = i < train.size() ? train[i] : 0, v = i < val.size() ? val[i] : 0;
    *trainSet << t;
    *valSet << v;
    top = std::max({top, t, v});
  }
  auto* series = new QHorizontalBarSeries();
  series->append(trainSet);
  if (splits)
    series->append(valSet);
  else
    delete valSet;
  chart->addSeries(series);
  auto* classAxis = new QBarCategoryAxis();
  classAxis->append(names);
  auto* counts = new QValueAxis();
  counts->setRange(0, top > 0 ? static_cast<double>(top) * 1.05 : 1.0);
  counts->applyNiceNumbers();  // 0, 50, 100, ... rather than 0, 49, 99
  counts->setLabelFormat("%d");
  chart->addAxis(classAxis, Qt::AlignLeft);
  chart->addAxis(counts, Qt::AlignBottom);
  series->attachAxis(classAxis);
  series->attachAxis(counts);
  // A row per class that stays readable; past what fits, the chart scrolls.
  view_->setMinimumHeight(std::max(180, 70 + 2 * static_cast<int>(classes.size()) * 9));
  chart->legend()->setAlignment(Qt::AlignTop);
  chart->legend()->setVisible(splits);
  chart->setMargins(QMargins(4, 4, 4, 4));
  QChart* old = view_->chart();
  view_->setChart(chart);
  delete old;
}

QStringList ClassChart::axisLabels() const {
  for (QAbstractAxis* axis : view_->chart()->axes(Qt::Vertical))
    if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis)) return categories->categories();
  return {};
}

}  // namespace trainscope::widgets
