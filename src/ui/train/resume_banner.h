// The offer to go on with a run that did not train all its epochs, or that could train
// more: where it stands, Resume, Resume with more epochs… and Dismiss. The Train page
// shows it after a stop, and at start when the app was closed or killed during a run.
#pragma once

#include "engine/record/resume_offer.h"

#include <QFrame>
#include <QString>

class QLabel;
class QPushButton;

namespace trainscope::ui {

class ResumeBanner : public QFrame {
  Q_OBJECT
 public:
  explicit ResumeBanner(QWidget* parent = nullptr);

  // Shows the offer for the run in `dir` named `name`; hidden when it can neither
  // resume nor train further.
  void offer(const QString& dir, const QString& name, const ResumeOffer& offer);
  void withdraw();
  QString runDir() const { return dir_; }
  QPushButton* resumeButton() const { return resume_; }
  QPushButton* moreButton() const { return more_; }
  QLabel* text() const { return text_; }

  // Asks how many epochs in all (more than the run completed); 0 when cancelled.
  static int64_t askEpochs(QWidget* parent, const QString& name, const ResumeOffer& offer);

 signals:
  // `epochs` 0: the epochs it was given; more: train to that many.
  void resumeRequested(const QString& dir, qint64 epochs);

 private:
  QLabel* text_;
  QPushButton *resume_, *more_, *dismiss_;
  QString dir_, name_;
  ResumeOffer offer_;
};

}  // namespace trainscope::ui
