// Rewind and fork: the checkpoints of a run's ring to go back to, and the settings the
// child run changes, one field=value per line, checked as they are typed against the
// engine's rules (engine/train/run_fork.h). The fork itself is the caller's.
#pragma once

#include <QDialog>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <cstdint>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace trainscope::ui {

class ForkDialog : public QDialog {
  Q_OBJECT
 public:
  // `hitStep`: a breakpoint's step, so the newest checkpoint before it is chosen; -1:
  // the newest. `lr`: the run's learning rate, halved as the suggested change.
  ForkDialog(const QString& runDir, int64_t hitStep, double lr, QWidget* parent = nullptr);

  bool hasCheckpoints() const;
  int64_t step() const;         // the chosen checkpoint's
  QStringList changes() const;  // non-empty lines, trimmed
  void setChanges(const QString& text);

 private:
  void listCheckpoints(int64_t hitStep);
  void check();

  QString runDir_;
  nlohmann::json parentConfig_;  // run.json's, read once
  QString unreadable_;           // why it could not be read
  QListWidget* points_;
  QPlainTextEdit* changes_;
  QLabel* problems_;
  QPushButton* fork_;
};

}  // namespace trainscope::ui
