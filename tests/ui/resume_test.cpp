// A stopped run resumed from the app as a user would (issue 28): from the Train page
// after a stop, with more epochs once it has finished, from the Compare page's run
// menu, and after the app was closed on it. The run goes on in its own folder: its
// curves come back from the record and continue, every step once.
#include "app_under_test.h"
#include "ui/compare/compare_page.h"
#include "ui/model/model_page.h"
#include "ui/run/training_controller.h"
#include "ui/shell/main_window.h"
#include "ui/train/resume_banner.h"
#include "ui/train/train_page.h"
#include "widgets/live_curve_plot.h"

#include <nlohmann/json.hpp>

#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace trainscope;
using namespace trainscope::ui;

namespace {
constexpr int kStepsPerEpoch = 16;  // 1,024 images, batches of 64

nlohmann::json runJson(const QString& dir) {
  QFile f(dir + "/run.json");
  if (!f.open(QIODevice::ReadOnly)) return {};
  return nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
}
}  // namespace

class ResumeTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    const QString error = app_.create(this, "TrainscopeResumeTests", tmp_.path() + "/runs");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    doc_ = app_.doc, controller_ = app_.controller, window_ = app_.window;
    doc_->set(field("dataset.train_subset"), 1024);
    doc_->set(field("dataset.val_subset"), 256);
    doc_->set(field("epochs"), 3);
    window_->importLastOrDefaultDataset(QString());
    QTRY_VERIFY_WITH_TIMEOUT(doc_->dataset() != nullptr, 30000);
    window_->show();
    QVERIFY(QTest::qWaitForWindowExposed(window_));
  }

  void cleanupTestCase() { delete window_; }

  // Stop mid-run; the Train page offers Resume; the run finishes in the same folder,
  // its loss curve step 1 to the last, each step once.
  void aStoppedRunResumesFromTheTrainPage() {
    TrainPage* train = window_->trainPage();
    const QString dir = startAndStop(kStepsPerEpoch + 3);
    QVERIFY(!dir.isEmpty());
    QTRY_VERIFY(train->resumeBanner()->isVisible());
    QVERIFY(train->resumeBanner()->resumeButton()->isVisible());
    QVERIFY2(train->resumeBanner()->text()->text().contains("stopped after"),
             qPrintable(train->resumeBanner()->text()->text()));
    QTest::mouseClick(train->resumeBanner()->resumeButton(), Qt::LeftButton);
    QVERIFY(controller_->isActive());
    QVERIFY(!train->resumeBanner()->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Finished, 60000);
    QCOMPARE(controller_->runDir(), dir);
    expectWholeCurves(3);
    const nlohmann::json run = runJson(dir);
    QCOMPARE(QString::fromStdString(run.value("status", "")), QString("finished"));
    QCOMPARE(static_cast<int>(run["resumes"].size()), 1);
  }

  // A finished run offers more epochs only; they continue the same curves.
  void aFinishedRunTrainsFurtherWithMoreEpochs() {
    TrainPage* train = window_->trainPage();
    const QString dir = controller_->runDir();
    QTRY_VERIFY(train->resumeBanner()->isVisible());
    QVERIFY(!train->resumeBanner()->resumeButton()->isVisible());
    QVERIFY(train->resumeBanner()->moreButton()->isVisible());
    train->resumeRun(dir, 4);  // what the dialog's answer does
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Finished, 60000);
    expectWholeCurves(4);
    QCOMPARE(runJson(dir)["config"]["epochs"].get<int>(), 4);
  }

  // The Compare page's run menu: Resume only for a run that can, and it runs in the window.
  void theCompareMenuResumesAStoppedRun() {
    const QString finished = controller_->runDir();
    const QString stopped = startAndStop(5);
    QVERIFY(!stopped.isEmpty());
    ComparePage* compare = window_->comparePage();
    window_->showPage(MainWindow::Compare);
    compare->reload();
    QTRY_VERIFY(!compare->reading());
    QAction* resume = action(compare->runMenu(), "Resume");
    QAction* more = action(compare->runMenu(), "Resume with more epochs…");
    QVERIFY(resume && more);
    selectRun(compare, finished);
    emit compare->runMenu()->aboutToShow();
    QVERIFY(!resume->isEnabled());
    QVERIFY(more->isEnabled());
    selectRun(compare, stopped);
    emit compare->runMenu()->aboutToShow();
    QVERIFY(resume->isEnabled());
    resume->trigger();
    QTRY_VERIFY(controller_->isActive());
    QCOMPARE(window_->pages()->currentWidget(), window_->page(MainWindow::Train));
    QTRY_VERIFY_WITH_TIMEOUT(controller_->state() == RunState::Finished, 60000);
    QCOMPARE(controller_->runDir(), stopped);
    expectWholeCurves(3);
  }

  // The app closed during a run: the next start shows where it stood and offers Resume.
  void theNextStartOffersTheRunTheAppWasClosedOn() {
    const QString dir = startAndStop(20);
    QVERIFY(!dir.isEmpty());
    QCOMPARE(QSettings().value("lastRun").toString(), dir);
    const int recorded = runJson(dir).value("steps", 0);
    QVERIFY(recorded >= 20);
    TrainingController controller;
    MainWindow next(doc_, &controller);
    next.setConfirmClose(false);
    TrainPage* train = next.trainPage();
    QTRY_VERIFY(train->resumeBanner()->isVisibleTo(train));
    QCOMPARE(train->resumeBanner()->runDir(), dir);
    QTRY_COMPARE(train->lossPlot()->pointCount(train->stepSeries()), recorded);
    train->resumeBanner()->resumeButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(controller.state() == RunState::Finished, 60000);
    QCOMPARE(train->lossPlot()->pointCount(train->stepSeries()), 3 * kStepsPerEpoch);
  }

  // A run whose checkpoint is gone says so, and nothing starts.
  void aRunWithoutItsCheckpointSaysWhyItCannotResume() {
    const QString dir = startAndStop(5);
    QVERIFY(!dir.isEmpty());
    QVERIFY(QFile::remove(dir + "/checkpoints/last.pt"));
    TrainPage* train = window_->trainPage();
    train->resumeRun(dir);
    QTRY_VERIFY(!controller_->isActive());
    QTRY_VERIFY2(window_->trainPage()->messageLabel()->text().startsWith("Cannot resume:"),
                 qPrintable(window_->trainPage()->messageLabel()->text()));
    QVERIFY(train->messageLabel()->text().contains("checkpoint"));
    QCOMPARE(QString::fromStdString(runJson(dir).value("status", "")), QString("stopped"));
    // Nothing is left believing a run is starting: the Model page's measurements work again.
    for (const QPushButton* b : window_->modelPage()->findChildren<QPushButton*>())
      QVERIFY2(b->isEnabled() || !b->statusTip().startsWith("Not while a run"), qPrintable(b->text()));
  }

 private:
  // A new run of 3 epochs stopped after `steps` steps or a few more: its folder.
  QString startAndStop(int steps) {
    TrainPage* train = window_->trainPage();
    doc_->set(field("epochs"), 3);
    train->start();
    QElapsedTimer clock;
    clock.start();
    while (train->lossPlot()->pointCount(train->stepSeries()) < steps && clock.elapsed() < 60000) QTest::qWait(5);
    train->stop();
    while (controller_->isActive() && clock.elapsed() < 90000) QTest::qWait(20);
    QTest::qWait(100);  // the ended run's offer is read in the background
    return controller_->isActive() ? QString() : controller_->runDir();
  }

  // The Train page's curves of a run of `epochs` epochs: every step once, in order.
  void expectWholeCurves(int epochs) {
    TrainPage* train = window_->trainPage();
    const auto* loss = train->lossPlot();
    QCOMPARE(loss->pointCount(train->stepSeries()), epochs * kStepsPerEpoch);
    QCOMPARE(train->accuracyPlot()->pointCount(1), epochs);  // validation accuracy, one a epoch
  }

  static QAction* action(QMenu* menu, const QString& text) {
    for (QAction* a : menu->actions())
      if (a->text() == text) return a;
    return nullptr;
  }

  static void selectRun(ComparePage* compare, const QString& dir) {
    QTableWidget* table = compare->runTable();
    for (int r = 0; r < table->rowCount(); ++r)
      for (int c = 0; c < table->columnCount(); ++c)
        if (auto* item = table->item(r, c); item && item->data(Qt::UserRole).toString() == dir) {
          table->setCurrentItem(item);
          return;
        }
    QFAIL(qPrintable("not listed: " + dir));
  }

  test::AppUnderTest app_;
  QTemporaryDir tmp_;
  ExperimentDocument* doc_ = nullptr;
  TrainingController* controller_ = nullptr;
  MainWindow* window_ = nullptr;
};

QTEST_MAIN(ResumeTest)
#include "resume_test.moc"
