#include "ui/train/resume_banner.h"

#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>

namespace trainscope::ui {

namespace {
QString whereItStands(const QString& name, const ResumeOffer& o) {
  if (o.stopped_early)
    return ResumeBanner::tr(
               "%1 stopped early after %2 of its %n epoch(s): its validation metric had stopped improving. It can "
               "still train further from its checkpoint, in the same run.",
               nullptr, static_cast<int>(o.epochs))
        .arg(name)
        .arg(o.epochs_completed);
  if (!o.resumable)  // finished, or all its epochs done: only more epochs go on
    return ResumeBanner::tr(
               "%1 trained all its %n epoch(s). It can train further from its checkpoint, in the same run.", nullptr,
               static_cast<int>(o.epochs))
        .arg(name);
  const QString at = ResumeBanner::tr("%1 of %n epoch(s), step %2", nullptr, static_cast<int>(o.epochs))
                         .arg(o.epochs_completed)
                         .arg(o.steps);
  if (o.status == "interrupted")
    return ResumeBanner::tr(
               "%1 was interrupted after %2: the app or the machine stopped during the run. Resume "
               "continues it from its last checkpoint, in the same run.")
        .arg(name, at);
  if (o.status == "failed")
    return ResumeBanner::tr("%1 failed after %2. Resume continues it from its last checkpoint, in the same run.")
        .arg(name, at);
  return ResumeBanner::tr("%1 stopped after %2. Resume trains the rest in the same run: its steps and curves go on.")
      .arg(name, at);
}
}  // namespace

ResumeBanner::ResumeBanner(QWidget* parent) : QFrame(parent) {
  setStyleSheet("trainscope--ui--ResumeBanner { background-color: #eef6ee; }");
  setFrameShape(QFrame::StyledPanel);
  text_ = new QLabel(this);
  text_->setWordWrap(true);
  resume_ = new QPushButton(tr("Resume"), this);
  resume_->setToolTip(
      tr("Continue this run from its last checkpoint: the same folder, its steps and curves go on "
         "(trainscope-cli resume)."));
  more_ = new QPushButton(tr("Resume with more epochs…"), this);
  more_->setToolTip(tr("Continue this run, training to more epochs than it was given."));
  dismiss_ = new QPushButton(tr("Dismiss"), this);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 3, 6, 3);
  layout->addWidget(text_, 1);
  layout->addWidget(resume_);
  layout->addWidget(more_);
  layout->addWidget(dismiss_);
  connect(resume_, &QPushButton::clicked, this, [this] { emit resumeRequested(dir_, 0); });
  connect(more_, &QPushButton::clicked, this, [this] {
    if (const int64_t epochs = askEpochs(this, name_, offer_); epochs > 0) emit resumeRequested(dir_, epochs);
  });
  connect(dismiss_, &QPushButton::clicked, this, &ResumeBanner::withdraw);
  hide();
}

void ResumeBanner::offer(const QString& dir, const QString& name, const ResumeOffer& offer) {
  dir_ = dir, name_ = name, offer_ = offer;
  if (!offer.resumable && !offer.extendable) {
    withdraw();
    return;
  }
  text_->setText(whereItStands(name, offer));
  resume_->setVisible(offer.resumable);
  show();
}

void ResumeBanner::withdraw() {
  dir_.clear();
  hide();
}

int64_t ResumeBanner::askEpochs(QWidget* parent, const QString& name, const ResumeOffer& offer) {
  bool ok = false;
  const int epochs = QInputDialog::getInt(
      parent, tr("Resume with more epochs"),
      tr("%1 has completed %2 of its %n epoch(s). Train until epoch:", nullptr, static_cast<int>(offer.epochs))
          .arg(name)
          .arg(offer.epochs_completed),
      static_cast<int>(proposedEpochs(offer)), static_cast<int>(offer.epochs_completed + 1), 100000, 1, &ok);
  return ok ? epochs : 0;
}

}  // namespace trainscope::ui
