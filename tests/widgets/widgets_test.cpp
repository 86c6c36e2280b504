// The reusable widgets, offscreen.
#include "widgets/class_chart.h"
#include "widgets/decimate.h"
#include "widgets/ema.h"
#include "widgets/live_curve_plot.h"
#include "widgets/summary_table.h"

#include <QtTest>

#include <cmath>

using namespace trainscope::widgets;

class WidgetsTest : public QObject {
  Q_OBJECT
 private slots:
  void meanDecimationAndEnvelopeKeepTheShape() {
    std::vector<double> xs(10000), ys(10000);
    for (int i = 0; i < 10000; ++i) xs[i] = i, ys[i] = (i % 2 ? 1.0 : -1.0) + i / 10000.0;  // a zigzag on a slope
    const auto mean = decimateMean(xs, ys, 0, 9999, 100);
    QVERIFY(mean.xs.size() >= 100 && mean.xs.size() <= 102);
    for (size_t i = 0; i + 1 < mean.ys.size(); ++i) QVERIFY(std::abs(mean.ys[i]) < 1.1);  // the zigzag averages out
    QVERIFY(mean.ys.back() > mean.ys.front() + 0.5);                                      // the slope stays
    const auto band = envelopeMinMax(xs, ys, 0, 9999, 100);
    QCOMPARE(band.xs.size(), band.lows.size());
    QVERIFY(band.xs.size() >= 100 && band.xs.size() <= 102);
    for (size_t i = 1; i + 1 < band.xs.size(); ++i) {
      QVERIFY(band.highs[i] - band.lows[i] > 1.9);  // every column spans the zigzag
    }
    const auto few = decimateMean({1, 2, 3}, {4, 5, 6}, 0, 3, 100);
    QCOMPARE(few.ys, (std::vector<double>{4, 5, 6}));  // few points: all of them
  }

  void emaMatchesTensorBoardOnKnownValues() {
    // TensorBoard: last = last * w + (1 - w) * v; smoothed = last / (1 - w^n).
    const auto s = debiasedEma({1.0, 2.0, 3.0}, 0.5);
    QCOMPARE(s.size(), size_t(3));
    QVERIFY(std::abs(s[0] - 1.0) < 1e-12);            // 0.5 / 0.5
    QVERIFY(std::abs(s[1] - 1.25 / 0.75) < 1e-12);    // 1.6667
    QVERIFY(std::abs(s[2] - 2.125 / 0.875) < 1e-12);  // 2.4286
    QCOMPARE(debiasedEma({4.0, 5.0}, 0.0), (std::vector<double>{4.0, 5.0}));
    const auto withNan = debiasedEma({1.0, std::nan(""), 1.0}, 0.9);
    QVERIFY(std::isnan(withNan[1]));
    QVERIFY2(std::abs(withNan[2] - 1.0) < 1e-12, "a NaN does not disturb the average");
  }

  void liveCurveKeepsEveryPointAndReplotsOncePerRefresh() {
    LiveCurvePlot plot;
    plot.resize(600, 300);
    QVERIFY2(!plot.refresh(), "nothing to draw yet");
    plot.setRefreshBudget(1.0);  // no throttling in this test
    plot.show();
    const int raw = plot.addSeries("loss", {Qt::blue, false, true, false});
    const int epochs = plot.addSeries("val", {Qt::red, true, false, false});
    std::vector<double> xs, ys;
    for (int i = 0; i < 200000; ++i) xs.push_back(i), ys.push_back(1.0 / (1 + i));
    plot.append(raw, xs, ys);
    plot.append(epochs, 100000, 0.5);
    QCOMPARE(plot.pointCount(raw), 200000);
    QCOMPARE(plot.values(raw).size(), size_t(200000));
    QCOMPARE(plot.smoothedValues(raw).size(), size_t(200000));
    const auto d = decimateMinMax(xs, ys, 0, 199999, 500);
    QVERIFY(d.xs.size() <= 1002);
    QCOMPARE(*std::max_element(d.ys.begin(), d.ys.end()), 1.0);  // the extremes survive
    QCOMPARE(*std::min_element(d.ys.begin(), d.ys.end()), ys.back());
    QVERIFY(plot.refresh());
    QVERIFY2(!plot.refresh(), "nothing new, no replot");
    plot.hide();
    plot.append(raw, 200001, 0.1);
    QVERIFY2(!plot.refresh(), "hidden: no replot");
    plot.show();
    QVERIFY2(plot.refresh(), "shown again: draws what came meanwhile");
    QCOMPARE(plot.pointCount(raw), 200001);
    plot.setSmoothing(0.0);
    QCOMPARE(plot.smoothedValues(raw), plot.values(raw));
    plot.setSmoothing(0.9);
    QVERIFY(plot.smoothedValues(raw)[1000] != plot.values(raw)[1000]);
    plot.clear();
    QCOMPARE(plot.pointCount(raw), 0);
  }

  void classChartShowsTheCounts() {
    ClassChart chart;
    chart.setCounts({"cat", "dog"}, {5, 3}, {1, 0});
    QCOMPARE(chart.classes(), QStringList({"cat", "dog"}));
    QCOMPARE(chart.trainCounts(), QVector<qint64>({5, 3}));
    QCOMPARE(chart.valCounts(), QVector<qint64>({1, 0}));
  }

  void summaryTableRowsAndTotals() {
    SummaryTable t({"Layer", "Params"});
    t.setRows({{"conv1", "156"}, {"fc", "850"}}, "Total 1006");
    QCOMPARE(t.rowCount(), 2);
    QCOMPARE(t.cell(1, 0), QString("fc"));
    QCOMPARE(t.totals(), QString("Total 1006"));
    t.setMessage("no model");
    QCOMPARE(t.rowCount(), 0);
  }
};

QTEST_MAIN(WidgetsTest)
#include "widgets_test.moc"
