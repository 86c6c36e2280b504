// The Data page's view of a table: its rows (virtualised), what to predict and as which
// task, each column's profile (type, missing share, values, whether the model uses it),
// and a chart of the selected column: a histogram of a number, the most frequent levels
// of a category, the target's balance per split.
#pragma once

#include "engine/data/dataset.h"
#include "engine/data/table_profile.h"

#include <nlohmann/json.hpp>

#include <QStringList>
#include <QVector>
#include <QWidget>

#include <map>
#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QStackedWidget;
class QTableView;
class QTableWidget;

namespace trainscope::widgets {
class ClassChart;
class HistogramPlot;
}  // namespace trainscope::widgets

namespace trainscope::ui {

class TableModel;

class TableBrowser : public QWidget {
  Q_OBJECT
 public:
  explicit TableBrowser(QWidget* parent = nullptr);

  // A table's splits, and the experiment's "dataset" section they were read with.
  void setDataset(std::shared_ptr<const DatasetSplits> splits, const nlohmann::json& section);
  // Shows the profile and chart of column `column` of the table.
  void selectColumn(int column);

  // For tests.
  QTableView* view() const { return view_; }
  QTableWidget* columnTable() const { return columns_; }
  QComboBox* targetBox() const { return target_; }
  QComboBox* taskBox() const { return task_; }
  QLabel* summaryLabel() const { return summary_; }
  QPushButton* tryButton() const { return try_; }
  QPushButton* textButton() const { return text_; }             // "Classify this text…": the selected text column
  std::map<std::string, std::string> rowValues(int row) const;  // the row's cells by column name
  QLabel* chartTitle() const { return chartTitle_; }
  widgets::HistogramPlot* histogram() const { return histogram_; }
  widgets::ClassChart* bars() const { return bars_; }
  bool profiled() const { return !profiles_.empty(); }

 signals:
  // The user chose another target, task or set of columns: the section to import.
  void reimportRequested(nlohmann::json section);
  void profilesShown();
  // "Try the model…": the selected row's cells (column -> text) to start the form from.
  void tryRequested(std::map<std::string, std::string> row);

 private:
  struct Profiles {
    quint64 generation = 0;
    std::vector<ColumnProfile> columns;
    QStringList classes;  // a classification's target, with its rows per split
    QVector<qint64> train, val;
  };
  QWidget* makeChoices();
  QWidget* makeProfiles();
  void showProfiles(Profiles p);
  void fillColumnRow(int row, const ColumnProfile& p);
  QString useOf(const std::string& column, QString* why) const;
  void requestSection(const std::string& key, const nlohmann::json& value);
  void columnToggled(int row);

  TableModel* model_;
  QTableView* view_;
  QComboBox *target_, *task_;
  QPushButton *try_, *text_;
  QLabel *summary_, *chartTitle_;
  QTableWidget* columns_;
  QStackedWidget* chart_;
  widgets::HistogramPlot* histogram_;
  widgets::ClassChart* bars_;
  std::shared_ptr<const DatasetSplits> splits_;
  nlohmann::json section_;
  std::vector<ColumnProfile> profiles_;
  QStringList classes_;
  QVector<qint64> trainCounts_, valCounts_;
  quint64 generation_ = 0;
  bool filling_ = false;  // checkboxes set by the page, not by a click
};

}  // namespace trainscope::ui
