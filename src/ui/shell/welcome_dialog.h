// The first start's welcome: what is ready (Fashion-MNIST and LeNet), where to begin
// (Start, or the lessons), and where runs are kept. Shown once; Help > Welcome shows it
// again.
#pragma once

#include <QDialog>

class QPushButton;

namespace trainscope::ui {

class WelcomeDialog : public QDialog {
  Q_OBJECT
 public:
  // runsDir: the folder runs are written to, as the user should look for it.
  WelcomeDialog(const QString& runsDir, QWidget* parent = nullptr);
  QPushButton* lessonsButton() const { return lessons_; }

  // True until the welcome has been shown once (QSettings "welcomed").
  static bool firstStart();
  static void markShown();

 signals:
  void lessonsRequested();

 private:
  QPushButton *lessons_, *start_;
};

}  // namespace trainscope::ui
