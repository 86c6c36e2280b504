// The main window only assembles: a sidebar of pages, menus and shortcuts, the status
// bar, remembered settings, folder drops, and a clean stop when closed mid-run.
#pragma once

#include "engine/repro/collect_runs.h"

#include "engine/config/config_checks.h"
#include "engine/config/experiment_grid.h"
#include "engine/run/lesson.h"

#include "engine/run/events.h"

#include <QFont>

#include <QMainWindow>

#include <map>
#include <optional>
#include <string>

class QLabel;
class QListWidget;
class QStackedWidget;

namespace trainscope::ui {

class DataPage;
class ExperimentDocument;
class ModelPage;
class TrainPage;
class InspectPage;
class MistakesPage;
class SystemPage;
class ComparePage;
class LessonsPage;
class RunQueue;
class DesktopNotifier;
class SearchWindow;
class SystemSampler;
class TrainingController;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  enum Page { Data, Model, Train, Compare, Inspect, Mistakes, System, Lessons, PageCount };

  MainWindow(ExperimentDocument* document, TrainingController* controller, QWidget* parent = nullptr);

  void showPage(Page page);
  // Follows a run folder live on the Train page (File ▸ Follow Run…, Compare's Follow live).
  void followRun(const QString& dir);
  QWidget* page(Page page) const;
  DataPage* dataPage() const { return data_; }
  ModelPage* modelPage() const { return model_; }
  TrainPage* trainPage() const { return train_; }
  InspectPage* inspectPage() const { return inspect_; }
  MistakesPage* mistakesPage() const { return mistakes_; }
  SystemPage* systemPage() const { return system_; }
  SystemSampler* systemSampler() const { return sampler_; }
  ComparePage* comparePage() const { return compare_; }
  LessonsPage* lessonsPage() const { return lessons_; }
  RunQueue* runQueue() const { return queue_; }
  QStackedWidget* pages() const { return pages_; }

  bool openExperiment(const QString& path);
  void openExperimentDialog();
  bool saveExperiment(const QString& path);
  void saveExperimentDialog();
  void importLastOrDefaultDataset(const QString& requested);
  // View > Presentation mode: larger fonts and lines, a high-contrast plot theme (kept
  // for the next start).
  void setPresentationMode(bool on);
  bool presentationMode() const;
  // The top 5 of the newest trained model (this session's run, else the runs folder's).
  void classifyWithLatestModel(const QString& imagePath);
  void tryTableModel(std::map<std::string, std::string> row);
  void tryTextModel(const QString& text);
  // Run ▸ Try on Camera or Video…: the newest image run's model on live frames.
  void tryOnCamera();
  // A class's collected runs on Compare: filtered by their tag and ticked.
  void showCollection(const Collection& collection);
  QString latestTrainedRun(DataFamily data) const;
  // The welcome (first start, and Help > Welcome): window-modal, returns at once.
  void showWelcome();
  // When false, closing never asks (tests); the run is still stopped cleanly.
  void setConfirmClose(bool on) { confirmClose_ = on; }
  // A close asked for while a run trains: the window closes when the run has stopped.
  bool closingAfterStop() const { return closeWhenStopped_; }
  // Rewind and fork (Run menu, a breakpoint's dialog, Compare's run menu): the app's own
  // run is stopped first; then the dialog, and the child trains on the Train page.
  // `hitStep`: a breakpoint's step, or -1.
  void rewindAndFork(const QString& dir, qint64 hitStep);
  void forkAndTrain(const QString& dir, qint64 step, const QStringList& changes);

 protected:
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  // The window's parts, built once by the constructor.
  void makePages();
  void makeSidebar();
  void makeStatusBar();
  void connectPages();
  void connectQueue();
  void connectNotifications();
  void fitToScreen();
  void buildMenus();
  void showError(const QString& title, const QString& message);
  void updateStatus();
  void updateQueueStatus();
  QString queueName() const;  // "Lesson 1", "Grid", or "Queue"
  void showAbout();
  void showGuardTrip(const GuardTripped& trip);
  void openLessonComparison(const Lesson& lesson);
  QString lessonTitle(const Lesson& lesson) const;
  QString lessonExplanation(const Lesson& lesson) const;
  void chooseLanguage(const QString& language);
  void openGridDialog();
  // The Model page's search (shell/main_window_search.cpp): the dialog, then its window.
  void openSearchDialog();
  void openSearchFolder();  // Run > Open Search…
  SearchWindow* searchWindow();
  // Breakpoints and forks (shell/main_window_fork.cpp).
  void connectForks();
  bool isControllersRun(const QString& dir) const;
  void showBreakpoint(const BreakpointHit& hit);
  // Run > Resume Last Run (with more epochs: asks how many).
  void resumeLastRun(bool moreEpochs);

 public:
  // Queues a grid's runs and opens their comparison.
  void queueGrid(const std::vector<GridRun>& runs, bool twoAtOnce);

 private:
  ExperimentDocument* doc_;
  TrainingController* controller_;
  QListWidget* sidebar_;
  QStackedWidget* pages_;
  DataPage* data_;
  ModelPage* model_;
  TrainPage* train_;
  InspectPage* inspect_;
  MistakesPage* mistakes_;
  SystemPage* system_;
  SystemSampler* sampler_;
  ComparePage* compare_;
  LessonsPage* lessons_;
  RunQueue* queue_;
  QStringList lessonRuns_;        // the folders of the lesson being compared
  std::optional<Lesson> lesson_;  // that lesson (none for a grid)
  QString queueTitle_;
  QAction* presentation_ = nullptr;
  DesktopNotifier* notifier_ = nullptr;
  SearchWindow* search_ = nullptr;  // made on first use
  QFont baseFont_;  // the application font outside presentation mode      // "Lesson 1", "Grid": what the run queue is
                    // working through
  QLabel *runState_, *datasetLabel_;
  bool confirmClose_ = true;
  bool closeWhenStopped_ = false;
};

}  // namespace trainscope::ui
