// The Mistakes page of a regression: the validation rows' predictions against the truth
// (a scatter over the diagonal), the rows of largest residual, and the values of the
// row picked in either, as the table file holds them.
#pragma once

#include "engine/sample_report.h"

#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QTableWidget;

namespace trainscope::widgets {
class ResidualPlot;
}

namespace trainscope::ui {

class ResidualsView : public QWidget {
  Q_OBJECT
 public:
  explicit ResidualsView(QWidget* parent = nullptr);
  void setDiagnosis(std::shared_ptr<const RunDiagnosis> diagnosis);
  void selectRow(int row);  // a validation index
  // The page's status line: when residuals.h5 was read, or why it is not shown.
  static QString statusText(const RunDiagnosis& r, double seconds);

  // For tests.
  widgets::ResidualPlot* plot() const { return plot_; }
  QTableWidget* largest() const { return largest_; }
  QTableWidget* values() const { return values_; }
  QLabel* summary() const { return summary_; }

 private:
  std::shared_ptr<const RunDiagnosis> diagnosis_;
  std::vector<int64_t> order_;  // the rows of `largest_`, as validation indices
  QLabel* summary_;
  widgets::ResidualPlot* plot_;
  QTableWidget *largest_, *values_;
};

}  // namespace trainscope::ui
