// Samples per class and split, as horizontal bars (Qt Charts): class names read in
// full on the left, however many or long they are; many classes scroll.
#pragma once

#include <QStringList>
#include <QVector>
#include <QWidget>

class QChart;
class QChartView;

namespace trainscope::widgets {

class ClassChart : public QWidget {
  Q_OBJECT
 public:
  explicit ClassChart(QWidget* parent = nullptr);
  // Without `val`, one series of rows (a column's levels, not classes per split).
  void setCounts(const QStringList& classes, const QVector<qint64>& train, const QVector<qint64>& val);
  const QStringList& classes() const { return classes_; }
  const QVector<qint64>& trainCounts() const { return train_; }
  const QVector<qint64>& valCounts() const { return val_; }

  // Whether every class name is shown in full (tests).
  QStringList axisLabels() const;

 private:
  QChartView* view_;
  QStringList classes_;
  QVector<qint64> train_, val_;
};

}  // namespace trainscope::widgets
