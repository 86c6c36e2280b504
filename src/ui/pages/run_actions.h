// What the Compare page can do to one run, each behind a dialog: rename, tag, annotate
// (user.json) and delete (asking first; never a running or paused run). Each returns
// true when the run changed. And what can be done with its trained model.
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
  // "Model" with a menu: export the run's trained model, and try it on images.
  static QToolButton* modelButton(QWidget* parent, std::function<QString()> currentRunDir);
};

}  // namespace trainscope::ui
