// The Train page's recorded runs: resuming one in this window, the run the app was
// closed or killed on, and the curves a resumed run had before (read in the background).
#include "ui/train/train_page.h"

#include "engine/record/run_library.h"
#include "ui/run/background.h"
#include "ui/run/training_controller.h"
#include "ui/train/resume_banner.h"
#include "ui/train/train_history.h"
#include "widgets/live_curve_plot.h"

#include <QDateTime>
#include <QDir>
#include <QLabel>

#include <optional>

namespace trainscope::ui {

void TrainPage::resumeRun(QString runDir, qint64 epochs) {
  if (controller_->isActive()) {
    message_->setText(tr("A run is already in progress: stop it first."));
    return;
  }
  QString error;
  if (!controller_->resumeRun(runDir, epochs, &error)) {
    message_->setText(tr("Cannot resume: %1").arg(error));
    return;
  }
  lastRunDir_ = runDir;
  showCleanPage(tr("Resuming from the last checkpoint…"));
}

void TrainPage::followRun(QString runDir) {
  if (controller_->isActive()) {
    message_->setText(tr("A run is already in progress: stop it first."));
    return;
  }
  QString error;
  if (!controller_->followRun(QDir::cleanPath(runDir), &error)) {
    message_->setText(tr("Cannot follow the run: %1").arg(error));
    return;
  }
  lastRunDir_ = runDir;
  showCleanPage(tr("Following %1: read-only, as its writer trains it…").arg(QDir(runDir).dirName()));
}

void TrainPage::showRecordedRun(const QString& runDir) {
  if (!runDir.isEmpty() && !controller_->isActive()) offerResume(runDir, true);
}

void TrainPage::offerResume(const QString& runDir, bool showCurves) {
  if (runDir.isEmpty()) return;
  struct Found {
    RunEntry entry;
    ResumeOffer offer;
    std::optional<TrainHistory> history;
  };
  const double smoothing = loss_->smoothing();
  const int generation = historyGeneration_;
  runInBackground(
      this,
      [dir = runDir.toStdString(), showCurves, smoothing] {
        Found f;
        f.entry = readRunEntry(dir);
        f.offer = resumeOffer(f.entry);
        if (showCurves && f.offer.resumable) f.history = readTrainHistory(dir, -1, smoothing);
        return f;
      },
      [this, runDir, generation, showCurves](Found f) {
        if (controller_->isActive() || generation != historyGeneration_) return;  // the page moved on
        // At start the banner is for a run cut short; one that trained all its epochs is not news.
        if (showCurves && !f.offer.resumable) return;
        if (f.history) {  // the run the app was closed or killed on: what it had learned
          showCleanPage({});
          lastRunDir_ = runDir;
          showHistory(std::move(*f.history));
          runLabel_->setText(tr("Run folder: %1").arg(runDir));
          runLabel_->setToolTip(QDir(runDir).absolutePath());
        }
        resume_->offer(runDir, QString::fromStdString(f.entry.name), f.offer);
      });
}

void TrainPage::loadHistory(const QString& runDir, int64_t upToStep) {
  historyPending_ = true;
  const int generation = ++historyGeneration_;
  runInBackground(
      this,
      [dir = runDir.toStdString(), upToStep, smoothing = loss_->smoothing()] {
        return readTrainHistory(dir, upToStep, smoothing);
      },
      [this, generation](TrainHistory h) {
        if (generation == historyGeneration_) showHistory(std::move(h));
      });
}

void TrainPage::showHistory(TrainHistory h) {
  historyPending_ = false;
  if (!h.error.empty()) {
    LogLine line;
    line.level = LogLevel::Warning;
    line.wall_time = static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
    line.text = tr("The curves recorded before this point could not be read: %1")
                    .arg(QString::fromStdString(h.error))
                    .toStdString();
    onLog(line);
  } else {
    loss_->setSeriesData(stepLoss_, std::move(h.loss));
    lr_->setSeriesData(lrSeries_, std::move(h.lr));
    const bool text = !h.padding.xs.empty();
    if (text != showsPadding_) showPaddingShare(text);
    if (text) lr_->setSeriesData(padding_, std::move(h.padding));
    for (const auto& e : h.epochs) onEpoch(e);
  }
  onSteps(heldSteps_);
  for (const auto& e : heldEpochs_) onEpoch(e);
  heldSteps_.clear();
  heldEpochs_.clear();
}

}  // namespace trainscope::ui
