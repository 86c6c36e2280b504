#include "ui/compare/run_actions.h"

#include "ui/compare/leaderboard_dialog.h"

#include "ui/data/try_camera_dialog.h"
#include "ui/data/try_table_dialog.h"
#include "ui/data/try_text_dialog.h"
#include "ui/model/model_dialogs.h"
#include "ui/run/background.h"
#include "ui/train/resume_banner.h"

#include <QMenu>

#include "engine/deploy/run_family.h"
#include "engine/deploy/run_report.h"
#include "engine/record/resume_offer.h"
#include "engine/record/run_library.h"
#include "engine/record/tensorboard_export.h"
#include "engine/record/tensorboard_import.h"
#include "engine/repro/bundle.h"
#include "engine/repro/collect_runs.h"
#include "engine/system/atomic_file.h"
#include "engine/train/run_fork.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <memory>
#include <utility>

namespace trainscope::ui {

namespace {

// Runs `work` off the GUI thread behind a busy dialog, then shows its message (or the
// error it threw) in a message box titled `title`; `done`, when given, runs first.
void inBackground(QWidget* parent, const QString& title, const QString& busy, std::function<QString()> work,
                  std::function<void()> done = {}) {
  auto* progress = new QProgressDialog(busy, QString(), 0, 0, parent);
  progress->setWindowTitle(title);
  progress->setMinimumDuration(300);
  progress->setAttribute(Qt::WA_DeleteOnClose);
  using Outcome = std::pair<bool, QString>;
  runInBackground(
      parent,
      [work]() -> Outcome {
        try {
          return {true, work()};
        } catch (const std::exception& e) {
          return {false, QString::fromStdString(e.what())};
        }
      },
      [parent, title, progress, done](const Outcome& outcome) {
        progress->close();
        if (done) done();
        if (outcome.first)
          QMessageBox::information(parent, title, outcome.second);
        else
          QMessageBox::warning(parent, title, outcome.second);
      });
}

}  // namespace

void RunActions::exportTensorBoard(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return;
  // Beside the runs folder by default (~/Trainscope/tensorboard), then where the last export went.
  const QString suggested = QFileInfo(dir).absoluteDir().absoluteFilePath("../tensorboard");
  const QString start = QSettings().value("tensorboardFolder", QDir::cleanPath(suggested)).toString();
  QDir().mkpath(start);
  const QString out = QFileDialog::getExistingDirectory(parent, tr("TensorBoard log folder"), start);
  if (out.isEmpty()) return;
  QSettings().setValue("tensorboardFolder", out);
  inBackground(parent, tr("Export to TensorBoard"), tr("Writing TensorBoard event files…"), [dir, out] {
    const TensorBoardExport e = trainscope::exportTensorBoard(dir.toStdString(), out.toStdString());
    QString message = tr("Wrote %1 scalar values and %2 histograms to\n%3\n\nView them with:\ntensorboard --logdir %4")
                          .arg(e.scalar_values)
                          .arg(e.histogram_values)
                          .arg(QString::fromStdString(e.file), out);
    for (const auto& note : e.notes) message += "\n\n" + QString::fromStdString(note);
    return message;
  });
}

void RunActions::saveReport(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return;
  const QString start = QSettings().value("reportFolder", QDir::homePath()).toString();
  const QString out =
      QFileDialog::getSaveFileName(parent, tr("Save the run's report"),
                                   QDir(start).filePath(QFileInfo(dir).fileName() + ".html"), tr("Web page (*.html)"));
  if (out.isEmpty()) return;
  QSettings().setValue("reportFolder", QFileInfo(out).absolutePath());
  inBackground(parent, tr("Save report"), tr("Writing the report…"), [dir, out] {
    const RunReport report = runReport(dir.toStdString());
    if (!report.ok) return tr("No report: %1").arg(QString::fromStdString(report.error));
    std::string why;
    if (!writeOutputFile(out.toStdString(), report.html, &why))
      return tr("Cannot write %1: %2").arg(out, QString::fromStdString(why));
    QString message = tr("Wrote %1: one file with the curves, the confusion matrix, the top mistakes and the "
                         "experiment. It opens in any browser, offline.")
                          .arg(out);
    for (const auto& note : report.notes) message += "\n\n" + tr("Left out: %1").arg(QString::fromStdString(note));
    return message;
  });
}

void RunActions::collectRuns(QWidget* parent, const QString& runsDir, std::function<void(const Collection&)> done) {
  const QString start = QSettings().value("collectFolder", QDir::homePath()).toString();
  const QString source =
      QFileDialog::getExistingDirectory(parent, tr("The folder of the class's runs and bundles"), start);
  if (source.isEmpty()) return;
  QSettings().setValue("collectFolder", source);
  auto* progress = new QProgressDialog(tr("Copying the runs into %1…").arg(runsDir), QString(), 0, 0, parent);
  progress->setWindowTitle(tr("Collect runs"));
  progress->setMinimumDuration(300);
  progress->setAttribute(Qt::WA_DeleteOnClose);
  using Outcome = std::pair<Collection, QString>;  // the collection, or why there is none
  runInBackground(
      parent,
      [source, runsDir]() -> Outcome {
        try {
          return {trainscope::collectRuns(source.toStdString(), runsDir.toStdString()), {}};
        } catch (const std::exception& e) {
          return {{}, QString::fromStdString(e.what())};
        }
      },
      [parent, progress, done](const Outcome& outcome) {
        progress->close();
        if (!outcome.second.isEmpty()) {
          QMessageBox::warning(parent, tr("Collect runs"), outcome.second);
          return;
        }
        done(outcome.first);
        auto* board = new LeaderboardDialog(outcome.first, parent);
        board->setAttribute(Qt::WA_DeleteOnClose);
        board->show();
      });
}

void RunActions::importTensorBoard(QWidget* parent, const QString& runsDir, std::function<void()> done) {
  const QString start = QSettings().value("tensorboardFolder", QDir::homePath()).toString();
  const QString logDir = QFileDialog::getExistingDirectory(parent, tr("TensorBoard log folder to import"), start);
  if (logDir.isEmpty()) return;
  inBackground(
      parent, tr("Import TensorBoard runs"), tr("Reading TensorBoard event files…"),
      [logDir, runsDir] {
        QString message;
        int imported = 0;
        for (const ImportedRun& r : trainscope::importTensorBoard(logDir.toStdString(), runsDir.toStdString())) {
          const QString source = QString::fromStdString(r.source);
          if (r.folder.empty()) {
            message += tr("Skipped %1: %2").arg(source, QString::fromStdString(r.note)) + "\n";
            continue;
          }
          ++imported;
          message += tr("%1: %2 scalar values, %3 histograms").arg(source).arg(r.scalar_values).arg(r.histogram_values);
          if (r.damaged_records) message += tr(" (%1 damaged records skipped)").arg(r.damaged_records);
          message += "\n";
        }
        return tr("Imported %n TensorBoard run(s) into %1:", nullptr, imported).arg(runsDir) + "\n\n" + message;
      },
      std::move(done));
}

void RunActions::bundle(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return;
  const QString suggested = QDir::cleanPath(dir) + ".bundle.tar";
  const QString out =
      QFileDialog::getSaveFileName(parent, tr("Save the reproducibility bundle"), suggested, tr("Bundles (*.tar)"));
  if (out.isEmpty()) return;
  inBackground(parent, tr("Reproducibility bundle"), tr("Fingerprinting the dataset and writing the bundle…"),
               [dir, out] {
                 const BundleWritten b = writeBundle(dir.toStdString(), out.toStdString());
                 return tr("Wrote %1 (%2 MB): the config, versions, seed, threads, %3 dataset files fingerprinted "
                           "and the checkpoint.\n\nCheck it on any machine with:\ntrainscope-cli verify %1")
                     .arg(QString::fromStdString(b.file))
                     .arg(static_cast<double>(b.bytes) / 1e6, 0, 'f', 1)
                     .arg(b.dataset_files);
               });
}

bool RunActions::rename(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return false;
  const RunEntry r = readRunEntry(dir.toStdString());
  bool ok = false;
  const QString name =
      QInputDialog::getText(parent, tr("Rename run"), tr("Name shown for %1:").arg(QString::fromStdString(r.id)),
                            QLineEdit::Normal, QString::fromStdString(r.name), &ok);
  if (!ok) return false;
  setRunName(dir.toStdString(), name.trimmed().toStdString());
  return true;
}

bool RunActions::tag(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return false;
  const RunEntry r = readRunEntry(dir.toStdString());
  QStringList current;
  for (const auto& t : r.tags) current << QString::fromStdString(t);
  bool ok = false;
  const QString text = QInputDialog::getText(parent, tr("Tags"), tr("Tags, separated by commas:"), QLineEdit::Normal,
                                             current.join(", "), &ok);
  if (!ok) return false;
  std::vector<std::string> tags;
  for (const auto& t : text.split(',', Qt::SkipEmptyParts))
    if (!t.trimmed().isEmpty()) tags.push_back(t.trimmed().toStdString());
  setRunTags(dir.toStdString(), tags);
  return true;
}

bool RunActions::note(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return false;
  const RunEntry r = readRunEntry(dir.toStdString());
  bool ok = false;
  const QString note = QInputDialog::getMultiLineText(
      parent, tr("Note"), tr("A note on %1:").arg(QString::fromStdString(r.name)), QString::fromStdString(r.note), &ok);
  if (!ok) return false;
  setRunNote(dir.toStdString(), note.toStdString());
  return true;
}

bool RunActions::remove(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return false;
  const RunEntry r = readRunEntry(dir.toStdString());
  if (r.status == "running" || r.status == "paused") {
    QMessageBox::information(parent, tr("Delete run"),
                             tr("%1 is still training: stop it first.").arg(QString::fromStdString(r.name)));
    return false;
  }
  if (QMessageBox::question(parent, tr("Delete run"),
                            tr("Delete %1 and everything in its folder?\n%2\nThis cannot be undone.")
                                .arg(QString::fromStdString(r.name), dir)) != QMessageBox::Yes)
    return false;
  try {
    deleteRun(dir.toStdString());
  } catch (const std::exception& e) {
    QMessageBox::warning(parent, tr("Delete run"), QString::fromStdString(e.what()));
  }
  return true;
}

namespace {

// A table's model takes a row typed in; a text model, a document; an image model, images.
QDialog* tryDialog(QWidget* parent, const QString& dir) {
  const DataFamily family = trainedDataFamily(dir.toStdString());
  if (family == DataFamily::Table) return new TryTableDialog(dir, {}, parent);
  if (family == DataFamily::Text) return new TryTextDialog(dir, {}, parent);
  return new PredictDialog(dir, parent);
}

void showDialog(QDialog* dialog) {
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
}

}  // namespace

QMenu* RunActions::runMenu(QWidget* parent, MenuHooks hooks) {
  auto* menu = new QMenu(parent);
  const auto current = hooks.currentRunDir;
  // An action on the current run, skipped while no run is selected.
  auto add = [menu, current](const QString& text, std::function<void(const QString&)> act) {
    QAction* action = menu->addAction(text);
    QObject::connect(action, &QAction::triggered, menu, [current, act] {
      if (const QString dir = current(); !dir.isEmpty()) act(dir);
    });
    return action;
  };
  QAction* resume = add(tr("Resume"), [hooks](const QString& dir) { hooks.resume(dir, 0); });
  resume->setToolTip(tr("Continue the run from its last checkpoint in the app's window, on the Train page."));
  QAction* more = add(tr("Resume with more epochs…"), [parent, hooks](const QString& dir) {
    const RunEntry r = readRunEntry(dir.toStdString());
    if (const int64_t epochs = ResumeBanner::askEpochs(parent, QString::fromStdString(r.name), resumeOffer(r)))
      hooks.resume(dir, epochs);
  });
  QAction* follow = add(tr("Follow live"), [hooks](const QString& dir) { hooks.follow(dir); });
  follow->setToolTip(
      tr("Watch the run on the Train, Inspect and Mistakes pages as its writer (a script, the CLI, "
         "another machine) trains it: read-only, updated every second."));
  QAction* baseline = add(tr("Use as baseline"), [hooks](const QString& dir) {
    hooks.setBaseline(dir == hooks.baseline() ? QString() : dir);
  });
  baseline->setToolTip(
      tr("Compare the ticked runs against this one: the table under the plot gains columns of "
         "their differences from it."));
  QAction* fork = add(tr("Rewind and fork…"), [hooks](const QString& dir) { hooks.fork(dir); });
  fork->setToolTip(
      tr("Go back to a checkpoint of the run's ring and train a child run from there with other "
         "settings."));
  QAction* family = add(tr("Show family"), [hooks](const QString& dir) { hooks.showFamily(dir); });
  family->setToolTip(tr("Plot the run with the run it was forked from and all its forks, as one tree of curves."));
  menu->addSeparator();
  add(tr("Rename…"), [parent, hooks](const QString& dir) {
    if (rename(parent, dir)) hooks.changed();
  });
  add(tr("Tags…"), [parent, hooks](const QString& dir) {
    if (tag(parent, dir)) hooks.changed();
  });
  add(tr("Note…"), [parent, hooks](const QString& dir) {
    if (note(parent, dir)) hooks.changed();
  });
  QAction* removeAction = add(tr("Delete…"), [parent, hooks](const QString& dir) {
    if (remove(parent, dir)) hooks.removed(dir);
  });
  menu->addSeparator();
  add(tr("Export for Python / ONNX…"), [parent](const QString& dir) { exportRunModel(parent, dir); });
  add(tr("Try it…"), [parent](const QString& dir) { showDialog(tryDialog(parent, dir)); });
  // The dialog says so when the run is not an image classifier.
  add(tr("Try on camera or video…"), [parent](const QString& dir) { showDialog(new TryCameraDialog(dir, parent)); });
  menu->addSeparator();
  add(tr("Export run to TensorBoard…"), [parent](const QString& dir) { exportTensorBoard(parent, dir); });
  add(tr("Reproducibility bundle…"), [parent](const QString& dir) { bundle(parent, dir); });
  add(tr("Save report…"), [parent](const QString& dir) { saveReport(parent, dir); });
  // Each action as it applies to the run selected now (its run.json, read when the
  // menu opens: one small file).
  QObject::connect(menu, &QMenu::aboutToShow, menu, [=] {
    const QString dir = current();
    const RunEntry r = dir.isEmpty() ? RunEntry{} : readRunEntry(dir.toStdString());
    const ResumeOffer offer = dir.isEmpty() ? ResumeOffer{} : resumeOffer(r);
    for (QAction* a : menu->actions()) a->setEnabled(!dir.isEmpty());
    resume->setEnabled(offer.resumable);
    more->setEnabled(offer.extendable);
    follow->setEnabled(r.status == "running" || r.status == "paused" || r.status == "starting");
    const bool training = r.status == "running" || r.status == "paused" || r.status == "starting";
    fork->setEnabled(!dir.isEmpty() && (!training || hooks.isAppsRun(dir)) && !rewindPoints(dir.toStdString()).empty());
    family->setEnabled(!dir.isEmpty() && hooks.family(dir).size() > 1);
    removeAction->setEnabled(!dir.isEmpty() && r.status != "running" && r.status != "paused");
    baseline->setText(!dir.isEmpty() && dir == hooks.baseline() ? tr("Clear the baseline") : tr("Use as baseline"));
  });
  return menu;
}

}  // namespace trainscope::ui
