// Breakpoints, rewind and fork from the app (issue 33): the fork dialog lists the
// ring and chooses the checkpoint before a breakpoint, and refuses a change a fork
// cannot make; a family of runs is found from any member; and a run paused by a
// breakpoint in the app is rewound, forked with a lower learning rate and trained,
// and Compare draws parent and child as one tree.
#include "app_under_test.h"
#include "engine/config/config.h"
#include "ui/compare/compare_page.h"
#include "ui/compare/fork_family.h"
#include "ui/run/fork_dialog.h"
#include "ui/train/train_page.h"
#include "widgets/live_curve_plot.h"

#include <nlohmann/json.hpp>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace trainscope;
using namespace trainscope::ui;

namespace {

nlohmann::json runJson(const QString& dir) {
  QFile f(dir + "/run.json");
  if (!f.open(QIODevice::ReadOnly)) return {};
  return nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
}

void writeFile(const QString& path, const QByteArray& bytes) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

QPushButton* button(const QWidget& w, const QString& text) {
  for (auto* b : w.findChildren<QPushButton*>())
    if (b->text() == text) return b;
  return nullptr;
}

QString problemsOf(const QWidget& w) {
  QStringList texts;
  for (auto* l : w.findChildren<QLabel*>()) texts << l->text();
  return texts.join(" | ");
}

RunEntry entry(const std::string& id, const std::string& parent = {}, int64_t forkStep = 0) {
  RunEntry r;
  r.id = id, r.dir = "/runs/" + id, r.parent = parent, r.fork_step = forkStep;
  return r;
}

}  // namespace

class ForkTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QVERIFY(tmp_.isValid()); }

  void theDialogChoosesTheCheckpointBeforeTheBreakpointAndChecksTheChanges() {
    const QString run = tmp_.path() + "/lenet-fashion-mnist-1";
    ExperimentConfig c = loadConfigFile(TRAINSCOPE_SOURCE_DIR "/resources/experiments/fashion_lenet.json");
    c.optimizer.lr = 0.01;
    writeFile(run + "/run.json", QByteArray::fromStdString(nlohmann::json{{"config", toJson(c)}}.dump()));
    for (int step : {10, 20, 30}) writeFile(run + QString("/checkpoints/ring/step-%1.pt").arg(step), "x");

    ForkDialog atBreak(run, 25, c.optimizer.lr);
    QVERIFY(atBreak.hasCheckpoints());
    QCOMPARE(atBreak.step(), 20);                                    // the newest before the hit
    QCOMPARE(atBreak.changes(), QStringList{"optimizer.lr=0.005"});  // the rate halved, as a start
    QPushButton* fork = button(atBreak, "Fork and train");
    QVERIFY2(fork && fork->isEnabled(), qPrintable(problemsOf(atBreak)));
    atBreak.setChanges("loader.batch_size=32\n");
    QVERIFY(!fork->isEnabled());
    QVERIFY(problemsOf(atBreak).contains("loader.batch_size"));  // the data order cannot change: named
    atBreak.setChanges("optimizer.lr=fast");
    QVERIFY(!fork->isEnabled());
    atBreak.setChanges("\n  optimizer.lr=0.002  \n\ntraining.clip_grad_norm=1\n");
    QVERIFY(fork->isEnabled());
    QCOMPARE(atBreak.changes(), (QStringList{"optimizer.lr=0.002", "training.clip_grad_norm=1"}));

    ForkDialog beforeAll(run, 5, 0);  // none before the hit: the user chooses
    QCOMPARE(beforeAll.step(), -1);
    QVERIFY(!button(beforeAll, "Fork and train")->isEnabled());

    ForkDialog newest(run, -1, 0);
    QCOMPARE(newest.step(), 30);
    QVERIFY(newest.changes().isEmpty());

    ForkDialog none(tmp_.path() + "/not-a-run", -1, 0);
    QVERIFY(!none.hasCheckpoints());
    QVERIFY(!button(none, "Fork and train")->isEnabled());
  }

  void aFamilyIsFoundFromAnyOfItsRuns() {
    const std::vector<RunEntry> runs{entry("other"),      entry("b-fork2", "b", 40), entry("a"),
                                     entry("b", "a", 10), entry("c", "a", 5),        entry("d", "b", 20)};
    const QStringList expected{"/runs/a", "/runs/c", "/runs/b", "/runs/d", "/runs/b-fork2"};
    QCOMPARE(forkFamily(runs, "/runs/d"), expected);
    QCOMPARE(forkFamily(runs, "/runs/a"), expected);
    QCOMPARE(forkFamily(runs, "/runs/other"), QStringList{"/runs/other"});
    // Only a fork whose parent is plotted too branches off it.
    const auto branches = branchSteps(runs, {"/runs/a", "/runs/b", "/runs/d", "/runs/c-missing"});
    QCOMPARE(branches.size(), size_t{2});
    QCOMPARE(branches.at("/runs/b"), 10);
    QCOMPARE(branches.at("/runs/d"), 20);
  }

  // As a user would: a breakpoint pauses the app's run, Rewind and fork stops it, the
  // dialog is answered, the child trains, and Compare shows the family as one tree.
  void aRunPausedAtABreakpointIsRewoundForkedAndShownAsAFamily() {
    const QString error = app_.create(this, "TrainscopeForkTests", tmp_.path() + "/runs");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    ExperimentDocument* doc = app_.doc;
    MainWindow* window = app_.window;
    TrainingController* controller = app_.controller;
    doc->set(field("dataset.train_subset"), 1024);
    doc->set(field("dataset.val_subset"), 256);
    doc->set(field("epochs"), 2);
    doc->set(field("threads"), 1);
    doc->set(field("training.checkpoint_every_steps"), 4);
    doc->set(field("training.breakpoints.dead_share"), 0.01);  // a ReLU's zeros: hit on an early step
    window->importLastOrDefaultDataset(QString());
    QTRY_VERIFY_WITH_TIMEOUT(doc->dataset() != nullptr, 30000);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window));

    QSignalSpy hits(controller, &TrainingController::breakpointHit);
    window->trainPage()->start();
    QTRY_VERIFY_WITH_TIMEOUT(controller->state() == RunState::Paused, 60000);
    QCOMPARE(hits.count(), 1);
    const auto hit = hits.at(0).at(0).value<BreakpointHit>();
    QVERIFY(window->statusBar()->currentMessage().contains("Breakpoint"));
    QVERIFY2(window->trainPage()->messageLabel()->text().contains("outputs of"),
             qPrintable(window->trainPage()->messageLabel()->text()));  // the Train page says what it saw
    const QString parent = controller->runDir();

    // Let the stop leave a ring checkpoint at the hit's step, then answer the dialog.
    bool answered = false;
    QTimer poll;
    connect(&poll, &QTimer::timeout, this, [&] {
      auto* dialog = qobject_cast<ForkDialog*>(QApplication::activeModalWidget());
      if (!dialog) return;
      poll.stop();
      answered = dialog->hasCheckpoints() && dialog->step() < hit.step;  // from before the hit
      dialog->setChanges("optimizer.lr=0.005\ntraining.breakpoints.dead_share=0");
      dialog->accept();
    });
    poll.start(50);
    window->rewindAndFork(parent, hit.step);
    QTRY_VERIFY_WITH_TIMEOUT(answered, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(controller->runDir() != parent, 30000);
    const QString child = controller->runDir();
    QTRY_VERIFY_WITH_TIMEOUT(controller->state() == RunState::Finished, 120000);
    QCOMPARE(QString::fromStdString(runJson(parent).value("status", "")), QString("stopped"));
    const nlohmann::json run = runJson(child);
    QCOMPARE(run["parent"]["run"].get<std::string>(), parent.toStdString());
    QCOMPARE(run["config"]["optimizer"]["lr"].get<double>(), 0.005);
    const int64_t forkStep = run["parent"]["step"].get<int64_t>();

    ComparePage* compare = window->comparePage();
    compare->reload();
    QTRY_VERIFY(!compare->reading());
    compare->setMetric("loss");
    compare->setXAxis("step");
    compare->showFamily(child);
    QCOMPARE(compare->selectedRuns().size(), 2);
    QTRY_VERIFY(!compare->reading());
    QTRY_COMPARE(compare->plottedSeries().size(), size_t{2});
    for (const auto& s : compare->plottedSeries()) {
      QVERIFY(!s.xs.empty());
      if (s.dir == child)
        QCOMPARE(s.xs.front(), static_cast<double>(forkStep));  // branches off the parent
      else
        QCOMPARE(s.xs.front(), 1.0);
    }
  }

 private:
  QTemporaryDir tmp_;
  test::AppUnderTest app_;
};

QTEST_MAIN(ForkTest)
#include "fork_test.moc"
