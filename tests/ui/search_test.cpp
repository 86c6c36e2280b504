// The hyperparameter search from the app (issue 33): the dialog builds the space and
// refuses bad ranges with the reason; the search window shows a record's trials in
// the parallel-coordinates plot and a table sorted best first, filtered by a brush,
// and hands the chosen trials to Compare against the preset; a real search started
// from the window (trainscope-cli underneath) is stopped, resumed and finishes with
// its verdict.
#include "engine/config/config.h"
#include "engine/search/search_scheduler.h"
#include "ui/experiment/search_dialog.h"
#include "ui/search/search_window.h"
#include "widgets/parallel_coordinates.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace trainscope;
using namespace trainscope::ui;

namespace {

nlohmann::json experiment(const QString& runsDir) {
  ExperimentConfig c = loadConfigFile(TRAINSCOPE_SOURCE_DIR "/resources/experiments/fashion_lenet.json");
  c.epochs = 2;
  c.dataset.train_subset = 512;
  c.dataset.val_subset = 128;
  c.threads = 1;
  c.runs_dir = runsDir.toStdString();
  return toJson(c);
}

bool labelSays(const QWidget& w, const QString& text) {
  for (auto* l : w.findChildren<QLabel*>())
    if (l->text().contains(text)) return true;
  return false;
}

QPushButton* button(const QWidget& w, const QString& text) {
  for (auto* b : w.findChildren<QPushButton*>())
    if (b->text() == text) return b;
  return nullptr;
}

// A finished search's record: the preset and four trials, one pruned, with run folders.
SearchRecord finishedRecord() {
  SearchSettings s;
  s.trials = 4;
  s.halving = {true, 1, 3};
  SearchRecord r = planSearch("demo", "now", experiment("/tmp/runs"),
                              nlohmann::json::parse(R"({"optimizer.lr": {"log_uniform": [1e-4, 0.1]},
                                                        "loader.batch_size": [32, 64]})"),
                              s);
  const double best[] = {0.80, 0.70, 0.85, 0.60, 0.75};
  for (auto& t : r.trials) {
    t.status = t.index == 3 ? TrialStatus::Pruned : TrialStatus::Finished;
    t.best = best[t.index];
    t.curve = t.index == 3 ? std::vector<double>{0.6} : std::vector<double>{0.5, t.best};
    t.run_dir = "/tmp/runs/trial" + std::to_string(t.index);
  }
  r.metric_key = "val_accuracy";
  r.state = "finished";
  return r;
}

}  // namespace

class SearchTest : public QObject {
  Q_OBJECT
 private slots:
  void dialogBuildsTheSpaceAndSaysWhatIsWrong() {
    SearchDialog dialog(experiment(tmp_.path()));
    QVERIFY(dialog.check());
    QCOMPARE(dialog.space().size(), size_t{3});  // rate, weight decay, batch size by default
    QVERIFY(dialog.space()["optimizer.lr"].contains("log_uniform"));
    QVERIFY(labelSays(dialog, "13 trials"));
    dialog.setDimension(0, "optimizer.lr", SearchDialog::LogUniform, "0, 0.1");
    QVERIFY(!dialog.check());
    QVERIFY(labelSays(dialog, "must lie above 0"));
    dialog.setDimension(0, "optimizer.lrr", SearchDialog::Values, "0.1");
    QVERIFY(!dialog.check());
    QVERIFY(labelSays(dialog, "optimizer.lrr"));
    dialog.setDimension(0, "optimizer.lr", SearchDialog::Values, "0.1, 0.01");
    dialog.setTrials(4);
    QVERIFY(dialog.check());
    QCOMPARE(dialog.settings().trials, 4);
    QVERIFY(dialog.settings().halving.on);
  }

  void windowSortsBestFirstFiltersByBrushAndCompares() {
    QTemporaryDir folder;
    std::string why;
    QVERIFY(saveSearchRecord(folder.path().toStdString(), finishedRecord(), &why));
    SearchWindow window;
    window.follow(folder.path());
    QTableWidget* table = window.table();
    QCOMPARE(table->rowCount(), 5);
    QCOMPARE(table->item(0, 0)->text(), QString("2"));  // the best (0.85) first
    QVERIFY(table->item(4, 0)->text() == "3");          // the pruned one, last
    QVERIFY(labelSays(window, "beat the preset"));
    QVERIFY(!button(window, "Resume search")->isEnabled());  // it has finished
    // Keep the accuracies from 0.74 up: the preset (0.80), trial 2 (0.85) and trial 4 (0.75).
    window.plot()->setBrush(2, 0.74, 1.0);
    int shown = 0;
    for (int r = 0; r < table->rowCount(); ++r) shown += !table->isRowHidden(r);
    QCOMPARE(shown, 3);
    QSignalSpy compare(&window, &SearchWindow::compareRequested);
    button(window, "Compare trials")->click();
    QCOMPARE(compare.count(), 1);
    const QStringList dirs = compare[0][0].toStringList();
    QCOMPARE(dirs.size(), 3);
    QCOMPARE(compare[0][1].toString(), QString("/tmp/runs/trial0"));  // against the preset
    // Sorting by a setting keeps working on refreshes.
    table->sortByColumn(3, Qt::AscendingOrder);
    window.reloadNow();
    QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), 3);
  }

  // The CLI underneath: started, stopped by the user, resumed, finished with its verdict.
  void aSearchStartedInTheWindowStopsResumesAndFinishes() {
    SearchWindow window;
    window.show();
    SearchSettings s;
    s.trials = 2;
    s.halving = {true, 1, 3};
    QString error;
    QVERIFY2(window.start(experiment(tmp_.path() + "/runs"),
                          nlohmann::json::parse(R"({"optimizer.lr": {"log_uniform": [0.001, 0.01]}})"), s, &error),
             qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(!window.folder().isEmpty(), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(!window.record().trials.empty() && window.record().trials[0].curve.size() >= 1, 120000);
    button(window, "Stop search")->click();
    QTRY_VERIFY_WITH_TIMEOUT(!window.searching(), 60000);
    window.reloadNow();
    QCOMPARE(QString::fromStdString(window.record().state), QString("stopped"));
    QVERIFY(labelSays(window, "the search is stopped"));
    QPushButton* resume = button(window, "Resume search");
    QVERIFY(resume->isEnabled());
    resume->click();
    QTRY_VERIFY_WITH_TIMEOUT(!window.searching(), 240000);
    window.reloadNow();
    QCOMPARE(QString::fromStdString(window.record().state), QString("finished"));
    QCOMPARE(window.table()->rowCount(), 3);
    QVERIFY(labelSays(window, "preset"));  // the verdict names it either way
    for (const auto& t : window.record().trials) QVERIFY(t.done());
  }

 private:
  QTemporaryDir tmp_;
};

QTEST_MAIN(SearchTest)
#include "search_test.moc"
