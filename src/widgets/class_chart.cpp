#include "widgets/class_chart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace trainscope::widgets {

ClassChart::ClassChart(QWidget* parent) : QWidget(parent), view_(new QChartView(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(view_);
  view_->setRenderHint(QPainter::Antialiasing);
  view_->setMinimumHeight(180);
  setCounts({}, {}, {});
}

void ClassChart::setCounts(const QStringList& classes, const QVector<qint64>& train, const QVector<qint64>& val) {
  classes_ = classes, train_ = train, val_ = val;
  auto* chart = new QChart();
  auto* trainSet = new QBarSet(tr("train"));
  auto* valSet = new QBarSet(tr("validation"));
  trainSet->setColor(QColor(31, 119, 180));
  valSet->setColor(QColor(255, 127, 14));
  qint64 top = 0;
  for (int i = 0; i < classes.size(); ++i) {
    const qint64 t = i < train.size() ? train[i] : 0, v = i < val.size() ? val[i] : 0;
    *trainSet << t;
    *valSet << v;
    top = std::max({top, t, v});
  }
  auto* series = new QBarSeries();
  series->append(trainSet);
  series->append(valSet);
  chart->addSeries(series);
  auto* x = new QBarCategoryAxis();
  x->append(classes);
  x->setLabelsAngle(classes.size() > 6 ? -45 : 0);
  auto* y = new QValueAxis();
  y->setRange(0, top > 0 ? static_cast<double>(top) * 1.1 : 1.0);
  y->setLabelFormat("%d");
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  series->attachAxis(x);
  series->attachAxis(y);
  chart->legend()->setAlignment(Qt::AlignTop);
  chart->setMargins(QMargins(4, 4, 4, 4));
  QChart* old = view_->chart();
  view_->setChart(chart);
  delete old;
}

}  // namespace trainscope::widgets
