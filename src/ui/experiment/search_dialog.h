// The Model page's search: up to four settings, each a range (log-uniform for rates,
// uniform, integer) or a list of values, the number of trials and how they are run
// (random or grid, successive halving, two at once). The search itself is
// `trainscope-cli search` (ui/search/search_window.h).
#pragma once

#include "engine/search/search_record.h"

#include <QDialog>

#include <nlohmann/json.hpp>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace trainscope::ui {

class SearchDialog : public QDialog {
  Q_OBJECT
 public:
  SearchDialog(const nlohmann::json& experiment, QWidget* parent = nullptr);

  static constexpr int kRows = 4;
  enum Kind { LogUniform, Uniform, Integer, Values };

  // The space and settings (valid once check() passed).
  const nlohmann::json& space() const { return space_; }
  SearchSettings settings() const;
  // Fills row `row`, for tests and presets; `values` as typed ("1e-4, 0.1" or "32, 64").
  void setDimension(int row, const QString& field, Kind kind, const QString& values);
  void setTrials(int trials);
  // Builds the space and plans the search; false (with the problem shown) when it cannot run.
  bool check();

 private:
  void addRow(int row, const QStringList& fields);
  nlohmann::json dimension(int row) const;  // null for an empty row

  nlohmann::json experiment_, space_;
  QComboBox* fields_[kRows];
  QComboBox* kinds_[kRows];
  QLineEdit* values_[kRows];
  QSpinBox* trials_;
  QComboBox* sampler_;
  QCheckBox* halving_;
  QCheckBox* parallel_;
  QLabel* status_;
};

}  // namespace trainscope::ui
