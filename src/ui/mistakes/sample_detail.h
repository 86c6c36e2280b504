// The Mistakes page's side panel for one sample: the image, Grad-CAM of what the model
// predicted (computed in the background on the run's last weights), its class, the
// prediction and its probability, a training sample's history over the epochs (p(label)
// and loss), and its correction: relabel or exclude for the next run.
#pragma once

#include "engine/sample_report.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QCustomPlot;
class QLabel;
class QPushButton;

namespace trainscope::ui {

class CorrectionBook;
class GradCamRunner;
struct SampleExplanation;

// One sample of a gallery.
struct GallerySample {
  bool training = false;  // else validation
  int64_t index = 0;      // in its split
  int64_t label = 0, predicted = 0;
  double p_label = 0, loss = 0;
};

class SampleDetail : public QWidget {
  Q_OBJECT
 public:
  SampleDetail(CorrectionBook* book, QWidget* parent = nullptr);
  void setDiagnosis(std::shared_ptr<const RunDiagnosis> diagnosis);
  void showSample(const GallerySample& sample);
  void clear();

  // For tests.
  bool explanationShown() const;
  QString explanationText() const;
  QCustomPlot* historyPlot() const { return history_; }
  QPushButton* excludeButton() const { return exclude_; }
  QPushButton* relabelButton() const { return relabel_; }
  QPushButton* undoButton() const { return undo_; }
  QPushButton* similarButton() const { return similar_; }
  QComboBox* relabelChoice() const { return relabelTo_; }
  QLabel* correctionLabel() const { return correction_; }
  GradCamRunner* runner() const { return runner_; }

 signals:
  void correctionFailed(const QString& message);
  void similarWanted(const GallerySample& sample);  // the "Similar images" button

 private:
  QPushButton* makeSimilarButton();
  void showExplanation(const SampleExplanation& e);
  void showHistory();
  void showCorrection();
  void correct(bool exclude);
  std::string sampleName() const;  // as the corrections file names it

  CorrectionBook* book_;
  GradCamRunner* runner_;
  std::shared_ptr<const RunDiagnosis> diagnosis_;
  GallerySample sample_;
  bool shown_ = false;
  QString key_;  // of the explanation wanted
  QLabel *title_, *image_, *cam_, *camText_, *facts_, *correction_;
  QCustomPlot* history_;
  QComboBox* relabelTo_;
  QPushButton *relabel_, *exclude_, *undo_, *similar_;
};

}  // namespace trainscope::ui
