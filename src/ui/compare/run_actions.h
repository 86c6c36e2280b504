// What the Compare page can do to one run, each behind a dialog: resume it (in the
// app's window), rename, tag, annotate (user.json) and delete (asking first; never a
// running or paused run); and what can be taken out of it: its trained model,
// TensorBoard event files, a reproducibility bundle. One menu holds them all, behind
// the page's "Selected run" button and a right click on a run.
#pragma once

#include "engine/repro/collect_runs.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <functional>

class QMenu;
class QWidget;

namespace trainscope::ui {

class RunActions {
  Q_DECLARE_TR_FUNCTIONS(trainscope::ui::RunActions)

 public:
  static bool rename(QWidget* parent, const QString& dir);
  static bool tag(QWidget* parent, const QString& dir);
  static bool note(QWidget* parent, const QString& dir);
  static bool remove(QWidget* parent, const QString& dir);
  // What the run menu asks of its page.
  struct MenuHooks {
    std::function<QString()> currentRunDir;
    std::function<void()> changed;                                  // renamed, tagged, annotated
    std::function<void(const QString& dir)> removed;                // deleted
    std::function<void(const QString& dir, qint64 epochs)> resume;  // epochs 0: as recorded
    std::function<void(const QString& dir)> follow;                 // watch it live on the Train page
    std::function<QString()> baseline;                              // the runs' baseline ("" = none)
    std::function<void(const QString& dir)> setBaseline;            // "" clears it
    std::function<void(const QString& dir)> fork;                   // rewind to a checkpoint and fork
    std::function<bool(const QString& dir)> isAppsRun;              // trained by the app (it can stop it)
    std::function<QStringList(const QString& dir)> family;          // the run's forks and parents
    std::function<void(const QString& dir)> showFamily;             // tick them on the plot
  };
  // Every action on the current run; each enabled as it applies to that run when the
  // menu opens.
  static QMenu* runMenu(QWidget* parent, MenuHooks hooks);
  // Asks for a TensorBoard log folder and writes the run's event files there (off the
  // GUI thread), then says how to open them.
  static void exportTensorBoard(QWidget* parent, const QString& dir);
  // Asks where, writes the run's one-file HTML report in the background (engine/deploy/run_report.h).
  static void saveReport(QWidget* parent, const QString& dir);
  // Asks for a folder of students' runs and bundles, copies them into `runsDir` in the
  // background (engine/repro/collect_runs.h), shows the leaderboard as a table; `done`
  // gets the collection (not called when it failed, which is said).
  static void collectRuns(QWidget* parent, const QString& runsDir, std::function<void(const Collection&)> done);
  // Asks for a TensorBoard log folder and turns each of its runs into a run of runsDir
  // (off the GUI thread), then says what it imported; `done` refreshes the list.
  static void importTensorBoard(QWidget* parent, const QString& runsDir, std::function<void()> done);
  // Asks where to save the run's reproducibility bundle and writes it (off the GUI thread).
  static void bundle(QWidget* parent, const QString& dir);
};

}  // namespace trainscope::ui
