// The app as a user drives it, offscreen: import a folder (with a corrupt file), read
// the class chart, break a field and see Start blocked, train a short run and watch
// the curves and progress, pause, resume, stop, find the run folder complete, and
// grab every page.
#include <QDir>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTextBrowser>
#include <QTreeWidget>
#include "app_under_test.h"
#include "engine/inspect/layer_health.h"
#include "menu_paths.h"
#include "ui/compare/compare_page.h"
#include "ui/compare/run_actions.h"
#include "ui/compare/run_differences.h"
#include "ui/data/data_page.h"
#include "ui/experiment/experiment_document.h"
#include "ui/experiment/experiment_form.h"
#include "ui/experiment/grid_dialog.h"
#include "ui/inspect/inspect_page.h"
#include "ui/lessons/lessons_page.h"
#include "ui/model/model_page.h"
#include "ui/run/cli_child.h"
#include "ui/run/run_queue.h"
#include "ui/run/training_controller.h"
#include "ui/shell/main_window.h"
#include "ui/shell/welcome_dialog.h"
#include "ui/system/system_page.h"
#include "ui/system/system_sampler.h"
#include "ui/train/train_page.h"
#include "ui/translation.h"
#include "widgets/class_chart.h"
#include "widgets/curve_export.h"
#include "widgets/distribution_heatmap.h"
#include "widgets/gauge.h"
#include "widgets/histogram_plot.h"
#include "widgets/image_grid.h"
#include "widgets/live_curve_plot.h"
#include "widgets/summary_table.h"

#include <opencv2/imgcodecs.hpp>

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace trainscope;
using namespace trainscope::ui;

namespace {
void writeImage(const QString& path, int w, int h, int value) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  cv::imwrite(path.toStdString(), cv::Mat(h, w, CV_8UC3, cv::Scalar(value, 255 - value, 100)));
}

// Distinct colours on a coarse grid of the picture: a blank page has one or two.
int distinctColours(const QImage& img) {
  QSet<QRgb> colours;
  for (int y = 0; y < img.height(); y += 7)
    for (int x = 0; x < img.width(); x += 7) colours.insert(img.pixel(x, y));
  return colours.size();
}
}  // namespace

class AppTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    const QString error = app_.create(this, "TrainscopeTests", tmp_.path() + "/runs");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    doc_ = app_.doc, controller_ = app_.controller, window_ = app_.window;
    window_->show();
    QVERIFY(QTest::qWaitForWindowExposed(window_));
  }

  void cleanupTestCase() { delete window_; }

  void importsAFolderAndListsTheCorruptFile() {
    const QString root = tmp_.path() + "/photos";
    for (int i = 0; i < 5; ++i) writeImage(root + QString("/cat/c%1.png").arg(i), 40 + i, 30, 20 * i);
    for (int i = 0; i < 3; ++i) writeImage(root + QString("/dog/d%1.jpg").arg(i), 50, 60 + i, 200 - 10 * i);
    std::ofstream(root.toStdString() + "/dog/corrupt.jpg", std::ios::binary)
        << std::string("\xFF\xD8\xFF\xE0", 4) << "not really";

    window_->showPage(MainWindow::Data);
    DataPage* data = window_->dataPage();
    data->importFolder(root);
    QTRY_VERIFY_WITH_TIMEOUT(!data->importing(), 20000);
    QCOMPARE(data->classChart()->classes(), QStringList({"cat", "dog"}));
    const auto train = data->classChart()->trainCounts(), val = data->classChart()->valCounts();
    QCOMPARE(train[0] + val[0], qint64(5));
    QCOMPARE(train[1] + val[1], qint64(3));
    QVERIFY(val[0] >= 1 && val[1] >= 1);  // a stratified split takes some of each class

    QTableWidget* skipped = data->skippedTable();
    QCOMPARE(skipped->rowCount(), 1);
    QVERIFY(skipped->item(0, 0)->text().endsWith("corrupt.jpg"));
    QVERIFY(skipped->item(0, 1)->text().contains("malformed JPEG header"));  // found by the scan, undecoded
    QVERIFY(data->statsLabel()->text().contains("Width min/median/max: 40 / 44 / 50"));

    QCOMPARE(data->grid()->itemCount(), static_cast<int>(train[0] + train[1]));
    QTRY_VERIFY(data->grid()->model()->loadedCount() > 0);  // thumbnails arrive from the pool
  }

  void previewsTheAugmentationAndComputesMeanStd() {
    DataPage* data = window_->dataPage();
    ExperimentDocument::Augmentation a;
    a.enabled = true;
    a.min_scale = 0.5;
    a.jitter = 0.3;
    doc_->setAugmentation(a);
    QVERIFY(doc_->isValid());
    data->findChild<QTabWidget*>()->setCurrentIndex(2);
    QTRY_COMPARE(data->previewCount(), 9);

    data->computeMeanStd();
    QTRY_VERIFY_WITH_TIMEOUT(data->normalizeLabel()->text().startsWith("Normalize set to"), 20000);
    const ExperimentConfig* cfg = doc_->config();
    QVERIFY2(cfg, qPrintable(doc_->problemText()));
    const auto& normalize = cfg->val_transforms.back();
    QCOMPARE(QString::fromStdString(normalize.name), QString("Normalize"));
    QVERIFY(normalize.mean[0] != 0.485);  // no longer ImageNet's
  }

  void anInvalidFieldBlocksStart() {
    importFashionMnist();
    window_->showPage(MainWindow::Model);
    auto* lr = qobject_cast<QLineEdit*>(window_->modelPage()->form()->editorFor(field("optimizer.lr")));
    QVERIFY(lr);
    TrainPage* train = window_->trainPage();
    QVERIFY(train->startButton()->isEnabled());
    lr->setFocus();
    lr->selectAll();
    QTest::keyClicks(lr, "-1");
    QVERIFY(!train->startButton()->isEnabled());
    QVERIFY(lr->styleSheet().contains("#ffd7d7"));
    QVERIFY(lr->toolTip().contains("must be &gt; 0") || lr->toolTip().contains("must be > 0"));
    QVERIFY(train->messageLabel()->text().contains("optimizer.lr"));
    QVERIFY(window_->modelPage()->problemsLabel()->text().contains("optimizer.lr"));
    lr->selectAll();
    QTest::keyClicks(lr, "0.003");
    QVERIFY(train->startButton()->isEnabled());
    QVERIFY(lr->styleSheet().isEmpty());
  }

  void summaryFollowsTheModel() {
    ModelPage* page = window_->modelPage();
    QTRY_VERIFY(!page->summaryPending());
    QTRY_COMPARE(page->summaryTable()->rowCount(), 12);  // LeNet
    // The summary follows the dataset too; the Fashion-MNIST import may still be on its way.
    QTRY_VERIFY_WITH_TIMEOUT(page->summaryTable()->totals().contains(QLocale().toString(61706)), 20000);
    doc_->set(field("model.name"), "mlp");
    QTRY_VERIFY(!page->summaryPending());
    QTRY_VERIFY(page->summaryTable()->cell(0, 1) == "Flatten");
    doc_->set(field("model.name"), "lenet");
    QTRY_COMPARE(page->summaryTable()->rowCount(), 12);
  }

  void trainsAShortRunAndTheCurvesMove() {
    doc_->set(field("epochs"), 1);
    doc_->set(field("dataset.train_subset"), 1024);
    doc_->set(field("dataset.val_subset"), 256);
    doc_->set(field("training.ema_decay"), 0.9);  // the average's curve beside the weights'
    TrainPage* train = window_->trainPage();
    QVERIFY(train->startButton()->isEnabled());
    QTest::mouseClick(train->startButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(train->lossPlot()->pointCount(train->stepSeries()) > 0, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Finished, 60000);
    QCOMPARE(train->lossPlot()->pointCount(train->stepSeries()), 16);  // 1024 / 64
    QCOMPARE(train->accuracyPlot()->pointCount(1), 1);                 // one epoch's validation
    QCOMPARE(train->accuracyPlot()->pointCount(train->averageAccuracySeries()), 1);
    QCOMPARE(train->progressBar()->value(), train->progressBar()->maximum());
    QVERIFY(QFileInfo::exists(controller_->runDir() + "/run.json"));
    QVERIFY(train->log()->toPlainText().contains("epoch 1/1"));
    QVERIFY(train->log()->toPlainText().contains("the weights' moving average: val loss"));
    doc_->set(field("training.ema_decay"), 0.0);
  }

  void pausesResumesAndStopsWithTheRecordIntact() {
    doc_->set(field("epochs"), 20);
    doc_->set(field("dataset.train_subset"), 8192);
    TrainPage* train = window_->trainPage();
    QTest::mouseClick(train->startButton(), Qt::LeftButton);
    auto points = [train] { return train->lossPlot()->pointCount(train->stepSeries()); };
    QTRY_VERIFY_WITH_TIMEOUT(points() > 3, 20000);
    QTest::mouseClick(train->pauseButton(), Qt::LeftButton);
    QTRY_VERIFY(controller_->state() == RunState::Paused);
    QCOMPARE(train->pauseButton()->text(), QString("Resume"));
    QTest::qWait(200);  // the last steps before the pause drain
    const int paused = points();
    QTest::qWait(400);
    QCOMPARE(points(), paused);
    QTest::mouseClick(train->pauseButton(), Qt::LeftButton);
    QTRY_VERIFY(points() > paused + 3);
    QTest::mouseClick(train->stopButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Stopped, 20000);
    QTRY_VERIFY(!controller_->isActive());
    QVERIFY(train->progressBar()->value() > 0);

    const QString dir = controller_->runDir();
    for (const char* f : {"run.json", "metrics.h5", "log.txt", "checkpoints/last.pt"})
      QVERIFY2(QFileInfo::exists(dir + "/" + f), f);
    QFile runJson(dir + "/run.json");
    QVERIFY(runJson.open(QIODevice::ReadOnly));
    QVERIFY(runJson.readAll().contains("\"status\": \"stopped\""));
  }

  void trainsOnTwoProcessesAndStopsThemTogether() {
    doc_->set(field("epochs"), 20);
    doc_->set(field("dataset.train_subset"), 8192);
    TrainPage* train = window_->trainPage();
    train->processesBox()->setValue(2);
    QTest::mouseClick(train->startButton(), Qt::LeftButton);
    auto points = [train] { return train->lossPlot()->pointCount(train->stepSeries()); };
    QTRY_VERIFY_WITH_TIMEOUT(points() > 3, 30000);
    QVERIFY(controller_->multiProcess());
    QVERIFY2(!train->pauseButton()->isEnabled(), "no pause for a run on several processes");
    QVERIFY(!train->processesBox()->isEnabled());
    QTest::mouseClick(train->stopButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Stopped, 30000);
    QTRY_VERIFY(!controller_->isActive());
    const QString dir = controller_->runDir();
    for (const char* f : {"run.json", "metrics.h5", "log.txt", "log.rank-1.txt", "checkpoints/last.pt"})
      QVERIFY2(QFileInfo::exists(dir + "/" + f), f);
    QFile runJson(dir + "/run.json");
    QVERIFY(runJson.open(QIODevice::ReadOnly));
    const QByteArray text = runJson.readAll();
    QVERIFY(text.contains("\"status\": \"stopped\""));
    QVERIFY(text.contains("\"world_size\": 2"));
    train->processesBox()->setValue(1);
  }

  void inspectShowsDistributionsGradientsAndHealthDuringARun() {
    doc_->set(field("epochs"), 1);
    doc_->set(field("dataset.train_subset"), 2048);  // 32 steps of 64
    doc_->set(field("dataset.val_subset"), 256);
    doc_->set(field("probes.histogram_every"), 4);
    window_->showPage(MainWindow::Inspect);
    InspectPage* inspect = window_->inspectPage();
    QTest::mouseClick(window_->trainPage()->startButton(), Qt::LeftButton);
    // Earlier tests' runs filled the page too: wait for this run's first samples.
    QTRY_VERIFY_WITH_TIMEOUT(inspect->saveButton()->isEnabled() && !inspect->history().empty(), 20000);
    // Saving tensors from the page while it trains: the next step lands in tensors.h5.
    inspect->select("fc1", "activation");
    inspect->saveButton()->menu()->actions().at(0)->trigger();  // "Selected layer, all kinds"
    QTRY_VERIFY_WITH_TIMEOUT(inspect->statusLabel()->text().startsWith("Saved 6 tensors of step"), 20000);
    // What the probes cost, live, against their budget.
    QTRY_VERIFY_WITH_TIMEOUT(inspect->probeCostLabel()->text().contains("of the step time (budget 3%)"), 20000);
    QVERIFY(QFileInfo::exists(controller_->runDir() + "/tensors.h5"));
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Finished, 60000);

    window_->showPage(MainWindow::Inspect);                   // Start switched to the Train page
    QCOMPARE(inspect->layerTree()->topLevelItemCount(), 12);  // LeNet's layers
    inspect->select("conv1", "activation");
    QCOMPARE(inspect->heatmap()->columnCount(), 8);                              // steps 4, 8, ..., 32
    QTRY_COMPARE(static_cast<int>(inspect->heatmap()->grid().steps.size()), 8);  // drawn once visible
    const auto& grid = inspect->heatmap()->grid();
    QCOMPARE(static_cast<int>(grid.steps.size()), 8);
    QCOMPARE(grid.steps.front(), 4.0);
    double mass = 0;
    for (double m : grid.mass.front()) mass += m;
    QCOMPARE(mass, 64.0 * 6 * 28 * 28);  // every element of conv1's output, resampled
    QVERIFY(inspect->latestHistogram()->barCount() == 64);
    QCOMPARE(inspect->statsPlot()->pointCount(0), 32);    // the mean at every step
    QCOMPARE(inspect->gradNormPlot()->seriesCount(), 5);  // conv1, conv2, fc1, fc2, fc3
    QCOMPARE(inspect->gradNormPlot()->pointCount(0), 32);
    QCOMPARE(inspect->healthTable()->rowCount(), 12);
    QVERIFY(inspect->healthTable()->item(1, 2)->text().endsWith("%"));  // relu1's dead units
    // The heatmap is drawn, not just computed.
    const QImage shot = inspect->heatmap()->grab().toImage();
    QVERIFY2(distinctColours(shot) > 20, "the heatmap looks blank");

    // Weights of a layer show its weight parameter.
    inspect->select("fc3", "weight_grad");
    QTRY_COMPARE(inspect->heatmap()->columnCount(), 8);
    QCOMPARE(inspect->statsPlot()->pointCount(0), 32);
  }

  void systemPageShowsRealGaugesAndSaysWhenThereIsNoGpu() {
    window_->showPage(MainWindow::System);
    SystemPage* system = window_->systemPage();
    QTRY_VERIFY_WITH_TIMEOUT(system->memoryGauge()->available(), 5000);
    QVERIFY(system->memoryGauge()->fraction() > 0 && system->memoryGauge()->fraction() < 1);
    QVERIFY(system->memoryGauge()->text().contains("MB") || system->memoryGauge()->text().contains("GB"));
    QVERIFY(window_->trainPage()->memoryGauge()->available());
    QTRY_VERIFY_WITH_TIMEOUT(system->resourcePlot()->pointCount(0) >= 2, 5000);  // one sample a second
    if (!system->gpuAllocatorGauge()->available()) {                             // a CPU build: no made-up numbers
      QVERIFY(system->gpuAllocatorGauge()->text().startsWith("no GPU"));
      QCOMPARE(system->gpuAllocatorGauge()->fraction(), 0.0);
      QVERIFY(system->gpuDeviceGauge()->text().startsWith("no GPU"));
    }
    // The environment check runs on first showing, off the GUI thread.
    QTRY_VERIFY_WITH_TIMEOUT(!system->checking(), 30000);
    const QString report = system->environmentReport()->toPlainText();
    QVERIFY2(report.contains("CUDA available:"), qPrintable(report));
    QVERIFY2(report.contains("GFLOP/s"), qPrintable(report));
    // NVML's gauges, loaded at run time: here without a driver they say why; with NVML's
    // stand-in (tests/engine/system/nvml_stand_in.cpp) they show its readings (the environment
    // check, which reads NVML too, has finished: no thread reads the environment meanwhile).
    if (!system->gpuUseGauge()->available())  // no driver, or one without a GPU: it says why
      QVERIFY2(!system->gpuUseGauge()->text().isEmpty() && system->gpuUseGauge()->fraction() == 0.0,
               qPrintable(system->gpuUseGauge()->text()));
    qputenv("TRAINSCOPE_NVML_LIBRARY", TRAINSCOPE_NVML_STAND_IN);
    window_->systemSampler()->sampleNow();
    qunsetenv("TRAINSCOPE_NVML_LIBRARY");
    QCOMPARE(system->gpuUseGauge()->text(), QString("42% on Stand-in GPU, 55 °C"));
    QCOMPARE(system->gpuUseGauge()->fraction(), 0.42);
    QCOMPARE(system->gpuPowerGauge()->text(), QString("123 W, no power limit reported"));  // the stand-in's
    // The earlier runs' steps: samples/s and data wait per step.
    QVERIFY(system->throughputPlot()->pointCount(0) > 0);
  }

  void compareListsRunsOverlaysThemAndExportsEveryPoint() {
    const QString runs = tmp_.path() + "/runs";
    QDir().mkpath(runs + "/broken-run");
    QFile bad(runs + "/broken-run/run.json");
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{ not json");
    bad.close();
    window_->showPage(MainWindow::Compare);
    ComparePage* compare = window_->comparePage();
    QCOMPARE(compare->runsDir(), runs);
    compare->reload();
    QVERIFY(compare->reading());  // off the GUI thread
    QTRY_VERIFY(!compare->reading());
    const int listed = static_cast<int>(compare->runs().size());
    QVERIFY2(listed >= 4, "the earlier tests' runs and the damaged one");
    QCOMPARE(compare->runTable()->rowCount(), listed);
    bool damagedListed = false;
    for (const auto& r : compare->runs()) damagedListed |= r.status == "damaged" && r.id == "broken-run";
    QVERIFY(damagedListed);

    // Tick every finished run: one curve each, in its own colour, every step.
    QStringList finished;
    int64_t steps = 0;
    for (const auto& r : compare->runs())
      if (r.status == "finished") finished << QString::fromStdString(r.dir), steps += r.steps;
    QVERIFY(finished.size() >= 2);
    compare->selectRuns(finished);
    QTRY_VERIFY(!compare->reading());
    compare->setMetric("loss");
    compare->setXAxis("step");
    QTRY_VERIFY(!compare->reading());  // the plot is prepared off the GUI thread
    const auto series = compare->plottedSeries();
    QCOMPARE(static_cast<int>(series.size()), finished.size());
    QVERIFY(series[0].color != series[1].color);
    QCOMPARE(compare->plot()->seriesCount(), finished.size());
    size_t points = 0;
    for (const auto& s : series) points += s.xs.size();
    QCOMPARE(static_cast<int64_t>(points), steps);

    const QString csv = tmp_.path() + "/compare.csv";
    QString error;
    QVERIFY2(compare->exportCsv(csv, &error), qPrintable(error));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines.front(), QByteArray("run,step,loss"));
    QCOMPARE(static_cast<size_t>(lines.size() - 1), points);  // every point, not a sample
    for (const char* ext : {"png", "svg", "pdf"}) {
      const QString image = tmp_.path() + "/compare." + ext;
      QVERIFY2(compare->exportImage(image, &error), qPrintable(error));
      QVERIFY(QFileInfo(image).size() > 500);
    }
    QFile svg(tmp_.path() + "/compare.svg");
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("<polyline"));

    // The differences table lists only what differs, plus results.
    QVERIFY(compare->differenceTable()->rowCount() == finished.size());
    // A baseline: the other runs' results also as differences from its, in points.
    RunDifferences* diff = compare->differenceTable();
    const int plain = diff->columnCount();
    compare->setBaseline(finished[0]);
    QCOMPARE(diff->rowCount(), finished.size());
    QCOMPARE(diff->columnCount(), plain + 2);
    QCOMPARE(diff->horizontalHeaderItem(plain + 1)->text(), QString("Δ final (points)"));
    QVERIFY(diff->item(0, 0)->text().endsWith("(baseline)"));
    QCOMPARE(diff->item(0, plain + 1)->text(), QString("baseline"));
    const auto entry = [&](const QString& dir) {
      return *std::find_if(compare->runs().begin(), compare->runs().end(),
                           [&](const RunEntry& r) { return QString::fromStdString(r.dir) == dir; });
    };
    const double delta = (entry(finished[1]).final_val_accuracy - entry(finished[0]).final_val_accuracy) * 100;
    QCOMPARE(diff->item(1, plain + 1)->text(), (delta > 0 ? "+" : "") + QLocale().toString(delta, 'f', 2));
    compare->setBaseline({});
    QCOMPARE(diff->columnCount(), plain);
    // Legend toggles hide a run's curve; the live refresh (every 2 s) keeps it hidden.
    compare->plot()->setSeriesVisible(0, false);
    QVERIFY(!compare->plot()->seriesVisible(0));
    QTest::qWait(2500);
    QCOMPARE(compare->plot()->seriesCount(), finished.size());
    QVERIFY(!compare->plot()->seriesVisible(0));
    compare->plot()->setSeriesVisible(0, true);
    // Filtering the table by text.
    compare->setFilter("broken");
    QCOMPARE(compare->runTable()->rowCount(), 1);
    compare->setFilter("");
  }

  void aGridQueuesEveryCombinationTwoAtATimeAndComparesThem() {
    doc_->set(field("epochs"), 1);
    doc_->set(field("dataset.train_subset"), 256);
    doc_->set(field("dataset.val_subset"), 64);
    GridDialog dialog(doc_->json(), window_);
    dialog.setAxis(0, "optimizer.lr", "0.01, 0.003");
    dialog.setAxis(1, "seed", "1, 2");
    QVERIFY(dialog.expand());
    QCOMPARE(dialog.runs().size(), size_t(4));
    dialog.setAxis(1, "optimizer.lr", "-1");
    QVERIFY(!dialog.expand());  // a grid that is not an experiment says why
    dialog.setAxis(1, "seed", "1, 2");
    QVERIFY(dialog.expand());

    QVERIFY2(!CliChild::cliPath().isEmpty(), "trainscope-cli next to the tests");
    QSignalSpy ended(window_->runQueue(), &RunQueue::runEnded);
    window_->queueGrid(dialog.runs(), /*twoAtOnce=*/true);
    QCOMPARE(window_->runQueue()->parallel(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(window_->runQueue()->running() == 2, 10000);  // two at once
    QLabel* queue = window_->trainPage()->queueLabel();
    // The Train page no longer shows the last run as if it were current.
    QVERIFY2(window_->trainPage()->statusLabel()->text().startsWith("Grid trains in the background"),
             qPrintable(window_->trainPage()->statusLabel()->text()));
    QCOMPARE(window_->trainPage()->lossPlot()->pointCount(window_->trainPage()->stepSeries()), 0);
    QVERIFY2(queue->text().startsWith("Grid: 0 of 4 runs done"), qPrintable(queue->text()));  // on the Train page
    QTRY_VERIFY_WITH_TIMEOUT(window_->runQueue()->idle(), 120000);
    QCOMPARE(ended.count(), 4);
    QTRY_COMPARE(queue->text(), QString("Grid finished: all 4 runs are on the Compare page."));
    for (const auto& args : ended) QCOMPARE(args.at(2).toInt(), 0);  // exit codes

    ComparePage* compare = window_->comparePage();
    compare->reload();
    QTRY_VERIFY(!compare->reading());
    QCOMPARE(compare->selectedRuns().size(), 4);  // the comparison opened with the grid's runs
    QTRY_COMPARE(static_cast<int>(compare->plottedSeries().size()), 4);
    for (const auto& dir : compare->selectedRuns())
      QCOMPARE(QString::fromStdString(readRunEntry(dir.toStdString()).status), QString("finished"));
  }

  void lessonsAreListedInBothLanguages() {
    LessonsPage* lessons = window_->lessonsPage();
    QCOMPARE(static_cast<int>(lessons->lessons().size()), 13);
    QCOMPARE(lessons->list()->count(), 13);
    QVERIFY(lessons->list()->item(1)->text().contains("zero_grad"));
    lessons->list()->setCurrentRow(1);
    QVERIFY(lessons->explanation()->toPlainText().contains("optimizer.zero_grad()"));
    lessons->setLanguage("zh_CN");
    QVERIFY(lessons->list()->item(0)->text().contains(QString::fromUtf8("学习率")));
    QVERIFY(lessons->explanation()->toPlainText().contains(QString::fromUtf8("梯度")));
    lessons->setLanguage("en");
  }

  void theWelcomeOnFirstStartPointsAtTheLessonsAndTheRunsFolder() {
    QVERIFY(WelcomeDialog::firstStart());  // the settings were cleared: a first start
    window_->showPage(MainWindow::Data);
    window_->showWelcome();
    auto* welcome = window_->findChild<WelcomeDialog*>();
    QVERIFY(welcome && welcome->isVisible());
    QVERIFY(!WelcomeDialog::firstStart());  // once only
    QVERIFY(welcome->findChild<QLabel*>()->text().contains(window_->comparePage()->runsDir().toHtmlEscaped()));
    QTest::mouseClick(welcome->lessonsButton(), Qt::LeftButton);
    QCOMPARE(window_->pages()->currentWidget(), window_->page(MainWindow::Lessons));
    QTRY_VERIFY(!window_->findChild<WelcomeDialog*>());  // closed and gone
  }

  void aLessonOpensItsComparisonWithItsExplanation() {
    LessonsPage* lessons = window_->lessonsPage();
    doc_->set(field("runs_dir"), (tmp_.path() + "/lesson-runs").toStdString());
    lessons->setRunsDir(tmp_.path() + "/lesson-runs");
    QSignalSpy ended(window_->runQueue(), &RunQueue::runEnded);
    lessons->runLesson(7);  // lesson 8: three short runs
    QCOMPARE(window_->pages()->currentIndex(), int(MainWindow::Compare));
    ComparePage* compare = window_->comparePage();
    QVERIFY(compare->guideText().contains("Lesson 8"));
    QVERIFY(compare->guideText().contains("seed"));
    QTRY_VERIFY_WITH_TIMEOUT(window_->runQueue()->idle(), 120000);
    QCOMPARE(ended.count(), 3);
    compare->reload();
    QTRY_VERIFY(!compare->reading());
    QCOMPARE(compare->selectedRuns().size(), 3);
    const auto series = compare->plottedSeries();
    QCOMPARE(static_cast<int>(series.size()), 3);
    // Lesson 8's point, on the plot: the two seed-1 runs draw the same curve.
    int same = 0;
    for (size_t a = 0; a < series.size(); ++a)
      for (size_t b = a + 1; b < series.size(); ++b) same += series[a].ys == series[b].ys;
    QCOMPARE(same, 1);
    doc_->set(field("runs_dir"), (tmp_.path() + "/runs").toStdString());
  }

  // Lesson 6's first run diverges: the queue's report names the step, what went wrong,
  // the first bad layer and the file with the evidence, on the Train page and in the
  // lesson's guide, not "see the status bar" (issue 28).
  void aLessonRunTheNanGuardStoppedSaysWhereAndWhy() {
    LessonsPage* lessons = window_->lessonsPage();
    doc_->set(field("runs_dir"), (tmp_.path() + "/lesson-runs").toStdString());
    lessons->setRunsDir(tmp_.path() + "/lesson-runs");
    QSignalSpy finished(window_->runQueue(), &RunQueue::batchFinished);
    lessons->runLesson(5);  // lesson 6: a learning rate too high
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 180000);
    QVERIFY(finished.at(0).at(1).toInt() >= 1);  // at least the diverging run ended early
    const QString report = window_->trainPage()->queueLabel()->text();
    QVERIFY2(report.contains("ended early:") && !report.contains("status bar"), qPrintable(report));
    QVERIFY2(report.contains("lr-2: the NaN guard stopped it. At step"), qPrintable(report));
    QVERIFY2(report.contains(".h5"), qPrintable(report));  // where the evidence is
    const QString guide = window_->comparePage()->guideText();
    QVERIFY2(guide.contains("the NaN guard stopped it"), qPrintable(guide));
    doc_->set(field("runs_dir"), (tmp_.path() + "/runs").toStdString());
  }

  void theInterfaceSpeaksChinese() {
    QVERIFY(installTranslation(*qApp, "zh_CN"));
    {
      ExperimentDocument doc;
      TrainingController controller;
      MainWindow window(&doc, &controller);
      window.setConfirmClose(false);
      QCOMPARE(window.windowTitle(), QString("Trainscope"));
      QCOMPARE(window.trainPage()->startButton()->text().contains("Start"), false);
      QCOMPARE(window.inspectPage()->saveButton()->text(), QString::fromUtf8("保存张量"));
      QCOMPARE(window.lessonsPage()->runButton()->text(), QString::fromUtf8("运行本课"));
      QCOMPARE(window.systemPage()->checkButton()->text().contains("Run check"), false);
      QVERIFY(window.menuBar()->actions().at(0)->text().contains(QString::fromUtf8("文件")));
      QVERIFY(window.comparePage()->runTable()->horizontalHeaderItem(1)->text() != "Run");
    }
    QVERIFY(installTranslation(*qApp, "en"));
  }

  void healthFlagsFromTheEngineAreTranslated() {
    // The flags are engine messages (engine/inspect/layer_health.h); the app shows them in its language.
    QVERIFY(translated(flagName(HealthFlag::Dead)) == "dead units");
    QVERIFY(translated(explain(HealthFlag::Dead)).contains("More than 50% of this ReLU"));
    QVERIFY(installTranslation(*qApp, "zh_CN"));
    const QString name = translated(flagName(HealthFlag::Dead)), why = translated(explain(HealthFlag::Dead));
    const QString deleteRun = RunActions::tr("Delete run");  // a context of its own, outside any page
    QVERIFY(installTranslation(*qApp, "en"));
    QVERIFY2(name != "dead units" && !name.isEmpty(), qPrintable(name));
    QVERIFY2(why.contains("50%") && !why.contains("More than"), qPrintable(why));
    QVERIFY2(deleteRun != "Delete run", qPrintable(deleteRun));
  }

  void everyPageRendersSomething() {
    for (int p = 0; p < MainWindow::PageCount; ++p) {
      window_->showPage(static_cast<MainWindow::Page>(p));
      QTest::qWait(100);
      const QImage shot = window_->page(static_cast<MainWindow::Page>(p))->grab().toImage();
      QVERIFY(!shot.isNull());
      QVERIFY2(distinctColours(shot) > 8, qPrintable(QString("page %1 looks blank").arg(p)));
      shot.save(tmp_.path() + QString("/page%1.png").arg(p));
    }
  }

  void openingAnExperimentKeepsItsOwnTransforms() {
    QVERIFY(window_->openExperiment(TRAINSCOPE_SOURCE_DIR "/resources/experiments/fashion_resnet18.json"));
    QTRY_VERIFY_WITH_TIMEOUT(!window_->dataPage()->importing() && doc_->dataset(), 20000);
    const ExperimentConfig* cfg = doc_->config();
    QVERIFY(cfg);
    QCOMPARE(cfg->train_transforms.size(), size_t(3));
    QCOMPARE(QString::fromStdString(cfg->train_transforms[0].name), QString("RandomHorizontalFlip"));
    QCOMPARE(QString::fromStdString(cfg->model.name), QString("resnet18"));
  }

  void aHandWrittenExperimentWithWrongTypesIsReportedNotFatal() {
    const QString path = tmp_.path() + "/odd.json";
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"dataset": "fashion-mnist", "optimizer": "adam", "epochs": 1})");
    f.close();
    QVERIFY(window_->openExperiment(path));  // imports Fashion-MNIST: the kind cannot be read
    QVERIFY(!doc_->isValid());
    QVERIFY(doc_->problemText().contains("optimizer: must be an object"));
    QVERIFY(!window_->trainPage()->startButton()->isEnabled());
    auto* lr = qobject_cast<QLineEdit*>(window_->modelPage()->form()->editorFor(field("optimizer.lr")));
    lr->setFocus();
    lr->selectAll();
    QTest::keyClicks(lr, "0.01");  // editing a field inside the bad section repairs it
    QVERIFY(!doc_->problemText().contains("optimizer: must be an object"));
    nlohmann::json repaired = doc_->json();
    repaired["dataset"] = nlohmann::json::object();
    doc_->setJson(repaired);
    QTRY_VERIFY_WITH_TIMEOUT(!window_->dataPage()->importing(), 20000);
    QVERIFY2(doc_->isValid(), qPrintable(doc_->problemText()));
  }

  void anExperimentWhoseFolderIsGoneLoadsNoDataset() {
    const QString path = tmp_.path() + "/gone.json";
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QString(R"({"dataset": {"kind": "image-folder", "root": "%1/nowhere"}})").arg(tmp_.path()).toUtf8());
    f.close();
    QVERIFY(window_->openExperiment(path));
    QTRY_VERIFY_WITH_TIMEOUT(!window_->dataPage()->importing(), 20000);
    QVERIFY(!doc_->dataset());
    QVERIFY(!window_->trainPage()->startButton()->isEnabled());
    QVERIFY(window_->trainPage()->messageLabel()->text().contains("Import a dataset"));
    QVERIFY(window_->openExperiment(TRAINSCOPE_SOURCE_DIR "/resources/experiments/fashion_lenet.json"));
    QTRY_VERIFY_WITH_TIMEOUT(doc_->dataset() != nullptr, 20000);
    doc_->set(field("runs_dir"), (tmp_.path() + "/runs").toStdString());
    doc_->set(field("dataset.train_subset"), 8192);
  }

  // The menu paths the README and the docs name exist in the app, as written (issue 28).
  void theMenuPathsTheDocsNameExist() {
    int walked = 0;
    QStringList wrong;
    QStringList files{TRAINSCOPE_SOURCE_DIR "/README.md"};
    for (const QString& doc : QDir(TRAINSCOPE_SOURCE_DIR "/docs").entryList({"*.md"}))
      files << QString(TRAINSCOPE_SOURCE_DIR "/docs/") + doc;
    for (const QString& file : files)
      for (const QStringList& path : test::menuPathsIn(file)) {
        ++walked;
        if (const QString why = test::walkMenuPath(window_, path); !why.isEmpty())
          wrong << QFileInfo(file).fileName() + ": " + path.join(" ▸ ") + ": " + why;
      }
    QVERIFY2(walked >= 8, qPrintable(QString("only %1 paths found").arg(walked)));
    QVERIFY2(wrong.isEmpty(), qPrintable("\n" + wrong.join("\n")));
    // And it can fail: a path the app does not have.
    QVERIFY(!test::walkMenuPath(window_, {"Model", "Export"}).isEmpty());
    QVERIFY(!test::walkMenuPath(window_, {"Run", "Resume Last Run", "Now"}).isEmpty());
  }

  // Runs damaged every way beside the good ones (issue 29; tests/cli/damage_run.py):
  // all listed, the good ones still there, ticking everything plots the good ones and
  // never crashes or freezes the page.
  void damagedRunsNeverHideTheOthersOnCompare() {
    ComparePage* compare = window_->comparePage();
    window_->showPage(MainWindow::Compare);
    compare->reload();
    QTRY_VERIFY(!compare->reading());
    QString good;
    for (const auto& r : compare->runs())
      if (r.status == "finished") good = QString::fromStdString(r.dir);
    QVERIFY(!good.isEmpty());
    const int before = static_cast<int>(compare->runs().size());
    const QStringList damages{"run-json-fifo",   "run-json-loop",     "run-json-deep",
                              "metrics-2d-loss", "metrics-bit-flips", "metrics-fifo"};
    for (const QString& damage : damages) {
      const QString copy = compare->runsDir() + "/zz-" + damage;
      QVERIFY(QProcess::execute("cp", {"-r", good, copy}) == 0);
      QCOMPARE(QProcess::execute("/usr/bin/python3", {TRAINSCOPE_SOURCE_DIR "/tests/cli/damage_run.py", copy, damage}),
               0);
    }
    compare->reload();
    QTRY_VERIFY_WITH_TIMEOUT(!compare->reading(), 20000);
    QCOMPARE(static_cast<int>(compare->runs().size()), before + static_cast<int>(damages.size()));
    QStringList all;
    for (const auto& r : compare->runs()) all << QString::fromStdString(r.dir);
    compare->selectRuns(all);
    QTRY_VERIFY_WITH_TIMEOUT(!compare->reading(), 20000);
    compare->setMetric("loss");
    QTRY_VERIFY_WITH_TIMEOUT(!compare->reading(), 20000);
    QVERIFY(compare->plot()->seriesCount() >= 2);  // the good runs' curves
    for (const QString& damage : damages) QDir(compare->runsDir() + "/zz-" + damage).removeRecursively();
  }

  // A PyTorch script's run (issue 30), followed live: the Train page draws its steps
  // as they are flushed, Stop is Stop following, and Compare offers its own metric.
  void aScriptsRunIsFollowedLiveAndItsOwnMetricsCompared() {
    QProcess script;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("PYTHONPATH", TRAINSCOPE_PYTHON_PACKAGE);
    script.setProcessEnvironment(env);
    script.start("/usr/bin/python3", {"-c", R"(
import sys, time, torch, trainscope
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
with trainscope.init(name="followed", runs_dir=sys.argv[1]) as run:
    print(run.folder, flush=True)
    trainscope.watch(model, log_every=10)
    for step in range(1, 301):
        loss = model(torch.randn(16, 4)).logsumexp(1).mean()
        loss.backward()
        trainscope.log({"loss": loss.item(), "custom/metric": step * 0.5}, step=step)
        if step % 100 == 0:
            trainscope.log_epoch({"val_loss": 1.0 / step, "val_accuracy": step / 300}, epoch=step // 100)
        time.sleep(0.04)  # about 12 s: followed while it trains, even on a slow machine
)",
                                      window_->comparePage()->runsDir()});
    QVERIFY(script.waitForReadyRead(30000));
    const QString folder = QString::fromUtf8(script.readLine()).trimmed();
    window_->followRun(folder);
    TrainPage* train = window_->trainPage();
    QTRY_VERIFY_WITH_TIMEOUT(controller_->following(), 5000);
    QCOMPARE(train->stopButton()->text(), QString("Stop following"));
    QTRY_VERIFY_WITH_TIMEOUT(train->lossPlot()->pointCount(train->stepSeries()) > 20, 15000);
    QVERIFY(script.state() == QProcess::Running);  // shown while it trains
    QVERIFY(script.waitForFinished(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!controller_->isActive(), 10000);  // the run's end ends the following
    QCOMPARE(train->lossPlot()->pointCount(train->stepSeries()), 300);

    ComparePage* compare = window_->comparePage();
    window_->showPage(MainWindow::Compare);
    compare->reload();
    QTRY_VERIFY_WITH_TIMEOUT(!compare->reading(), 20000);
    compare->selectRuns({folder});
    QTRY_VERIFY_WITH_TIMEOUT(!compare->reading(), 20000);
    compare->setMetric("custom/metric");
    QTRY_VERIFY_WITH_TIMEOUT(!compare->reading(), 20000);
    QCOMPARE(compare->plot()->seriesCount(), 1);
  }

  void closingDuringTrainingStopsTheRunCleanly() {
    doc_->set(field("epochs"), 50);
    TrainPage* train = window_->trainPage();
    QTest::mouseClick(train->startButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(train->lossPlot()->pointCount(train->stepSeries()) > 0, 20000);
    const QString dir = controller_->runDir();
    // The close waits for the step in flight, saying so, and never blocks the GUI.
    QVERIFY(!window_->close());
    QVERIFY(window_->closingAfterStop());
    QCOMPARE(train->statusLabel()->text(), QString("Stopping after this step…"));
    QTRY_VERIFY_WITH_TIMEOUT(!window_->isVisible(), 30000);
    QVERIFY(!controller_->isActive());
    QFile runJson(dir + "/run.json");
    QVERIFY(runJson.open(QIODevice::ReadOnly));
    QVERIFY(runJson.readAll().contains("\"status\": \"stopped\""));
  }

 private:
  void importFashionMnist() {
    window_->dataPage()->importFashionMnist();
    QTRY_VERIFY_WITH_TIMEOUT(!window_->dataPage()->importing(), 20000);
    QCOMPARE(window_->dataPage()->classChart()->classes().size(), 10);
  }

  test::AppUnderTest app_;
  QTemporaryDir tmp_;
  ExperimentDocument* doc_ = nullptr;
  TrainingController* controller_ = nullptr;
  MainWindow* window_ = nullptr;
};

QTEST_MAIN(AppTest)
#include "app_test.moc"
