// The reusable widgets, offscreen.
#include "widgets/class_chart.h"
#include "widgets/curve_band.h"
#include "widgets/curve_export.h"
#include "widgets/curve_pyramid.h"
#include "widgets/decimate.h"
#include "widgets/ema.h"
#include "widgets/graph_canvas.h"
#include "widgets/live_curve_plot.h"
#include "widgets/parallel_coordinates.h"
#include "widgets/python_highlighter.h"
#include "widgets/summary_table.h"

#include <qcustomplot.h>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QtTest>

#include <cmath>
#include <numeric>
#include <random>

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

  void pyramidAnswersEveryRangeAsABruteForceScan() {
    std::mt19937 gen(7);
    std::normal_distribution<double> noise(0, 1);
    std::vector<double> ys;
    CurvePyramid pyramid;
    for (int round = 0; round < 40; ++round) {  // grown in uneven pieces, as a run's curve is
      const int add = 1 + static_cast<int>(gen() % 3000);
      for (int i = 0; i < add; ++i) ys.push_back(gen() % 997 == 0 ? std::nan("") : noise(gen));
      pyramid.extend(ys);
      for (int q = 0; q < 50; ++q) {
        size_t a = gen() % ys.size(), b = gen() % (ys.size() + 1);
        if (a > b) std::swap(a, b);
        const CurvePyramid::Summary s = pyramid.query(ys, a, b);
        CurvePyramid::Summary brute;
        for (size_t i = a; i < b; ++i) brute.add(ys[i], static_cast<int64_t>(i));
        QCOMPARE(s.minAt, brute.minAt);
        QCOMPARE(s.maxAt, brute.maxAt);
        QCOMPARE(s.nanAt, brute.nanAt);
        QCOMPARE(s.finite, brute.finite);
        QVERIFY(std::abs(s.sum - brute.sum) < 1e-9 * (1 + std::abs(brute.sum)));
      }
    }
    CurvePyramid replaced = pyramid;
    std::vector<double> shorter(ys.begin(), ys.begin() + 100);
    replaced.extend(shorter);  // a curve replaced by a shorter one is summarised afresh
    QCOMPARE(
        replaced.query(shorter, 0, 100).finite,
        static_cast<int64_t>(std::count_if(shorter.begin(), shorter.end(), [](double v) { return !std::isnan(v); })));
  }

  void columnsHoldTheirPointsAndTheBandKeepsEveryExtreme() {
    // Uneven x (a time axis), a million points: each column's band is exactly the min
    // and max of the points the split puts in it, and the split's boundaries are within
    // an eighth of a column of the true pixel boundaries.
    const size_t n = 1000000;
    std::mt19937 gen(3);
    std::uniform_real_distribution<double> gap(0.5, 1.5);
    std::normal_distribution<double> noise(0, 1);
    std::vector<double> xs(n), ys(n);
    double x = 0;
    for (size_t i = 0; i < n; ++i) x += gap(gen), xs[i] = x, ys[i] = noise(gen);
    ys[123457] = 50, ys[765433] = -50;  // two spikes, nowhere near a block boundary
    CurvePyramid pyramid;
    pyramid.extend(ys);
    std::vector<double> blockXs;
    extendBlockXs(xs, blockXs);
    const int columns = 1000;
    const double x0 = xs[1000], x1 = xs[n - 1000], width = (x1 - x0) / columns;
    const std::vector<double>* none = nullptr;
    for (const std::vector<double>* sampled : {none, static_cast<const std::vector<double>*>(&blockXs)}) {
      const ColumnSplit split = splitColumns(xs, pyramid, x0, x1, columns, sampled);
      QVERIFY(!split.whole);
      QVERIFY(split.level != ColumnSplit::kNoLevel);
      QVERIFY(split.starts.size() >= columns - 2 && split.starts.size() <= columns + 2);
      for (size_t c = 1; c < split.starts.size(); ++c) {
        const double boundary = x0 + std::round((xs[split.starts[c]] - x0) / width) * width;
        QVERIFY2(std::abs(xs[split.starts[c]] - boundary) <= width / 8 + 1.5, "a boundary moved by a block at most");
      }
      const Envelope band = envelopeMinMax(xs, ys, pyramid, split);
      QCOMPARE(band.xs.size(), split.starts.size());
      for (size_t c = 0; c < split.starts.size(); c += 37) {
        const size_t a = split.starts[c], b = c + 1 < split.starts.size() ? split.starts[c + 1] : split.end;
        QCOMPARE(band.lows[c], *std::min_element(ys.begin() + a, ys.begin() + b));
        QCOMPARE(band.highs[c], *std::max_element(ys.begin() + a, ys.begin() + b));
      }
      QCOMPARE(*std::max_element(band.highs.begin(), band.highs.end()), 50.0);
      QCOMPARE(*std::min_element(band.lows.begin(), band.lows.end()), -50.0);
      const Decimated minMax = decimateMinMax(xs, ys, pyramid, split);
      QVERIFY(std::find(minMax.xs.begin(), minMax.xs.end(), xs[123457]) != minMax.xs.end());
    }
  }

  // Evenly spaced xs (steps): the split computed from the formula puts each boundary
  // where the search does, within the snap; a mean line snapped at two blocks a column
  // averages exactly the points of its column; a gap or a replaced curve ends the formula.
  void evenlySpacedStepsSplitLikeTheSearch() {
    for (const size_t n : {size_t(10000), size_t(100000), size_t(1000000)}) {
      std::vector<double> xs(n), ys(n);
      std::mt19937 gen(4);
      std::normal_distribution<double> noise(0, 1);
      for (size_t i = 0; i < n; ++i) xs[i] = 10 + 5.0 * static_cast<double>(i), ys[i] = noise(gen);
      EvenSpacing spacing;
      spacing.extend(xs);
      QVERIFY(spacing.holds(n));
      CurvePyramid pyramid;
      pyramid.extend(ys);
      const int columns = 1187;
      const double x0 = xs[n / 7] + 1.3, x1 = xs[n - n / 9] - 2.1, width = (x1 - x0) / columns;
      for (const size_t snapBlocks : {size_t(2), size_t(4)}) {
        const ColumnSplit searched = splitColumns(xs, pyramid, x0, x1, columns, nullptr, nullptr, snapBlocks);
        const ColumnSplit computed = splitColumns(xs, pyramid, x0, x1, columns, nullptr, &spacing, snapBlocks);
        QVERIFY(computed.even && !searched.even);
        QCOMPARE(computed.begin, searched.begin);
        QCOMPARE(computed.end, searched.end);
        QCOMPARE(computed.level, searched.level);
        QVERIFY2(std::abs(double(computed.starts.size()) - double(searched.starts.size())) <= 2,
                 qPrintable(QString("%1 vs %2").arg(computed.starts.size()).arg(searched.starts.size())));
        const double snap =
            computed.level == ColumnSplit::kNoLevel ? 1 : double(CurvePyramid::kBlock << computed.level);
        for (size_t c = 1; c < computed.starts.size(); ++c) {
          const double x = xs[computed.starts[c]];
          const double boundary = x0 + std::round((x - x0) / width) * width;
          QVERIFY2(std::abs(x - boundary) <= (snap / 2 + 1) * 5.0, "a boundary moved by half a block at most");
          QVERIFY(computed.starts[c] > computed.starts[c - 1]);
        }
        const Decimated mean = decimateMean(xs, ys, pyramid, computed);
        QCOMPARE(mean.xs.size(), computed.starts.size());
        for (size_t c = 0; c < computed.starts.size(); c += 53) {
          const size_t a = computed.starts[c],
                       b = c + 1 < computed.starts.size() ? computed.starts[c + 1] : computed.end;
          const double expected = std::accumulate(ys.begin() + a, ys.begin() + b, 0.0) / double(b - a);
          QVERIFY(std::abs(mean.ys[c] - expected) < 1e-9);
          QCOMPARE(mean.xs[c], 0.5 * (xs[a] + xs[b - 1]));
        }
      }
    }
    EvenSpacing spacing;
    std::vector<double> xs = {0, 1, 2, 3};
    spacing.extend(xs);
    QVERIFY(spacing.holds(4));
    xs.push_back(5);  // a step skipped
    spacing.extend(xs);
    QVERIFY(!spacing.holds(5));
    xs = {7, 8};  // replaced by a shorter curve: starts over
    spacing.extend(xs);
    QVERIFY(spacing.holds(2));
  }

  void simplifiedLineKeepsGapsAndBacktracks() {
    std::vector<double> px = {0, 1, 2, 3, 2.5, 4, 5, 6}, py = {0, 0, 0, 0, 5, 5, std::nan(""), 1};
    const std::vector<size_t> kept = simplifiedPolyline(px, py, 0.5);
    for (size_t i : {size_t(0), size_t(3), size_t(4), size_t(5), size_t(6), size_t(7)})
      QVERIFY2(std::find(kept.begin(), kept.end(), i) != kept.end(), qPrintable(QString::number(i)));
    QVERIFY(std::is_sorted(kept.begin(), kept.end()));
  }

  // A laid-out graph: a click on a box names its node, a click beside none names none,
  // a double-click is its own signal; selecting frames only that group.
  void graphCanvasReportsTheNodeClicked() {
    GraphPicture picture;
    picture.size = QSizeF(200, 160);
    picture.nodes = {{QRectF(50, 10, 100, 40), {"Conv2d conv1", "[1, 6, 24, 24]"}, Qt::white, false},
                     {QRectF(50, 110, 100, 40), {"ReLU relu1"}, Qt::white, true}};
    picture.edges = {{{QPointF(100, 50), QPointF(100, 70), QPointF(100, 90), QPointF(100, 110)}}};
    picture.groups = {{"relu1", {1}}};
    GraphCanvas canvas;
    canvas.resize(300, 300);
    canvas.setPicture(picture);
    canvas.fitWidth();
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    QSignalSpy clicked(&canvas, &GraphCanvas::nodeClicked);
    QSignalSpy doubled(&canvas, &GraphCanvas::nodeDoubleClicked);
    const QPoint second = canvas.mapFromScene(QPointF(100, 130));
    QCOMPARE(canvas.nodeAt(second), 1);
    QCOMPARE(canvas.nodeAt(canvas.mapFromScene(QPointF(10, 80))), -1);
    QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {}, second);
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.first().first().toInt(), 1);
    QTest::mouseDClick(canvas.viewport(), Qt::LeftButton, {}, second);
    QCOMPARE(doubled.count(), 1);
    const int before = canvas.scene()->items().size();
    canvas.setSelection(1, "relu1");
    QCOMPARE(canvas.selectedNode(), 1);
    QCOMPARE(canvas.scene()->items().size(), before + 2);  // the frame and its label
    canvas.setSelection(-1);
    QCOMPARE(canvas.scene()->items().size(), before);
  }

  void pythonHighlighterColoursTokens() {
    QTextDocument doc;
    doc.setPlainText(
        "def f(x):  # a comment with \"quotes\"\n    \"\"\"A docstring\n    over # two lines\"\"\"\n"
        "    return x + 42, '#not a comment'\n@torch.no_grad()\n");
    PythonHighlighter highlighter(&doc);
    highlighter.rehighlight();
    auto formatAt = [&](int line, int column) {
      const QTextBlock block = doc.findBlockByNumber(line);
      for (const auto& range : block.layout()->formats())
        if (column >= range.start && column < range.start + range.length) return range.format;
      return QTextCharFormat();
    };
    QCOMPARE(formatAt(0, 0).foreground(), highlighter.format("keyword").foreground());   // def
    QCOMPARE(formatAt(0, 12).foreground(), highlighter.format("comment").foreground());  // # a comment
    QCOMPARE(formatAt(0, 32).foreground(), highlighter.format("comment").foreground());  // its "quotes"
    QCOMPARE(formatAt(2, 8).foreground(), highlighter.format("string").foreground());    // the docstring's 2nd line
    QCOMPARE(formatAt(3, 15).foreground(), highlighter.format("number").foreground());   // 42
    QCOMPARE(formatAt(3, 20).foreground(), highlighter.format("string").foreground());   // '#not a comment'
    QCOMPARE(formatAt(4, 1).foreground(), highlighter.format("decorator").foreground());
  }

  void simplifiedLineStaysWithinItsTolerance() {
    std::vector<double> px, py;
    for (int i = 0; i < 2000; ++i) px.push_back(i), py.push_back(100 * std::exp(-i / 300.0) + 0.01 * (i % 3));
    py[1000] = std::nan("");
    const std::vector<size_t> kept = simplifiedPolyline(px, py, 0.25);
    QVERIFY2(kept.size() < 400, qPrintable(QString::number(kept.size())));
    QVERIFY(std::find(kept.begin(), kept.end(), size_t(1000)) != kept.end());  // a gap stays a gap
    for (size_t k = 0; k + 1 < kept.size(); ++k) {
      const size_t a = kept[k], b = kept[k + 1];
      if (std::isnan(py[a]) || std::isnan(py[b])) continue;
      for (size_t i = a + 1; i < b; ++i) {
        const double t = (px[i] - px[a]) / (px[b] - px[a]);
        QVERIFY(std::abs(py[a] + t * (py[b] - py[a]) - py[i]) <= 0.26);
      }
    }
  }

  void bandIsDrawnFromLowToHighInEachColumn() {
    QCustomPlot plot;
    plot.resize(400, 300);
    plot.xAxis->setRange(0, 10);
    plot.yAxis->setRange(0, 10);
    auto* band = new CurveBand(plot.xAxis, plot.yAxis);
    band->setPen(QPen(Qt::red, 0));
    std::vector<double> xs, lows, highs;
    for (int i = 0; i <= 10; ++i) xs.push_back(i), lows.push_back(2), highs.push_back(8);
    lows[5] = highs[5] = std::nan("");  // a gap
    lows[3] = highs[3] = 5;             // a column of one value inside its neighbours' spans
    band->setData(xs, lows, highs);
    const QImage image = plot.toPixmap(400, 300).toImage();
    auto red = [&](double x, double y) {
      const QColor c = image.pixelColor(static_cast<int>(plot.xAxis->coordToPixel(x)),
                                        static_cast<int>(plot.yAxis->coordToPixel(y)));
      return c.red() > 200 && c.green() < 80;
    };
    QVERIFY(red(2, 5));  // inside a column's span
    QVERIFY(red(2, 7.9));
    QVERIFY(!red(2, 9));  // above the highs
    // The single value is drawn (its pixel, give or take rounding), not left as a hole.
    auto redNear = [&](double x, double y) {
      const int px = static_cast<int>(plot.xAxis->coordToPixel(x)), py = static_cast<int>(plot.yAxis->coordToPixel(y));
      for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy) {
          const QColor c = image.pixelColor(px + dx, py + dy);
          if (c.red() > 200 && c.green() < 80) return true;
        }
      return false;
    };
    QVERIFY(redNear(3, 5));
    QVERIFY(!redNear(3, 7));
    bool found = false;
    QCPRange r = band->getValueRange(found);
    QVERIFY(found);
    QCOMPARE(r.lower, 2.0);
    QCOMPARE(r.upper, 8.0);
  }

  void preparedCurveMatchesAppendedPoints() {
    std::vector<double> xs, ys;
    for (int i = 0; i < 50000; ++i) xs.push_back(i), ys.push_back(std::sin(i / 100.0));
    LiveCurvePlot appended, adopted;
    for (auto* p : {&appended, &adopted}) {
      p->resize(600, 300);
      p->setRefreshBudget(1.0);
      p->show();
      p->addSeries("loss", {Qt::blue, false, true, false});
    }
    appended.append(0, xs, ys);
    auto prepared = LiveCurvePlot::prepareCurve(xs, ys, appended.smoothing());
    adopted.setSeriesData(0, std::move(prepared));
    QCOMPARE(adopted.pointCount(0), 50000);
    QCOMPARE(adopted.plot()->legend->itemCount(), 1);  // one entry a series, not one for its band
    // Room to grow, made on the preparing thread: the next point does not copy the history.
    QVERIFY(adopted.values(0).capacity() >= 75000);
    const double* before = adopted.values(0).data();
    QCOMPARE(adopted.smoothedValues(0), appended.smoothedValues(0));
    adopted.append(0, 50000, 0.5);  // later points continue the same average
    appended.append(0, 50000, 0.5);
    QCOMPARE(adopted.values(0).data(), before);
    QCOMPARE(adopted.smoothedValues(0).back(), appended.smoothedValues(0).back());
    QVERIFY(adopted.refresh());
    adopted.setSmoothing(0.9);  // prepared at 0.6: re-smoothed
    QCOMPARE(adopted.smoothedValues(0).size(), size_t(50001));
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

  // A constant curve (a constant learning rate) sits in a narrow band around its value,
  // refresh after refresh: the range once grew by a tenth on each replot.
  void aFlatCurveKeepsANarrowRangeAroundItsValue() {
    LiveCurvePlot plot;
    plot.resize(600, 300);
    plot.setRefreshBudget(1.0);
    plot.show();
    const int lr = plot.addSeries("learning rate", {Qt::green, false, false, false});
    for (int step = 1; step <= 50; ++step) {
      plot.append(lr, step, 0.003);
      QVERIFY(plot.refresh());
    }
    const QCPRange y = plot.plot()->yAxis->range();
    QVERIFY2(y.contains(0.003), qPrintable(QString("%1..%2").arg(y.lower).arg(y.upper)));
    QVERIFY2(y.size() < 0.003, qPrintable(QString("%1..%2").arg(y.lower).arg(y.upper)));
  }

  // The SVG is the screen's plot (issue 28): only the series shown, smoothed as shown,
  // with the screen's ticks; not every run ticked, raw, with ticks like 0.0053191.
  void svgExportDrawsWhatTheScreenShows_data() {
    QTest::addColumn<double>("smoothing");
    QTest::addColumn<bool>("logScale");
    QTest::newRow("smoothed") << 0.9 << false;
    QTest::newRow("smoothed, log scale") << 0.8 << true;
    QTest::newRow("raw") << 0.0 << false;
  }
  void svgExportDrawsWhatTheScreenShows() {
    QFETCH(double, smoothing);
    QFETCH(bool, logScale);
    LiveCurvePlot plot;
    plot.resize(700, 400);
    plot.setRefreshBudget(1.0);
    plot.show();
    plot.setAxisLabels("step", "loss");
    const int shown = plot.addSeries("run shown", {QColor(31, 119, 180), false, true, false});
    const int hidden = plot.addSeries("run hidden", {QColor(255, 127, 14), false, true, false});
    std::mt19937 rng(7);
    std::normal_distribution<double> noise(0, 0.01);
    std::vector<double> xs, ys, others;
    for (int i = 1; i <= 3000; ++i) {
      xs.push_back(i);
      ys.push_back(0.0537 * std::exp(-i / 900.0) + 0.005 + std::abs(noise(rng)));
      others.push_back(0.05 + std::abs(noise(rng)));
    }
    plot.append(shown, xs, ys);
    plot.append(hidden, xs, others);
    plot.setSmoothing(smoothing);
    plot.setLogScale(logScale);
    plot.setSeriesVisible(hidden, false);
    plot.redraw();

    QTemporaryDir dir;
    const QString path = dir.filePath("plot.svg");
    QString error;
    QVERIFY2(writePlotSvg(path, plot.picture(), &error), qPrintable(error));
    if (const QString shots = qEnvironmentVariable("TRAINSCOPE_TEST_SHOTS"); !shots.isEmpty()) {
      QFile::copy(path, shots + "/" + QTest::currentDataTag() + ".svg");
      plot.plot()->savePng(shots + "/" + QTest::currentDataTag() + ".png");
    }
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(f.readAll());
    QVERIFY(svg.contains(">run shown<"));
    QVERIFY2(!svg.contains("run hidden"), "a run hidden from the legend is not drawn");
    QVERIFY(!svg.contains(QColor(255, 127, 14).name()));

    // The ticks: the labels the screen's axes show, and no others.
    QCPAxis* yAxis = plot.plot()->yAxis;
    QStringList screenTicks;
    for (int i = 0; i < yAxis->tickVector().size(); ++i)
      if (yAxis->range().contains(yAxis->tickVector()[i])) screenTicks << yAxis->tickVectorLabels()[i];
    QVERIFY(screenTicks.size() >= 3);
    for (const QString& label : screenTicks) QVERIFY2(svg.contains(">" + label + "<"), qPrintable(label));
    const QRegularExpression endAnchored("text-anchor=\"end\">([^<]*)<");
    int yLabels = 0;
    for (auto m = endAnchored.globalMatch(svg); m.hasNext(); ++yLabels)
      QVERIFY2(screenTicks.contains(m.next().captured(1)), "a y label the screen does not show");
    QCOMPARE(yLabels, screenTicks.size());

    // The line: the screen's, its values the EMA's (with smoothing), not the raw ones.
    const QRegularExpression line("<polyline[^>]*stroke=\"#1f77b4\" points=\"([^\"]*)\"");
    const auto m = line.match(svg);
    QVERIFY(m.hasMatch());
    const auto& smooth = plot.smoothedValues(shown);
    double offSmooth = 0, offRaw = 0;
    int points = 0;
    for (const QString& pair : m.captured(1).split(' ', Qt::SkipEmptyParts)) {
      const QStringList xy = pair.split(',');
      const double x = plot.plot()->xAxis->pixelToCoord(xy[0].toDouble());
      const double y = yAxis->pixelToCoord(xy[1].toDouble());
      const size_t i = static_cast<size_t>(std::clamp(std::lround(x) - 1, 0L, 2999L));
      offSmooth += std::abs(y - smooth[i]), offRaw += std::abs(y - ys[i]);
      ++points;
    }
    QVERIFY(points > 10);
    if (smoothing > 0) {
      QVERIFY2(offSmooth < 0.5 * offRaw,
               qPrintable(QString("%1 from the EMA, %2 from the raw").arg(offSmooth).arg(offRaw)));
      QVERIFY2(offSmooth / points < 0.03 * (ys.front() - 0.005), "on the curve the screen draws");
    }
    QVERIFY(svg.contains("<path"));  // the raw curve as the screen's faint band
  }

  // Parallel coordinates: brushes by value (log axes too), by category, with the mouse
  // as a user drags; a click clears; brushes survive live data of the same axes.
  void parallelCoordinatesBrushFiltersTheTrials() {
    using trainscope::widgets::ParallelAxis, trainscope::widgets::ParallelLine;
    trainscope::widgets::ParallelCoordinates plot;
    plot.resize(600, 300);
    const QVector<ParallelAxis> axes = {{"lr", true, {}}, {"batch", false, {"32", "64", "128"}}, {"acc", false, {}}};
    QVector<ParallelLine> lines = {
        {0, {0.001, 0, 0.70}}, {1, {0.01, 1, 0.85}}, {2, {0.1, 2, 0.60}}, {3, {0.03, 1, NAN}, true}};
    plot.setData(axes, lines);
    QCOMPARE(plot.visibleIds().size(), 4);
    QSignalSpy changed(&plot, &trainscope::widgets::ParallelCoordinates::brushChanged);
    plot.setBrush(0, 0.005, 0.05);
    QCOMPARE(plot.visibleIds(), (QVector<int>{1, 3}));
    plot.setBrush(1, 1, 1);  // one category
    QCOMPARE(plot.visibleIds(), (QVector<int>{1, 3}));
    plot.setBrush(2, 0.8, 1.0);  // a missing metric is outside any brush of it
    QCOMPARE(plot.visibleIds(), (QVector<int>{1}));
    lines << ParallelLine{4, {0.02, 1, 0.9}};
    plot.setData(axes, lines);
    QCOMPARE(plot.visibleIds(), (QVector<int>{1, 4}));
    plot.clearBrushes();
    QCOMPARE(plot.visibleIds().size(), 5);
    QVERIFY(changed.count() >= 4);
    // With the mouse: a drag over the top half of the metric's axis (the right edge).
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    const int x = plot.width() - static_cast<int>(std::max(40.0, plot.fontMetrics().horizontalAdvance("0.000") * 1.2));
    QTest::mousePress(&plot, Qt::LeftButton, {}, QPoint(x, 2));
    QMouseEvent move(QEvent::MouseMove, QPointF(x, plot.height() / 2.0),
                     plot.mapToGlobal(QPointF(x, plot.height() / 2.0)), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&plot, &move);
    QTest::mouseRelease(&plot, Qt::LeftButton, {}, QPoint(x, plot.height() / 2));
    QVERIFY(plot.hasBrush());
    const QVector<int> top = plot.visibleIds();
    QVERIFY(top.contains(1) && top.contains(4) && !top.contains(0) && !top.contains(2));
    QTest::mouseClick(&plot, Qt::LeftButton, {}, QPoint(x, plot.height() / 2));
    QVERIFY(!plot.hasBrush());
    // One category: a drag across it keeps every line; a log axis with nothing yet draws no NaN.
    plot.setData({{"optimizer", false, {"adam"}}, {"lr", true, {}}}, {{0, {0, NAN}}, {1, {0, NAN}}});
    const int first = static_cast<int>(std::max(40.0, plot.fontMetrics().horizontalAdvance("0.000") * 1.2));
    // Across the category only (it sits in the middle of the axis).
    const int h = plot.fontMetrics().height();
    const int middle = static_cast<int>((h * 2.6 + plot.height() - h * 1.6) / 2);
    QTest::mousePress(&plot, Qt::LeftButton, {}, QPoint(first, middle - 10));
    QMouseEvent down(QEvent::MouseMove, QPointF(first, middle + 10.0), plot.mapToGlobal(QPointF(first, middle + 10.0)),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&plot, &down);
    QTest::mouseRelease(&plot, Qt::LeftButton, {}, QPoint(first, middle + 10));
    QVERIFY(plot.hasBrush());
    QCOMPARE(plot.visibleIds().size(), 2);
    QImage image(plot.size(), QImage::Format_ARGB32);
    plot.render(&image);  // paints without tripping over log(0)
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
