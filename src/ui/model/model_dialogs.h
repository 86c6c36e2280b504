// The app's doors to the engine's model tools (engine/model_tools.h, engine/tuning.h),
// each running its work off the GUI thread: the learning-rate finder with its plot,
// the batch-size fitter, exporting a run's model, and trying it on images.
#pragma once

#include "engine/model_tools.h"
#include "engine/tuning.h"

#include <QDialog>
#include "ui/run/background.h"

#include <QFutureWatcher>

#include <atomic>
#include <functional>
#include <memory>

class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QVBoxLayout;

namespace trainscope::ui {

// Runs the range test on `config` and plots loss against learning rate (log scale)
// with the suggestion; "Use this rate" hands it to `apply`.
class LrFinderDialog : public QDialog {
  Q_OBJECT
 public:
  LrFinderDialog(const ExperimentConfig& config, std::function<void(double)> apply, QWidget* parent = nullptr);
  ~LrFinderDialog() override;
  const LrFinderResult& result() const { return result_; }

 signals:
  void lrFinderDone();  // the plot is drawn or the error shown

 private:
  void showCurve(const LrFinderResult& r);
  QCustomPlot* plot_;
  QLabel* text_;
  QProgressBar* progress_;
  QPushButton* use_;
  QFutureWatcher<LrFinderResult> watcher_;
  LrFinderResult result_;
  std::function<void(double)> apply_;
  ProgressTicker* ticker_;
};

// Top-5 of the run's model for images picked or dropped on it, with the input the
// model saw (the preprocessed image) beside each.
class PredictDialog : public QDialog {
  Q_OBJECT
 public:
  PredictDialog(const QString& runDir, QWidget* parent = nullptr);
  ~PredictDialog() override;
  void predict(const QStringList& images);

 signals:
  void predicted();

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void showResults(const std::vector<Prediction>& predictions);
  QString runDir_;
  QLabel* hint_;
  QVBoxLayout* results_;
  QFutureWatcher<std::vector<Prediction>> watcher_;
};

// Asks where, exports the run's model in the background, and says what was written.
void exportRunModel(QWidget* parent, const QString& runDir);
// What the user applies: the batch, its accumulation, and model.activation_checkpointing's
// segments when the offer with checkpointing was taken (0 = leave the field).
using BatchChoice = std::function<void(int batch, int accum, int checkpointSegments)>;
// Measures the largest batch in the background and offers to apply it, or the batch
// activation checkpointing fits when the target needs accumulation.
void fitBatchSize(QWidget* parent, const ExperimentConfig& config, BatchChoice apply);

}  // namespace trainscope::ui
