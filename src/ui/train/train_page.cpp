#include "ui/train/train_page.h"

#include "ui/experiment/experiment_document.h"
#include "ui/run/breakpoint_report.h"
#include "ui/run/training_controller.h"
#include "ui/train/batch_step_dialog.h"
#include "ui/train/resume_banner.h"
#include "ui/translation.h"
#include "widgets/gauge.h"
#include "widgets/live_curve_plot.h"
#include "widgets/presentation_layout.h"

#include "engine/system/usable_cores.h"

#include <QDateTime>

#include <QDir>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace trainscope::ui {

namespace {

// How often the wrapping status labels take a new step count and speed while a run trains.
constexpr qint64 kProgressLabelIntervalMs = 250;

QString duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "--:--";
  const auto s = static_cast<qint64>(seconds + 0.5);
  return s >= 3600
             ? QString("%1:%2:%3").arg(s / 3600).arg(s / 60 % 60, 2, 10, QChar('0')).arg(s % 60, 2, 10, QChar('0'))
             : QString("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QChar('0'));
}
const QColor kBlue(31, 119, 180), kOrange(255, 127, 14), kGreen(44, 160, 44), kPurple(148, 103, 189), kRed(214, 39, 40);
}  // namespace

TrainPage::TrainPage(ExperimentDocument* document, TrainingController* controller, QWidget* parent)
    : QWidget(parent), doc_(document), controller_(controller) {
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(makeControlBar());
  layout->addLayout(makeStatusRow());
  layout->addWidget(queueLabel_);
  layout->addWidget(resume_ = new ResumeBanner(this));
  layout->addWidget(message_);
  layout->addLayout(makePlotBar());
  layout->addWidget(makePlots(), 1);
  layout->addWidget(runLabel_);

  connectControls();
  connectRun();
  startTimers();
  setEmptyRanges();
  updateButtons();
}

// Start, Pause, Step, Stop, the processes, the progress and the memory gauge.
QLayout* TrainPage::makeControlBar() {
  start_ = new QPushButton(tr("Start"), this);
  start_->setToolTip(tr("Train the experiment (F5). The run is recorded under the runs folder, as from the CLI."));
  pause_ = new QPushButton(tr("Pause"), this);
  step_ = new QPushButton(tr("Step"), this);
  step_->setToolTip(tr("While paused: train one batch and show what each layer made of its first image (F7)."));
  stop_ = new QPushButton(tr("Stop"), this);
  processes_ = new QSpinBox(this);
  processes_->setRange(1, std::max(2, usableCores().count));
  processes_->setPrefix(tr("Processes: "));
  processes_->setToolTip(
      tr("Train on this many processes of this machine, data parallel (torch.distributed over Gloo, as torchrun): "
         "each takes its share of every batch's samples and of the cores. Pause and Step are not offered then; "
         "Stop stops every process with a checkpoint."));
  stop_->setToolTip(tr("Stop after the current step. The run keeps its record and a checkpoint to resume from."));
  progress_ = new QProgressBar(this);
  progress_->setFormat("%p%");
  progress_->setMinimumWidth(60);  // it shrinks first on a projector
  auto* bar = new QHBoxLayout();
  bar->addWidget(start_);
  bar->addWidget(pause_);
  bar->addWidget(step_);
  bar->addWidget(stop_);
  bar->addWidget(processes_);
  bar->addWidget(progress_, 1);
  memory_ = new widgets::Gauge(tr("Memory"), this);
  memory_->setFixedWidth(150);
  bar->addWidget(memory_);
  return bar;
}

// The epoch and the speed, and the messages under them.
QLayout* TrainPage::makeStatusRow() {
  // Below the buttons, wrapping: a long status never widens the window (1024x768).
  epochLabel_ = new QLabel(this);
  epochLabel_->setWordWrap(true);
  speedLabel_ = new QLabel(this);
  speedLabel_->setWordWrap(true);
  speedLabel_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  message_ = new QLabel(this);
  message_->setWordWrap(true);
  message_->setStyleSheet("color: #b00020;");
  queueLabel_ = new QLabel(this);
  queueLabel_->setWordWrap(true);
  queueLabel_->setStyleSheet("background-color: #e8f0fe; padding: 3px;");
  queueLabel_->hide();
  runLabel_ = new QLabel(this);
  runLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // A long runs folder never widens the window: the label may be cut, the tooltip has all.
  runLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

  auto* statusRow = new QHBoxLayout();
  statusRow->addWidget(epochLabel_, 1);
  statusRow->addWidget(speedLabel_, 1);

  return statusRow;
}

// The loss, accuracy and learning-rate curves over the log.
QWidget* TrainPage::makePlots() {
  loss_ = new widgets::LiveCurvePlot(this);
  loss_->setAxisLabels(tr("step"), tr("loss"));
  stepLoss_ = loss_->addSeries(tr("training loss"), {kBlue, false, true, false});
  valLoss_ = loss_->addSeries(tr("validation loss"), {kOrange, true, false, false});
  emaLoss_ = loss_->addSeries(tr("EMA validation loss"), {kRed, true, false, false});
  accuracy_ = new widgets::LiveCurvePlot(this);
  accuracy_->setAxisLabels(tr("epoch"), tr("accuracy"));
  accuracy_->setIntegerX(true);
  trainAcc_ = accuracy_->addSeries(tr("training accuracy"), {kBlue, true, false, false});
  valAcc_ = accuracy_->addSeries(tr("validation accuracy"), {kOrange, true, false, false});
  valR2_ = accuracy_->addSeries(tr("validation R²"), {kOrange, true, false, false});
  emaAcc_ = accuracy_->addSeries(tr("EMA validation accuracy"), {kRed, true, false, false});
  emaR2_ = accuracy_->addSeries(tr("EMA validation R²"), {kRed, true, false, false});
  showRegressionFit(false);
  lr_ = new widgets::LiveCurvePlot(this);
  lr_->setAxisLabels(tr("step"), tr("learning rate"));
  lr_->setValueFromZero(true);
  lrSeries_ = lr_->addSeries(tr("learning rate"), {kGreen, false, false, false});
  padding_ = lr_->addSeries(tr("padding share (per step)"), {kPurple, false, false, false});
  showPaddingShare(false);

  log_ = new QPlainTextEdit(this);
  log_->setReadOnly(true);
  log_->setMaximumBlockCount(5000);
  // The log follows new lines until the user scrolls up, and again once they scroll
  // back to the end. QPlainTextEdit follows only while it is on screen: lines that came
  // while another page was shown left it behind for good.
  connect(log_->verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
    if (log_->isVisible() && !followingLog_) logFollows_ = value >= log_->verticalScrollBar()->maximum() - 2;
  });

  // The loss over the accuracy and the learning rate, side by side.
  auto* plots = new QWidget(this);
  auto* rows = new QVBoxLayout(plots);
  rows->setContentsMargins(0, 0, 0, 0);
  auto* lower = new QHBoxLayout;
  lower->addWidget(accuracy_);
  lower->addWidget(lr_);
  rows->addWidget(loss_, 3);
  rows->addLayout(lower, 2);
  auto* splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(plots);
  splitter->addWidget(log_);
  splitter->setStretchFactor(0, 4);
  splitter->setStretchFactor(1, 1);
  // A projector shows the loss and the accuracy, large; the learning rate, the log and
  // the processes wait for the desk (the log's handle drags it open).
  auto* projector = new widgets::PresentationLayout(this);
  projector->drop(lr_);
  projector->drop(processes_);
  projector->drop(runLabel_);
  projector->fold(splitter, 1);
  projector->onChange([rows](bool on) { rows->setStretch(1, on ? 3 : 2); });  // the accuracy as tall as the loss
  return splitter;
}

// Smoothing and Reset view.
QLayout* TrainPage::makePlotBar() {
  smoothing_ = new QSlider(Qt::Horizontal, this);
  smoothing_->setRange(0, 99);
  smoothing_->setValue(60);
  smoothing_->setToolTip(
      tr("Smoothing of the training loss (an exponential moving average, as TensorBoard's). "
         "The raw curve stays faint behind it."));
  auto* smoothingLabel = new QLabel(tr("Smoothing 0.60"), this);
  resetView_ = new QPushButton(tr("Reset view"), this);
  resetView_->setToolTip(tr("Drag to pan, wheel to zoom; this (or a double-click) follows the data again."));
  auto* plotBar = new QHBoxLayout();
  plotBar->addWidget(smoothingLabel);
  plotBar->addWidget(smoothing_, 1);
  plotBar->addWidget(resetView_);

  connect(resetView_, &QPushButton::clicked, this, [this] {
    for (auto* p : {loss_, accuracy_, lr_}) p->resetView();
  });
  connect(smoothing_, &QSlider::valueChanged, this, [this, smoothingLabel](int v) {
    smoothingLabel->setText(tr("Smoothing %1").arg(v / 100.0, 0, 'f', 2));
    loss_->setSmoothing(v / 100.0);
    loss_->redraw();
  });
  return plotBar;
}

void TrainPage::connectControls() {
  connect(start_, &QPushButton::clicked, this, &TrainPage::start);
  connect(pause_, &QPushButton::clicked, this, &TrainPage::togglePause);
  connect(stop_, &QPushButton::clicked, this, &TrainPage::stop);
  connect(step_, &QPushButton::clicked, this, &TrainPage::stepOneBatch);
  connect(controller_, &TrainingController::batchSnapshot, this, [this](const BatchSnapshot& s) {
    if (!stepDialog_) stepDialog_ = new BatchStepDialog(this);
    stepDialog_->show(s);
  });
}

// The run's events, and the document's changes, shown as they come.
void TrainPage::connectRun() {
  connect(doc_, &ExperimentDocument::changed, this, &TrainPage::updateButtons);
  connect(doc_, &ExperimentDocument::datasetChanged, this, &TrainPage::updateButtons);
  connect(controller_, &TrainingController::started, this, &TrainPage::onStarted);
  connect(controller_, &TrainingController::stepsArrived, this, &TrainPage::onSteps);
  connect(controller_, &TrainingController::epochArrived, this, &TrainPage::onEpoch);
  connect(controller_, &TrainingController::progressed, this, &TrainPage::onProgress);
  connect(controller_, &TrainingController::logLine, this, &TrainPage::onLog);
  connect(controller_, &TrainingController::stateChanged, this, &TrainPage::onStateChanged);
  connect(controller_, &TrainingController::failed, this, [this](const QString& m) {
    message_->setText(tr("The run failed: %1").arg(m));
    startBlockedShown_ = false;
    emit runFailed(m);
  });
  connect(doc_, &ExperimentDocument::changed, this, [this] {
    if (!controller_->isActive() && accuracy_->pointCount(valAcc_) == 0) setEmptyRanges();
  });
  connect(resume_, &ResumeBanner::resumeRequested, this, &TrainPage::resumeRun);
  connect(controller_, &TrainingController::launchFailed, this, [this](const QString& m) {
    epochLabel_->clear();
    message_->setText(tr("Cannot resume: %1").arg(m));
    startBlockedShown_ = false;
    updateButtons();
    offerResume(lastRunDir_, false);
  });
  connect(controller_, &TrainingController::ended, this, [this] { offerResume(controller_->runDir(), false); });
  connect(controller_, &TrainingController::breakpointHit, this, [this](const BreakpointHit& hit) {
    message_->setText(tr("Breakpoint: %1\nResume (F6) to go on, or Run ▸ Rewind and Fork… to go back and try other "
                         "settings.")
                          .arg(BreakpointReport::text(hit)));
    breakpointShown_ = true;
  });
}

void TrainPage::startTimers() {
  // Every point arrives through the controller's drain; plots redraw on the same
  // ~30 Hz tick, once each, whatever arrived in between.
  auto* replot = new QTimer(this);
  replot->setInterval(controller_->drainIntervalMs());
  connect(replot, &QTimer::timeout, this, &TrainPage::refreshPlots);
  replot->start();
  // The clock keeps going between progress events (a slow step, a stop that waits
  // for its step to end): elapsed is never frozen while the run works.
  auto* clock = new QTimer(this);
  clock->setInterval(1000);
  connect(clock, &QTimer::timeout, this, [this] {
    if (controller_->isActive() && controller_->state() != RunState::Paused) showSpeed();
  });
  clock->start();
}

void TrainPage::setQueueStatus(const QString& text) {
  queueLabel_->setText(text);
  queueLabel_->setVisible(!text.isEmpty());
}

void TrainPage::setEmptyRanges() {
  // Before the first point: accuracy over the epochs to come, 0..1; not QCustomPlot's -5..5.
  const double epochs = doc_->config() ? std::max(2, doc_->config()->epochs) : 10;
  accuracy_->setEmptyRange(1, epochs, 0, 1);
  loss_->setEmptyRange(0, 100, 0, 2.5);
  lr_->setEmptyRange(0, 100, 0, doc_->config() ? doc_->config()->optimizer.lr * 1.1 : 0.1);
  for (auto* p : {loss_, accuracy_, lr_}) p->redraw();
}

void TrainPage::onStateChanged(RunState state, const QString& reason) {
  if (labelsPending_) showProgressBar();  // the last step taken; the labels say the state below
  labelsPending_ = false;
  if (state == RunState::Paused || state == RunState::Running) pausing_ = false;
  if (breakpointShown_ && state != RunState::Paused) message_->clear(), breakpointShown_ = false;  // gone on
  if (isFinal(state)) stopping_ = pausing_ = false;
  if (isFinal(state) && stepDialog_) stepDialog_->hide();  // it showed a run that has ended
  updateButtons();
  if (state == RunState::Paused && !stopping_) {
    epochLabel_->setText(tr("Paused at epoch %1/%2 · step %3/%4 — press Resume (F6) to go on")
                             .arg(last_.epoch)
                             .arg(last_.epochs)
                             .arg(last_.step_in_epoch)
                             .arg(last_.steps_per_epoch));
  } else if (state == RunState::Stopped && !reason.isEmpty()) {
    // "Stopped by request", not "stopped: stopped by request".
    epochLabel_->setText(reason.left(1).toUpper() + reason.mid(1));
  } else if (isFinal(state)) {
    const QString name = statusName(QString::fromLatin1(toString(state)));
    epochLabel_->setText(reason.isEmpty() ? name.left(1).toUpper() + name.mid(1)
                                          : tr("%1: %2").arg(name.left(1).toUpper() + name.mid(1), reason));
  }
  showSpeed();
}

void TrainPage::showSpeed() {
  const RunState state = controller_->state();
  if (lastArrivedMs_ < 0) {
    speedLabel_->clear();
    return;
  }
  double elapsed = last_.elapsed;
  if (controller_->isActive() && state != RunState::Paused)
    elapsed += static_cast<double>(QDateTime::currentMSecsSinceEpoch() - lastArrivedMs_) / 1000.0;
  if (isFinal(state))  // no ETA and no speed that are no longer true
    speedLabel_->setText(tr("elapsed %1").arg(duration(last_.elapsed)));
  else if (state == RunState::Paused)
    speedLabel_->setText(tr("paused · elapsed %1").arg(duration(last_.elapsed)));
  else if (stopping_)
    speedLabel_->setText(tr("elapsed %1").arg(duration(elapsed)));
  else
    speedLabel_->setText(tr("%1 samples/s · elapsed %2 · ETA %3")
                             .arg(QLocale().toString(last_.samples_per_sec, 'f', 0))
                             .arg(duration(elapsed), duration(std::max(0.0, last_.eta - (elapsed - last_.elapsed)))) +
                         sharedMachineNote());
}

// The run fits its threads to other work on the machine (its log says why at each change).
QString TrainPage::sharedMachineNote() const {
  if (last_.threads <= 0 || (last_.threads >= startThreads_ && !last_.passive_waits)) return {};
  return last_.threads < startThreads_
             ? tr(" · %1 of %n thread(s) while other work holds the CPUs", nullptr, startThreads_).arg(last_.threads)
             : tr(" · %n thread(s), waiting asleep while other work holds the CPUs", nullptr, last_.threads);
}

void TrainPage::refreshPlots() {
  if (labelsPending_ && QDateTime::currentMSecsSinceEpoch() - labelsShownMs_ >= kProgressLabelIntervalMs)
    showProgressLabels();
  // At most one plot draws per tick, taking turns: the GUI thread is never blocked by
  // several long replots in a row.
  widgets::LiveCurvePlot* plots[] = {loss_, accuracy_, lr_};
  for (int i = 0; i < 3; ++i) {
    nextPlot_ = (nextPlot_ + 1) % 3;
    if (plots[nextPlot_]->refresh()) return;
  }
}

void TrainPage::updateButtons() {
  const bool active = controller_->isActive();
  const bool canStart = !active && doc_->isValid() && doc_->dataset() != nullptr;
  start_->setEnabled(canStart);
  pause_->setEnabled(active && !stopping_ && !pausing_ && !controller_->multiProcess() && !controller_->following());
  processes_->setEnabled(!active);
  stop_->setEnabled(active && !stopping_);
  step_->setEnabled(controller_->state() == RunState::Paused && !stopping_);
  stop_->setText(stopping_ ? tr("Stopping…") : controller_->following() ? tr("Stop following") : tr("Stop"));
  pause_->setText(controller_->state() == RunState::Paused ? tr("Resume") : tr("Pause"));
  pause_->setToolTip(controller_->state() == RunState::Paused ? tr("Continue training (F6)")
                                                              : tr("Pause between two steps (F6)"));
  if (active) return;
  // Which message this wrote is remembered, not recognised by its words: a translated
  // prefix never matched, and the red "import a dataset" stayed after the import.
  if (!doc_->dataset()) {
    message_->setText(tr("Import a dataset on the Data page first."));
    startBlockedShown_ = true;
  } else if (!doc_->isValid()) {
    message_->setText(tr("Start is blocked until the experiment is valid:\n%1").arg(doc_->problemText()));
    startBlockedShown_ = true;
  } else if (startBlockedShown_) {
    message_->clear();
    startBlockedShown_ = false;
  }
}

void TrainPage::start() {
  if (!start_->isEnabled()) return;
  const ExperimentConfig* cfg = doc_->config();
  if (!cfg) return;
  QString error;
  if (!controller_->start(*cfg, &error, processes_->value())) {  // the last run's curves stay
    message_->setText(tr("Cannot start: %1").arg(error));
    startBlockedShown_ = false;
    emit runFailed(error);
    updateButtons();
    return;
  }
  showCleanPage(tr("Starting…"));
}

void TrainPage::clearLastRun(const QString& status) {
  if (controller_->isActive()) return;  // this page's own run is still going
  showCleanPage(status);
  queueStatus_ = status;
}

void TrainPage::queueEnded() {
  if (!queueStatus_.isEmpty() && epochLabel_->text() == queueStatus_) epochLabel_->clear();  // no longer true
  queueStatus_.clear();
}

void TrainPage::showCleanPage(const QString& status) {
  // Nothing of the last run stays on screen: curves, axis ranges, status, clock, and
  // the step-one-batch window.
  for (auto* p : {loss_, accuracy_, lr_}) p->clear();
  showRegressionFit(false);
  showPaddingShare(false);
  setEmptyRanges();
  log_->clear();
  logFollows_ = true;
  message_->clear();
  startBlockedShown_ = false;
  progress_->setValue(0);
  stopping_ = pausing_ = false;
  last_ = Progress{};
  lastArrivedMs_ = -1;
  epochLabel_->setText(status);
  speedLabel_->clear();
  runLabel_->clear();
  if (stepDialog_) stepDialog_->hide();
  ++historyGeneration_;
  historyPending_ = false;
  heldSteps_.clear();
  heldEpochs_.clear();
  resume_->withdraw();
  updateButtons();
}

void TrainPage::togglePause() {
  if (!controller_->isActive() || stopping_ || pausing_) return;
  if (controller_->state() == RunState::Paused) {
    controller_->resume();
    return;
  }
  // A pause takes effect between two steps: say so until it has.
  controller_->pause();
  pausing_ = true;
  epochLabel_->setText(tr("Pausing after this step…"));
  updateButtons();
}

void TrainPage::stepOneBatch() {
  if (controller_->state() != RunState::Paused || stopping_) return;
  controller_->stepOneBatch();
  epochLabel_->setText(tr("Stepping one batch…"));
  step_->setEnabled(false);  // until paused again
}

void TrainPage::stop() {
  if (!controller_->isActive() || stopping_) return;
  controller_->stop();
  // The step in flight finishes first (with a slow model, many seconds): say so at
  // once, and keep the clock going, so the app never looks hung.
  stopping_ = true;
  epochLabel_->setText(tr("Stopping after this step…"));
  updateButtons();
  showSpeed();
}

void TrainPage::onStarted(const RunStarted& info) {
  stepsPerEpoch_ = info.steps_per_epoch;
  startThreads_ = info.threads;
  lastRunDir_ = QString::fromStdString(info.run_dir);
  if (info.resumed) loadHistory(lastRunDir_, info.resumed_at_step);
  if (controller_->following())
    runLabel_->setText(tr("Run folder: %1 · followed live, read-only").arg(QString::fromStdString(info.run_dir)));
  else
    runLabel_->setText(tr("Run folder: %1 · %2, %n thread(s)", nullptr, info.threads)
                           .arg(QString::fromStdString(info.run_dir), QString::fromStdString(info.device)));
  runLabel_->setToolTip(QDir(QString::fromStdString(info.run_dir)).absolutePath());
}

void TrainPage::onSteps(const QVector<StepMetrics>& steps) {
  if (historyPending_) {
    heldSteps_ += steps;
    return;
  }
  for (const auto& m : steps) {
    loss_->append(stepLoss_, static_cast<double>(m.step), m.loss);
    if (std::isnan(m.padding)) {
      lr_->append(lrSeries_, static_cast<double>(m.step), m.lr);
      continue;
    }
    if (!showsPadding_) showPaddingShare(true);
    lr_->append(padding_, static_cast<double>(m.step), m.padding);
  }
}

void TrainPage::onEpoch(const EpochMetrics& e) {
  if (historyPending_) {
    heldEpochs_.push_back(e);
    return;
  }
  loss_->append(valLoss_, static_cast<double>(e.step), e.val_loss);
  loss_->addMarker(static_cast<double>(e.step));
  lr_->addMarker(static_cast<double>(e.step));
  const bool regression = !std::isnan(e.val_r2), averaged = !std::isnan(e.ema_val_loss);
  if (regression != showsR2_ || averaged != showsAverage_) showRegressionFit(regression, averaged);
  if (averaged) loss_->append(emaLoss_, static_cast<double>(e.step), e.ema_val_loss);
  if (regression) {
    accuracy_->append(valR2_, static_cast<double>(e.epoch), e.val_r2);
    if (averaged) accuracy_->append(emaR2_, static_cast<double>(e.epoch), e.ema_val_r2);
    return;
  }
  accuracy_->append(trainAcc_, static_cast<double>(e.epoch), e.train_accuracy);
  accuracy_->append(valAcc_, static_cast<double>(e.epoch), e.val_accuracy);
  if (averaged) accuracy_->append(emaAcc_, static_cast<double>(e.epoch), e.ema_val_accuracy);
}

// A regression has no accuracy: the plot shows the validation R² (1 is perfect, 0 as
// good as predicting the mean) instead. A run that keeps a moving average of its
// weights (training.ema_decay) shows the average's validation beside the weights'.
void TrainPage::showRegressionFit(bool regression, bool averaged) {
  showsR2_ = regression, showsAverage_ = averaged;
  const auto show = [](widgets::LiveCurvePlot* plot, int series, bool shown) {
    plot->setSeriesVisible(series, shown);
    plot->setSeriesListed(series, shown);
  };
  for (const int series : {trainAcc_, valAcc_}) show(accuracy_, series, !regression);
  show(accuracy_, valR2_, regression);
  show(accuracy_, emaAcc_, averaged && !regression);
  show(accuracy_, emaR2_, averaged && regression);
  show(loss_, emaLoss_, averaged);
  accuracy_->setAxisLabels(tr("epoch"), regression ? tr("R²") : tr("accuracy"));
}

// Text: the plot beside the fit shows how much of each batch was padding (what padding
// to the batch's longest, packing and bucketing save) instead of the learning rate.
void TrainPage::showPaddingShare(bool text) {
  showsPadding_ = text;
  lr_->setSeriesVisible(lrSeries_, !text);
  lr_->setSeriesListed(lrSeries_, !text);
  lr_->setSeriesVisible(padding_, text);
  lr_->setSeriesListed(padding_, text);
  lr_->setAxisLabels(tr("step"), text ? tr("padding share") : tr("learning rate"));
}

void TrainPage::onProgress(const Progress& p) {
  last_ = p;
  lastArrivedMs_ = QDateTime::currentMSecsSinceEpoch();
  // The status labels wrap, so each new text lays the page out again, and the bar
  // repaints at once: a few times a second is as fast as anyone reads a step counter.
  if (labelsShownMs_ < 0 || lastArrivedMs_ - labelsShownMs_ >= kProgressLabelIntervalMs)
    showProgressLabels();
  else
    labelsPending_ = true;
}

void TrainPage::showProgressBar() {
  progress_->setRange(0, static_cast<int>(std::max<int64_t>(1, last_.total_steps)));
  progress_->setValue(static_cast<int>(last_.global_step));
}

void TrainPage::showProgressLabels() {
  showProgressBar();
  labelsPending_ = false;
  labelsShownMs_ = QDateTime::currentMSecsSinceEpoch();
  const RunState state = controller_->state();
  if (!stopping_ && !pausing_ && state != RunState::Paused && !isFinal(state))
    epochLabel_->setText(last_.validating ? tr("epoch %1/%2 · validating").arg(last_.epoch).arg(last_.epochs)
                                          : tr("epoch %1/%2 · step %3/%4")
                                                .arg(last_.epoch)
                                                .arg(last_.epochs)
                                                .arg(last_.step_in_epoch)
                                                .arg(last_.steps_per_epoch));
  showSpeed();
}

void TrainPage::onLog(const LogLine& l) {
  const QString time = QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(l.wall_time * 1000)).toString("HH:mm:ss");
  const QString text = translatedOr(l.message, l.text).toHtmlEscaped();
  const char* color = l.level == LogLevel::Error ? "#b00020" : l.level == LogLevel::Warning ? "#a05a00" : "#202020";
  log_->appendHtml(
      QString("<span style='color:gray'>%1</span> <span style='color:%2'>%3</span>").arg(time, color, text));
  if (logFollows_) followLog();
}

void TrainPage::followLog() {
  followingLog_ = true;  // our own scrolling says nothing of the user's wish
  log_->verticalScrollBar()->setValue(log_->verticalScrollBar()->maximum());
  followingLog_ = false;
}

void TrainPage::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (logFollows_) QTimer::singleShot(0, this, &TrainPage::followLog);  // once the lines are laid out
}

}  // namespace trainscope::ui
