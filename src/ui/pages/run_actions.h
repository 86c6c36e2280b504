// What the Compare page can do to one run, each behind a dialog: rename, tag, annotate
// (user.json) and delete (asking first; never a running or paused run). Each returns
// true when the run changed.
#pragma once

#include <QCoreApplication>
#include <QString>

class QWidget;

namespace trainscope::ui {

class RunActions {
  Q_DECLARE_TR_FUNCTIONS(trainscope::ui::RunActions)

 public:
  static bool rename(QWidget* parent, const QString& dir);
  static bool tag(QWidget* parent, const QString& dir);
  static bool note(QWidget* parent, const QString& dir);
  static bool remove(QWidget* parent, const QString& dir);
};

}  // namespace trainscope::ui
