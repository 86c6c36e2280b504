// What the Compare page can do to one run, each behind a dialog: rename, tag, annotate
// (user.json) and delete (asking first; never a running or paused run). Each returns
// true when the run changed. And what can be taken out of it: its trained model,
// TensorBoard event files, a reproducibility bundle.
#pragma once

#include <QCoreApplication>
#include <QString>

#include <functional>

class QToolButton;
class QWidget;

namespace trainscope::ui {

class RunActions {
  Q_DECLARE_TR_FUNCTIONS(trainscope::ui::RunActions)

 public:
  static bool rename(QWidget* parent, const QString& dir);
  static bool tag(QWidget* parent, const QString& dir);
  static bool note(QWidget* parent, const QString& dir);
  static bool remove(QWidget* parent, const QString& dir);
  // "Export run" with a menu: export the run's trained model, try it on images, write
  // TensorBoard event files, bundle it.
  static QToolButton* modelButton(QWidget* parent, std::function<QString()> currentRunDir);
  // Asks for a TensorBoard log folder and writes the run's event files there (off the
  // GUI thread), then says how to open them.
  static void exportTensorBoard(QWidget* parent, const QString& dir);
  // Asks where to save the run's reproducibility bundle and writes it (off the GUI thread).
  static void bundle(QWidget* parent, const QString& dir);
};

}  // namespace trainscope::ui
