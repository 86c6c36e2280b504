// The Model page's grid: up to three settings with a list of values each; every
// combination of the current experiment is queued and compared.
#pragma once

#include "engine/config/experiment_grid.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace trainscope::ui {

class GridDialog : public QDialog {
  Q_OBJECT
 public:
  GridDialog(const nlohmann::json& experiment, QWidget* parent = nullptr);

  // The runs to queue (valid only after accept()).
  const std::vector<GridRun>& runs() const { return runs_; }
  bool twoAtOnce() const;
  // Fills row `row` (0..2), for tests and presets.
  void setAxis(int row, const QString& field, const QString& values);
  // Expands and validates; false (with the message shown) when the grid is not usable.
  bool expand();

 private:
  void preview();

  nlohmann::json experiment_;
  std::vector<GridRun> runs_;
  QComboBox* fields_[3];
  QLineEdit* values_[3];
  QCheckBox* parallel_;
  QLabel* status_;
};

}  // namespace trainscope::ui
