// Train: start, pause, resume and stop the experiment, and watch it learn: loss per
// step (raw, faint, with an EMA on top) and per epoch, accuracy, learning rate, epoch
// boundaries; progress with samples/s and ETA; the engine's log. A run that stopped
// before its end (or could train further) is offered for resuming, in the same folder.
#pragma once

#include "engine/run/events.h"

#include <QWidget>

class QLabel;
class QLayout;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QSlider;

namespace trainscope::widgets {
class Gauge;
class LiveCurvePlot;
}  // namespace trainscope::widgets

namespace trainscope::ui {

class BatchStepDialog;
class ExperimentDocument;
class ResumeBanner;
struct TrainHistory;
class TrainingController;

class TrainPage : public QWidget {
  Q_OBJECT
 public:
  TrainPage(ExperimentDocument* document, TrainingController* controller, QWidget* parent = nullptr);

  void start();
  void togglePause();
  // While paused: one batch forward, shown layer by layer (BatchStepDialog).
  void stepOneBatch();
  QPushButton* stepButton() const { return step_; }
  BatchStepDialog* stepDialog() const { return stepDialog_; }
  void stop();
  // Continues a recorded run from its last checkpoint, in this window: its curves come
  // back from its record and go on. `epochs` > 0 trains to that many in all.
  // By value: the banner that asks clears its own folder once the run starts.
  void resumeRun(QString runDir, qint64 epochs = 0);
  // Shows a run another writer trains, live and read-only (TrainingController::followRun).
  void followRun(QString runDir);
  // Shows a recorded run (the one the app was closed or killed on): its curves, where it
  // stands, and the offer to resume it; nothing when it cannot resume.
  void showRecordedRun(const QString& runDir);
  // The run this page shows or last trained, for the next start of the app.
  QString lastRunDir() const { return lastRunDir_; }
  ResumeBanner* resumeBanner() const { return resume_; }

  QPushButton* startButton() const { return start_; }
  QPushButton* pauseButton() const { return pause_; }
  QSpinBox* processesBox() const { return processes_; }
  QPushButton* stopButton() const { return stop_; }
  QProgressBar* progressBar() const { return progress_; }
  QLabel* messageLabel() const { return message_; }
  // What the run is doing ("epoch 2/10 · step 40/94", "Stopping after this step…").
  QLabel* statusLabel() const { return epochLabel_; }
  // samples/s, elapsed and ETA while it trains; elapsed alone once it has ended.
  QLabel* speedLabel() const { return speedLabel_; }
  // The run queue's progress (a lesson's or a grid's runs, trained beside this page's
  // run); hidden when empty.
  void setQueueStatus(const QString& text);
  // Clears what the last run left (curves, status, log), unless this page's run is
  // active; `status` says what is happening instead (a lesson training in the background).
  void clearLastRun(const QString& status);
  QLabel* queueLabel() const { return queueLabel_; }
  // The queue has finished: what clearLastRun said ("… trains in the background") goes.
  void queueEnded();
  widgets::LiveCurvePlot* lossPlot() const { return loss_; }
  widgets::LiveCurvePlot* accuracyPlot() const { return accuracy_; }
  widgets::LiveCurvePlot* lrPlot() const { return lr_; }
  int stepSeries() const { return stepLoss_; }
  int averageAccuracySeries() const { return emaAcc_; }  // training.ema_decay's
  QPlainTextEdit* log() const { return log_; }
  // A compact gauge of the process's memory; the System page has the details.
  widgets::Gauge* memoryGauge() const { return memory_; }

 signals:
  void runFailed(const QString& message);

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  // The page's parts, built once by the constructor.
  QLayout* makeControlBar();
  QLayout* makeStatusRow();
  QWidget* makePlots();
  QLayout* makePlotBar();
  void connectControls();
  void connectRun();
  void startTimers();
  void updateButtons();
  void onStarted(const RunStarted& info);
  void onSteps(const QVector<StepMetrics>& steps);
  void onEpoch(const EpochMetrics& e);
  void showRegressionFit(bool regression, bool averaged = false);
  void showPaddingShare(bool text);
  void onProgress(const Progress& p);
  void showProgressLabels();
  void showProgressBar();
  void onLog(const LogLine& l);
  void followLog();
  void refreshPlots();
  void onStateChanged(RunState state, const QString& reason);
  void showCleanPage(const QString& status);
  void showSpeed();
  QString sharedMachineNote() const;
  void setEmptyRanges();
  // Offers to resume or extend `runDir` once its entry is read (in the background).
  void offerResume(const QString& runDir, bool showCurves);
  // A resumed run's recorded curves, read in the background up to `upToStep`; the live
  // points that arrive meanwhile wait in held*_ and follow them.
  void loadHistory(const QString& runDir, int64_t upToStep);
  void showHistory(TrainHistory history);

  ExperimentDocument* doc_;
  TrainingController* controller_;
  QPushButton *start_, *pause_, *step_, *stop_, *resetView_;
  QSpinBox* processes_;  // data-parallel ranks on this machine (1: in the app's process)
  BatchStepDialog* stepDialog_ = nullptr;
  QProgressBar* progress_;
  QLabel *epochLabel_, *speedLabel_, *message_, *runLabel_, *queueLabel_;
  int startThreads_ = 0;  // what the run started with; fewer while other work holds the CPUs
  QSlider* smoothing_;
  widgets::LiveCurvePlot *loss_, *accuracy_, *lr_;
  int stepLoss_ = -1, valLoss_ = -1, trainAcc_ = -1, valAcc_ = -1, valR2_ = -1, lrSeries_ = -1;
  int emaLoss_ = -1, emaAcc_ = -1, emaR2_ = -1;  // training.ema_decay: the weights' moving average
  bool showsR2_ = false;                         // the fit plot shows a regression's R², not accuracy
  bool showsAverage_ = false;                    // and the validation of the weights' moving average
  int padding_ = -1;
  bool showsPadding_ = false;  // the learning-rate plot shows text's padding share instead
  QPlainTextEdit* log_;
  widgets::Gauge* memory_;
  int64_t stepsPerEpoch_ = 0;
  Progress last_;               // the newest progress, for the ticking clock
  qint64 lastArrivedMs_ = -1;   // when it arrived (QDateTime ms)
  qint64 labelsShownMs_ = -1;   // when the status labels last showed it
  bool labelsPending_ = false;  // a newer one waits for showProgressLabels
  bool stopping_ = false, pausing_ = false;
  bool startBlockedShown_ = false;  // message_ says why Start is disabled
  bool breakpointShown_ = false;    // message_ says what a breakpoint saw, while paused
  bool logFollows_ = true;          // the log shows its newest line (until the user scrolls up)
  bool followingLog_ = false;       // the page itself is scrolling it
  int nextPlot_ = 0;
  ResumeBanner* resume_;
  QString queueStatus_;  // what clearLastRun put in the status label
  QString lastRunDir_;
  int historyGeneration_ = 0;  // a newer page state drops an older read's result
  bool historyPending_ = false;
  QVector<StepMetrics> heldSteps_;
  QVector<EpochMetrics> heldEpochs_;
};

}  // namespace trainscope::ui
