// The main window's pauses and forks: a breakpoint's pause and the NaN guard's trip
// are shown (status bar, a dialog, a desktop notification), and "Rewind and fork…"
// (those dialogs, the Run menu, Compare's run menu) stops the run if it is the app's
// own, lets the user choose a checkpoint of its ring and the changes, makes the child
// off the GUI thread and trains it on the Train page; Compare then shows the family.
#include "engine/record/run_library.h"
#include "engine/train/run_fork.h"
#include "ui/compare/compare_page.h"
#include "ui/run/background.h"
#include "ui/run/breakpoint_report.h"
#include "ui/run/fork_dialog.h"
#include "ui/run/guard_report.h"
#include "ui/run/training_controller.h"
#include "ui/shell/desktop_notifier.h"
#include "ui/shell/main_window.h"
#include "ui/train/train_page.h"

#include <QApplication>
#include <QDesktopServices>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QUrl>

namespace trainscope::ui {

void MainWindow::connectForks() {
  connect(controller_, &TrainingController::breakpointHit, this, &MainWindow::showBreakpoint);
  connect(controller_, &TrainingController::breakpointHit, notifier_, [this](const BreakpointHit& hit) {
    notifier_->breakpointHit(controller_->runDir(), BreakpointReport::text(hit));
  });
  connect(compare_, &ComparePage::forkRequested, this, [this](const QString& dir) { rewindAndFork(dir, -1); });
  compare_->setAppsRun([this](const QString& dir) { return isControllersRun(dir) && !controller_->following(); });
}

// The run the controller trains or follows now, under any spelling of its folder.
bool MainWindow::isControllersRun(const QString& dir) const {
  return controller_->isActive() &&
         absolutePath(controller_->runDir().toStdString()) == absolutePath(dir.toStdString());
}

// Window-modal and returning at once: the events behind the hit (the pause, the last
// curves) are drained while the dialog is up.
void MainWindow::showBreakpoint(const BreakpointHit& hit) {
  const QString text = BreakpointReport::text(hit);
  statusBar()->showMessage(tr("Breakpoint: %1").arg(text), 30000);
  if (QApplication::platformName() == "offscreen") return;
  auto* box = new QMessageBox(QMessageBox::Information, tr("A breakpoint paused the run"),
                              text + "\n\n" + BreakpointReport::advice(), QMessageBox::NoButton, this);
  box->setAttribute(Qt::WA_DeleteOnClose);
  QPushButton* fork = box->addButton(tr("Rewind and fork…"), QMessageBox::ActionRole);
  QPushButton* resume = box->addButton(tr("Resume"), QMessageBox::AcceptRole);
  box->addButton(tr("Stay paused"), QMessageBox::RejectRole);
  connect(box, &QMessageBox::buttonClicked, this, [this, fork, resume, step = hit.step](QAbstractButton* clicked) {
    const QString dir = controller_->runDir();
    if (clicked == fork)
      QMetaObject::invokeMethod(
          this, [this, dir, step] { rewindAndFork(dir, step); }, Qt::QueuedConnection);
    else if (clicked == resume && controller_->state() == RunState::Paused)
      train_->togglePause();
  });
  box->open();
}

// The NaN guard's trip, said the same way; a pause offers the rewind too.
void MainWindow::showGuardTrip(const GuardTripped& trip) {
  const QString text = GuardReport::text(trip) + "\n\n" + GuardReport::advice();
  statusBar()->showMessage(tr("NaN guard: %1").arg(text), 15000);
  if (QApplication::platformName() == "offscreen" || trip.action == "skip") return;
  auto* box = new QMessageBox(QMessageBox::Warning,
                              tr("The NaN guard %1 the run").arg(trip.action == "pause" ? tr("paused") : tr("stopped")),
                              text, QMessageBox::Ok, this);
  box->setAttribute(Qt::WA_DeleteOnClose);
  QPushButton* evidence =
      trip.dump_path.empty() ? nullptr : box->addButton(tr("Open the evidence folder"), QMessageBox::ActionRole);
  QPushButton* fork =
      trip.action == "pause" ? box->addButton(tr("Rewind and fork…"), QMessageBox::ActionRole) : nullptr;
  const QString folder = QFileInfo(QString::fromStdString(trip.dump_path)).absolutePath();
  connect(box, &QMessageBox::buttonClicked, this, [this, evidence, fork, folder, step = trip.step](QAbstractButton* b) {
    if (evidence && b == evidence) QDesktopServices::openUrl(QUrl::fromLocalFile(folder));
    const QString dir = controller_->runDir();
    if (fork && b == fork)
      QMetaObject::invokeMethod(
          this, [this, dir, step] { rewindAndFork(dir, step); }, Qt::QueuedConnection);
  });
  box->open();
}

void MainWindow::rewindAndFork(const QString& dir, qint64 hitStep) {
  if (dir.isEmpty()) {
    QMessageBox::information(this, tr("Rewind and fork"),
                             tr("Choose a run first: the Train page's run, or one on the Compare page."));
    return;
  }
  const bool appsRun = isControllersRun(dir);
  if (appsRun && controller_->following()) {  // trained elsewhere: the app cannot stop it
    QMessageBox::information(this, tr("Rewind and fork"),
                             tr("This run is trained elsewhere (the app only follows it): stop it where it trains, "
                                "then rewind it."));
    return;
  }
  // The app's own run goes on writing its ring while it lives: it is stopped first (its
  // checkpoint kept, the ring as the stop left it).
  if (appsRun) {
    statusBar()->showMessage(tr("Stopping the run to rewind it…"));
    if (!controller_->stopAndWait(60000)) {
      statusBar()->clearMessage();
      showError(tr("Rewind and fork"), tr("The run did not stop within a minute; try again when it has."));
      return;
    }
  }
  if (closingAfterStop()) return;  // the window is closing
  statusBar()->clearMessage();
  ForkDialog dialog(dir, hitStep, readRunEntry(dir.toStdString()).lr, this);
  if (dialog.exec() != QDialog::Accepted) return;
  forkAndTrain(dir, dialog.step(), dialog.changes());
}

void MainWindow::forkAndTrain(const QString& dir, qint64 step, const QStringList& changes) {
  std::vector<std::string> list;
  for (const QString& c : changes) list.push_back(c.toStdString());
  statusBar()->showMessage(tr("Forking %1 at step %2…").arg(QFileInfo(dir).fileName()).arg(step));
  struct Outcome {
    QString child, error;
  };
  runInBackground(
      this,
      [parent = dir.toStdString(), step, list]() -> Outcome {
        try {
          return {QString::fromStdString(forkRunFolder(parent, step, list).dir), {}};
        } catch (const std::exception& e) {
          return {{}, QString::fromStdString(e.what())};
        }
      },
      [this](const Outcome& outcome) {
        if (!outcome.error.isEmpty()) {
          statusBar()->clearMessage();
          showError(tr("Rewind and fork"), outcome.error);
          return;
        }
        statusBar()->clearMessage();
        // Compare reads the child once its resume has cut the copied record to the fork.
        connect(controller_, &TrainingController::started, compare_, &ComparePage::reload, Qt::SingleShotConnection);
        showPage(Train);
        train_->resumeRun(outcome.child, 0);
      });
}

}  // namespace trainscope::ui
