// File ▸ Collect Runs…'s result: the class's runs by best validation accuracy, each
// with the settings it changed against the teacher's (or each other's), and the
// hand-ins that were skipped with the reason.
#pragma once

#include "engine/repro/collect_runs.h"

#include <QDialog>

class QTableWidget;

namespace trainscope::ui {

class LeaderboardDialog : public QDialog {
  Q_OBJECT
 public:
  LeaderboardDialog(const Collection& collection, QWidget* parent = nullptr);
  QTableWidget* table() const { return table_; }

 private:
  QTableWidget* table_;
};

}  // namespace trainscope::ui
