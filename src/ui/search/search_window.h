// A search, live: its parallel-coordinates plot (one line per trial; drag along an
// axis to keep a range), a sortable table of its trials filtered by the plot's
// ranges, its progress, and once it ends, whether its best trial beat the preset and
// why not. It starts, stops and resumes the search's trainscope-cli (SearchProcess)
// and follows the search folder's search.json, read off the GUI thread when it changes.
#pragma once

#include "engine/search/search_record.h"

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>

class QHBoxLayout;
class QLabel;
class QPushButton;
class QTableWidget;
class QTimer;

namespace trainscope::widgets {
class ParallelCoordinates;
}

namespace trainscope::ui {

class SearchProcess;

class SearchWindow : public QWidget {
  Q_OBJECT
 public:
  explicit SearchWindow(QWidget* parent = nullptr);
  ~SearchWindow() override;

  // Starts a search of `experiment` over `space`; false with `error` when it cannot.
  bool start(const nlohmann::json& experiment, const nlohmann::json& space, const SearchSettings& settings,
             QString* error);
  // Shows a search folder (a finished one, or one to resume).
  void follow(const QString& folder);
  bool searching() const;
  QString folder() const { return folder_; }
  // Reads search.json now (tests; the timer does it otherwise).
  void reloadNow();

  widgets::ParallelCoordinates* plot() const { return plot_; }
  QTableWidget* table() const { return table_; }
  const SearchRecord& record() const { return record_; }

 signals:
  // Compare these trials' runs, against the preset's (`baseline`, "" when none).
  void compareRequested(const QStringList& runDirs, const QString& baseline);

 private:
  void buildButtons(QWidget* parent, QHBoxLayout* row);
  void refresh();
  void display(SearchRecord record);
  void fillTable();
  void filterRows();
  void updateButtons();
  void showOutcome();
  void watchProcess();
  void resumeSearch();
  void compareTrials();

  QString folder_;
  SearchRecord record_;
  std::unique_ptr<SearchProcess> process_;
  QDateTime seen_;  // search.json's modification time last read
  bool loading_ = false;
  bool sorted_ = false;  // the table had its first sort (by the metric)
  QLabel *title_, *progress_, *outcome_;
  widgets::ParallelCoordinates* plot_;
  QTableWidget* table_;
  QPushButton *stop_, *resume_, *compare_, *clear_;
  QTimer* timer_;
};

}  // namespace trainscope::ui
