// The app as a workshop meets it (issue 12): every page fits a 1024x768 projector and
// nothing resizes the window by itself; stop says what it is doing; a new run starts
// from a clean page.
#include "app_under_test.h"
#include "readability.h"
#include "ui/compare/compare_page.h"
#include "ui/compare/leaderboard_dialog.h"
#include "ui/compare/run_differences.h"
#include "ui/data/data_page.h"
#include "ui/experiment/experiment_document.h"
#include "ui/inspect/inspect_page.h"
#include "ui/run/training_controller.h"
#include "ui/shell/main_window.h"
#include "ui/train/batch_step_dialog.h"
#include "ui/train/train_page.h"
#include "ui/translation.h"
#include "widgets/live_curve_plot.h"
#include "widgets/plot_theme.h"

#include <qcustomplot.h>

#include <QApplication>

#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QTabWidget>
#include <QTableWidget>
#include <filesystem>
#include <fstream>

#include <QProgressBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace trainscope;
using namespace trainscope::ui;

// The least plot area (pixels high) a room can read ticks and curves in at 1024x768.
constexpr int kReadablePlot = 140;

class ClassroomTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    const QString error = app_.create(this, "TrainscopeClassroomTests", tmp_.path() + "/runs");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    doc_ = app_.doc, controller_ = app_.controller, window_ = app_.window;
    doc_->set(field("dataset.train_subset"), 640);
    doc_->set(field("dataset.val_subset"), 200);
    doc_->set(field("epochs"), 1);
    window_->importLastOrDefaultDataset(QString());
    QTRY_VERIFY_WITH_TIMEOUT(doc_->dataset() != nullptr, 30000);
    window_->resize(1024, 740);
    window_->show();
    QVERIFY(QTest::qWaitForWindowExposed(window_));
  }

  void cleanupTestCase() { delete window_; }

  void beforeTheFirstRunTheAxesShowWhatWillCome() {
    const QCPRange y = window_->trainPage()->accuracyPlot()->plot()->yAxis->range();
    QCOMPARE(y.lower, 0.0);  // accuracy: 0..1, not QCustomPlot's -5..5
    QCOMPARE(y.upper, 1.0);
  }

  void everyPageFitsAProjectorAfterARun() {
    QString error;
    QVERIFY2(controller_->start(*doc_->config(), &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Finished, 120000);
    window_->comparePage()->setGuide("Lesson 1: Learning-rate schedules: constant, StepLR, cosine",
                                     QString("The same LeNet, the same data, three schedules. ").repeated(8));
    window_->comparePage()->selectRuns({controller_->runDir()});
    window_->inspectPage()->select("relu2", "activation");
    const QSize before = window_->size();
    for (int p = 0; p < MainWindow::PageCount; ++p) {
      window_->showPage(static_cast<MainWindow::Page>(p));
      QTest::qWait(300);
      const QSize hint = window_->page(static_cast<MainWindow::Page>(p))->minimumSizeHint();
      // The sidebar takes about 130 px, the menu and status bars about 60.
      QVERIFY2(hint.width() <= 1024 - 140 && hint.height() <= 768 - 90,
               qPrintable(QString("page %1 asks for %2x%3").arg(p).arg(hint.width()).arg(hint.height())));
    }
    QVERIFY2(
        window_->minimumSizeHint().width() <= 1024 && window_->minimumSizeHint().height() <= 740,
        qPrintable(QString("%1x%2").arg(window_->minimumSizeHint().width()).arg(window_->minimumSizeHint().height())));
    QCOMPARE(window_->size(), before);  // nothing resized the window by itself
  }

  void compareShowsTheResultsWithoutScrolling() {
    window_->showPage(MainWindow::Compare);
    QTableWidget* table = window_->comparePage()->runTable();
    QTRY_VERIFY(table->rowCount() > 0);
    for (const QString& header : {QString("Best val acc"), QString("Final val acc")}) {
      int column = -1;
      for (int c = 0; c < table->columnCount(); ++c)
        if (table->horizontalHeaderItem(c)->text() == header) column = c;
      QVERIFY(column >= 0);
      const int right = table->columnViewportPosition(column) + table->columnWidth(column);
      QVERIFY2(right <= table->viewport()->width(),
               qPrintable(QString("%1 ends at %2 of %3 px").arg(header).arg(right).arg(table->viewport()->width())));
    }
  }

  void aOneEpochCurveIsInsideItsAxesAndLegendsAreBesideThePlot() {
    // The run above had one epoch: its accuracy point must not sit on the frame.
    auto* plot = window_->trainPage()->accuracyPlot();
    window_->showPage(MainWindow::Train);
    plot->redraw();
    const QCPRange x = plot->plot()->xAxis->range();
    QVERIFY2(x.lower < 1.0 && x.upper > 1.0, qPrintable(QString("%1..%2").arg(x.lower).arg(x.upper)));
    const QCPRange y = plot->plot()->yAxis->range();
    const double acc = plot->values(1).front();
    QVERIFY(y.lower < acc && y.upper > acc);
    // Legends never cover curves: outside the axis rect, and not drawn when empty.
    for (auto* p : {window_->trainPage()->lossPlot(), plot, window_->trainPage()->lrPlot()}) {
      QCOMPARE(p->plot()->axisRect()->insetLayout()->elementCount(), 0);
      QVERIFY(!p->plot()->legend->outerRect().intersects(p->plot()->axisRect()->rect()));
    }
    widgets::LiveCurvePlot empty;
    empty.addSeries("one", {Qt::blue});
    empty.removeAllSeries();
    QCOMPARE(empty.plot()->plotLayout()->elementCount(), 1);  // the axis rect alone
  }

  void pauseSaysPausedAndTheLogSaysWhen() {
    doc_->set(field("epochs"), 20);
    TrainPage* train = window_->trainPage();
    train->start();
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Running && train->progressBar()->value() > 2, 30000);
    train->togglePause();
    QVERIFY(train->statusLabel()->text().startsWith("Pausing"));
    QVERIFY(!train->pauseButton()->isEnabled());  // until the pause has taken effect
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Paused, 30000);
    QTest::qWait(200);
    QVERIFY2(train->statusLabel()->text().startsWith("Paused at epoch"), qPrintable(train->statusLabel()->text()));
    QVERIFY2(train->speedLabel()->text().startsWith("paused") && !train->speedLabel()->text().contains("samples/s"),
             qPrintable(train->speedLabel()->text()));
    QTRY_VERIFY(train->log()->toPlainText().contains("paused after step"));
    QCOMPARE(train->pauseButton()->text(), QString("Resume"));
    train->togglePause();
    QTRY_VERIFY_WITH_TIMEOUT(train->log()->toPlainText().contains("resumed"), 10000);
  }

  void stepOneBatchShowsWhatTheNetworkSees() {
    TrainPage* train = window_->trainPage();
    QVERIFY(!train->stepButton()->isEnabled());  // only while paused
    train->togglePause();
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Paused, 30000);
    QTRY_VERIFY(train->stepButton()->isEnabled());
    const int stepBefore = train->progressBar()->value();
    train->stepButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(train->stepDialog() && train->stepDialog()->isVisible(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Paused, 30000);  // paused again
    QTRY_COMPARE(train->progressBar()->value(), stepBefore + 1);                // one step
    QCOMPARE(train->stepDialog()->layerRows(), 13);  // LeNet's 12 layers and the softmax, by class
    QVERIFY2(train->stepDialog()->summary()->text().contains("Label: <b>"),
             qPrintable(train->stepDialog()->summary()->text()));
    int pictures = 0;
    for (auto* l : train->stepDialog()->findChildren<QLabel*>())
      if (!l->pixmap().isNull()) ++pictures;
    QCOMPARE(pictures, 13);  // the input and every layer's output
    // The logits named: a bar per class (Fashion-MNIST's ten), each with its class's name.
    const auto bars = train->stepDialog()->findChildren<QProgressBar*>();
    QCOMPARE(bars.size(), 10);
    QString names;
    for (auto* l : train->stepDialog()->findChildren<QLabel*>()) names += l->text() + "|";
    for (const char* name : {"Ankle boot", "T-shirt/top", "Sneaker"}) QVERIFY2(names.contains(name), qPrintable(names));
    double total = 0;
    for (auto* bar : bars) total += bar->value();
    QVERIFY(std::abs(total - 1000) <= 10);  // probabilities, in thousandths
    train->stepDialog()->close();
  }

  void stopSaysSoAtOnceAndLeavesNoStaleEta() {
    TrainPage* train = window_->trainPage();
    QVERIFY(controller_->isActive());
    train->stop();
    // At once, before the step in flight has ended.
    QCOMPARE(train->statusLabel()->text(), QString("Stopping after this step…"));
    QVERIFY(!train->stopButton()->isEnabled());
    QVERIFY(!train->pauseButton()->isEnabled());
    QVERIFY(!train->speedLabel()->text().contains("ETA"));
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Stopped, 30000);
    QTest::qWait(100);
    QVERIFY2(train->statusLabel()->text() == "Stopped by request", qPrintable(train->statusLabel()->text()));
    QVERIFY2(!train->speedLabel()->text().contains("ETA") && !train->speedLabel()->text().contains("samples/s"),
             qPrintable(train->speedLabel()->text()));
    QCOMPARE(train->stopButton()->text(), QString("Stop"));
  }

  void aNewRunStartsFromACleanPage() {
    TrainPage* train = window_->trainPage();
    QVERIFY(train->lossPlot()->pointCount(train->stepSeries()) > 0);
    doc_->set(field("epochs"), 1);
    train->start();
    // Nothing of the stopped run: its status, speed, curves and axis ranges.
    QCOMPARE(train->statusLabel()->text(), QString("Starting…"));
    QVERIFY(train->speedLabel()->text().isEmpty());
    QCOMPARE(train->lossPlot()->pointCount(train->stepSeries()), 0);
    QCOMPARE(train->accuracyPlot()->plot()->yAxis->range().upper, 1.0);
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Finished, 60000);
  }

  // Lines that come while another page is shown still bring the log to its end; a user
  // who scrolled up keeps their place (issue 28).
  void theLogFollowsNewLinesUnlessScrolledUp() {
    TrainPage* train = window_->trainPage();
    QScrollBar* bar = train->log()->verticalScrollBar();
    doc_->set(field("epochs"), 25);
    window_->showPage(MainWindow::Train);
    train->start();
    window_->showPage(MainWindow::Compare);
    QTRY_VERIFY_WITH_TIMEOUT(!controller_->isActive(), 120000);
    window_->showPage(MainWindow::Train);
    QTRY_VERIFY(bar->maximum() > 0);
    QTRY_COMPARE(bar->value(), bar->maximum());
    train->start();
    QTRY_VERIFY_WITH_TIMEOUT(bar->maximum() > 5, 60000);  // more lines than the log shows
    bar->setValue(0);                                     // the user scrolls up to read
    QTRY_VERIFY_WITH_TIMEOUT(!controller_->isActive(), 120000);
    QVERIFY(bar->maximum() > 0);
    QCOMPARE(bar->value(), 0);
    bar->setValue(bar->maximum());  // and back to the end: it follows again
    doc_->set(field("epochs"), 1);
  }

  void theAugmentationPreviewSaysWhenNothingIsRandom() {
    // Fashion-MNIST's LeNet trains on the images as they are: nothing to re-roll.
    window_->showPage(MainWindow::Data);
    DataPage* data = window_->dataPage();
    data->findChild<QTabWidget*>()->setCurrentIndex(2);
    QTRY_COMPARE_WITH_TIMEOUT(data->previewCount(), 9, 20000);
    QPushButton* tryIt = data->tryAugmentationButton();
    QVERIFY(tryIt->isVisible());
    QPushButton* reroll = nullptr;
    for (auto* b : data->findChildren<QPushButton*>())
      if (b->text() == "Re-roll") reroll = b;
    QVERIFY(reroll && !reroll->isEnabled());
    tryIt->click();  // the standard augmentation, in one click
    QVERIFY(doc_->augmentation().enabled);
    QTRY_VERIFY(!tryIt->isVisible());
    QVERIFY(reroll->isEnabled());
    bool random = false;
    for (const auto& t : doc_->config()->train_transforms) random = random || t.name == "RandomResizedCrop";
    QVERIFY(random);
    ExperimentDocument::Augmentation off = doc_->augmentation();
    off.enabled = false;
    doc_->setAugmentation(off);
  }

  void presentationModeIsLargerAndStillFitsAProjector() {
    const double normal = QApplication::font().pointSizeF();
    const double tick = window_->trainPage()->lossPlot()->plot()->xAxis->tickLabelFont().pointSizeF();
    window_->setPresentationMode(true);
    QVERIFY(window_->presentationMode());
    QCOMPARE(QApplication::font().pointSizeF(), normal * widgets::kPresentationScale);
    QVERIFY(window_->trainPage()->lossPlot()->plot()->xAxis->tickLabelFont().pointSizeF() > tick);
    // Every curve of the loss plot (the smoothed training loss, the validation markers) twice as thick.
    QCustomPlot* lossPlot = window_->trainPage()->lossPlot()->plot();
    for (int i = 0; i < lossPlot->plottableCount(); ++i)
      QVERIFY2(lossPlot->plottable(i)->pen().widthF() >= 3.0 || lossPlot->plottable(i)->pen().widthF() == 0,
               qPrintable(lossPlot->plottable(i)->name()));
    const QSize before = window_->size();
    QString pages;  // for the message: the window's check is what counts (the sidebar grows too)
    for (int p = 0; p < MainWindow::PageCount; ++p) {
      window_->showPage(static_cast<MainWindow::Page>(p));
      QTest::qWait(200);
      const QSize hint = window_->page(static_cast<MainWindow::Page>(p))->minimumSizeHint();
      pages += QString(" %1:%2x%3").arg(p).arg(hint.width()).arg(hint.height());
    }
    const QSize window = window_->minimumSizeHint();
    QVERIFY2(window.width() <= 1024 && window.height() <= 740,
             qPrintable(QString("%1x%2; pages%3").arg(window.width()).arg(window.height()).arg(pages)));
    QCOMPARE(window_->size(), before);
    QVERIFY(QSettings().value("presentation").toBool());  // kept for the next start
    window_->setPresentationMode(false);
    QCOMPARE(QApplication::font().pointSizeF(), normal);
  }

  // From the back of a room: nothing cut, no plot squeezed, at 1024x768 (issue 28).
  void presentationModeLeavesEveryPageReadable() {
    window_->setPresentationMode(true);
    window_->resize(1024, 740);
    QStringList problems;
    for (int p = 0; p < MainWindow::PageCount; ++p) {
      window_->showPage(static_cast<MainWindow::Page>(p));
      QTest::qWait(400);
      for (const QString& problem : test::unreadable(window_->page(static_cast<MainWindow::Page>(p)), kReadablePlot))
        problems << QString("page %1: %2").arg(p).arg(problem);
      if (const QString shots = qEnvironmentVariable("TRAINSCOPE_TEST_SHOTS"); !shots.isEmpty())
        window_->grab().save(QString("%1/presentation-%2.png").arg(shots).arg(p));
    }
    window_->setPresentationMode(false);
    for (const QString& problem : problems) qWarning("%s", qPrintable(problem));
    QVERIFY2(problems.isEmpty(), qPrintable(QString("%1 unreadable places (above)").arg(problems.size())));
  }

  void englishPluralsReadNaturally() {
    QVERIFY(installTranslation(*qApp, "en"));  // as the app does at start
    auto threads = [](int n) {
      return QCoreApplication::translate("trainscope::ui::TrainPage", "Run folder: %1 · %2, %n thread(s)", nullptr, n)
          .arg("runs/x", "cpu");
    };
    QCOMPARE(threads(1), QString("Run folder: runs/x · cpu, 1 thread"));
    QCOMPARE(threads(2), QString("Run folder: runs/x · cpu, 2 threads"));
  }

  // File > Collect Runs…'s second half: the class's runs ticked on Compare under their
  // tag, the leaderboard a table, a damaged hand-in named with its reason.
  void aClassCollectionIsTickedAndRankedInATable() {
    const QString run = controller_->runDir();
    QVERIFY(!run.isEmpty());
    const std::filesystem::path handin = (tmp_.path() + "/handin").toStdString();
    for (const char* student : {"alice", "bob"}) {
      std::filesystem::create_directories(handin / student);
      std::filesystem::copy(run.toStdString(), handin / student / std::filesystem::path(run.toStdString()).filename(),
                            std::filesystem::copy_options::recursive);
    }
    std::filesystem::create_directories(handin / "carol" / "run");
    std::ofstream(handin / "carol" / "run" / "run.json") << "{ not json";
    const Collection c = collectRuns(handin.string(), window_->comparePage()->runsDir().toStdString());
    window_->showCollection(c);
    QStringList expected;
    for (const auto& r : c.runs)
      if (r.outcome == "collected") expected << QString::fromStdString(r.folder);
    QCOMPARE(expected.size(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(window_->comparePage()->selectedRuns().size() == 2, 20000);
    for (const QString& dir : expected) QVERIFY2(window_->comparePage()->selectedRuns().contains(dir), qPrintable(dir));
    LeaderboardDialog board(c, window_);
    QCOMPARE(board.table()->rowCount(), 2);
    QCOMPARE(board.table()->item(0, 1)->text() + board.table()->item(1, 1)->text(), QString("alicebob"));
    QVERIFY(board.table()->item(0, 3)->text().endsWith("%"));
    QString shown;
    for (auto* label : board.findChildren<QLabel*>()) shown += label->text();
    QVERIFY2(shown.contains("carol") && shown.contains("2 run"), qPrintable(shown));
  }

  void theDifferencesTableReadsLikeSettings() {
    QCOMPARE(RunDifferences::readable(30.0), QString("30"));
    QCOMPARE(RunDifferences::readable(0.001), QString("0.001"));
    QCOMPARE(RunDifferences::readable(nlohmann::json::array({0.9, 0.999})), QString("0.9, 0.999"));
    QCOMPARE(RunDifferences::readable(true), QString("yes"));
    const auto transforms =
        nlohmann::json::parse(R"([{"name":"Resize","size":[256]},{"name":"CenterCrop","size":[224]}])");
    QCOMPARE(RunDifferences::readable(transforms), QString("Resize 256 → CenterCrop 224"));
  }

 private:
  test::AppUnderTest app_;
  QTemporaryDir tmp_;
  ExperimentDocument* doc_ = nullptr;
  TrainingController* controller_ = nullptr;
  MainWindow* window_ = nullptr;
};

QTEST_MAIN(ClassroomTest)
#include "classroom_test.moc"
