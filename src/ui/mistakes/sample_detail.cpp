#include "ui/mistakes/sample_detail.h"

#include "ui/mistakes/correction_book.h"
#include "ui/mistakes/diagnosis_loader.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace trainscope::ui {

namespace {
constexpr int kImageSide = 120;  // two side by side in a 260 px panel

QPixmap scaledUp(const QImage& image) {
  if (image.isNull()) return {};
  // Small images (28 px) by whole factors: sharp pixels, as a teacher wants them.
  const bool small = std::max(image.width(), image.height()) * 2 <= kImageSide;
  return QPixmap::fromImage(image.scaled(kImageSide, kImageSide, Qt::KeepAspectRatio,
                                         small ? Qt::FastTransformation : Qt::SmoothTransformation));
}

QString className(const RunDiagnosis& d, int64_t c) {
  const auto& names = d.splits->train->classes();
  return c >= 0 && c < static_cast<int64_t>(names.size()) ? QString::fromStdString(names[static_cast<size_t>(c)])
                                                          : QStringLiteral("?");
}
}  // namespace

SampleDetail::SampleDetail(CorrectionBook* book, QWidget* parent)
    : QWidget(parent), book_(book), runner_(new GradCamRunner(this)) {
  title_ = new QLabel(tr("Click an image to see it here."), this);
  title_->setWordWrap(true);
  title_->setStyleSheet("font-weight: bold");
  image_ = new QLabel(this);
  cam_ = new QLabel(this);
  for (QLabel* l : {image_, cam_}) {
    l->setFixedSize(kImageSide, kImageSide);
    l->setAlignment(Qt::AlignCenter);
    l->setFrameShape(QFrame::StyledPanel);
  }
  image_->setToolTip(tr("The image as stored."));
  cam_->setToolTip(
      tr("Grad-CAM: where the evidence for the predicted class lies (red most), from the gradients of its score at "
         "the last convolutional layer, with the run's last weights."));
  camText_ = new QLabel(this);
  camText_->setWordWrap(true);
  facts_ = new QLabel(this);
  facts_->setWordWrap(true);
  facts_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  history_ = new QCustomPlot(this);
  history_->setMinimumHeight(130);
  history_->addGraph();
  history_->graph(0)->setName(tr("p(label)"));
  history_->graph(0)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
  history_->addGraph(history_->xAxis, history_->yAxis2);
  history_->graph(1)->setName(tr("loss"));
  history_->graph(1)->setPen(QPen(QColor(214, 39, 40)));
  history_->graph(1)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
  history_->yAxis->setRange(0, 1);
  history_->yAxis->setLabel(tr("p(label)"));
  history_->yAxis2->setVisible(true);
  history_->yAxis2->setLabel(tr("loss"));
  history_->xAxis->setLabel(tr("epoch"));
  history_->xAxis->ticker()->setTickStepStrategy(QCPAxisTicker::tssReadability);
  history_->legend->setVisible(true);
  history_->legend->setFont(font());

  relabelTo_ = new QComboBox(this);
  relabel_ = new QPushButton(tr("Relabel"), this);
  relabel_->setToolTip(tr("Give this training image the chosen class in the next run."));
  exclude_ = new QPushButton(tr("Exclude"), this);
  exclude_->setToolTip(tr("Leave this training image out of the next run."));
  undo_ = new QPushButton(tr("Undo"), this);
  undo_->setToolTip(tr("Forget the correction of this image."));
  similar_ = makeSimilarButton();
  correction_ = new QLabel(this);
  correction_->setWordWrap(true);
  connect(relabel_, &QPushButton::clicked, this, [this] { correct(false); });
  connect(exclude_, &QPushButton::clicked, this, [this] { correct(true); });
  connect(undo_, &QPushButton::clicked, this, [this] {
    QString error;
    if (!book_->remove(sampleName(), &error)) emit correctionFailed(error);
  });
  connect(book_, &CorrectionBook::changed, this, &SampleDetail::showCorrection);
  connect(runner_, &GradCamRunner::explained, this, &SampleDetail::showExplanation);

  auto* images = new QHBoxLayout;
  images->addWidget(image_);
  images->addWidget(cam_);
  images->addStretch();
  auto* fix = new QGridLayout;
  fix->addWidget(relabelTo_, 0, 0);
  fix->addWidget(relabel_, 0, 1);
  fix->addWidget(exclude_, 1, 0);
  fix->addWidget(undo_, 1, 1);
  fix->addWidget(similar_, 2, 0, 1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 0, 0, 0);
  layout->addWidget(title_);
  layout->addLayout(images);
  layout->addWidget(camText_);
  layout->addWidget(facts_);
  layout->addWidget(history_, 1);
  layout->addLayout(fix);
  layout->addWidget(correction_);
  clear();
}

QPushButton* SampleDetail::makeSimilarButton() {
  auto* button = new QPushButton(tr("Similar images"), this);
  button->setToolTip(tr("The images nearest to this one in the model's features, on the feature map"));
  connect(button, &QPushButton::clicked, this, [this] { emit similarWanted(sample_); });
  return button;
}

bool SampleDetail::explanationShown() const { return cam_->pixmap().isNull() == false; }
QString SampleDetail::explanationText() const { return camText_->text(); }

void SampleDetail::setDiagnosis(std::shared_ptr<const RunDiagnosis> diagnosis) {
  const bool sameRun = diagnosis_ && diagnosis && diagnosis_->run_dir == diagnosis->run_dir;
  diagnosis_ = std::move(diagnosis);
  relabelTo_->clear();
  if (diagnosis_ && diagnosis_->splits)
    for (const auto& c : diagnosis_->splits->train->classes()) relabelTo_->addItem(QString::fromStdString(c));
  if (sameRun && shown_)
    showSample(sample_);  // a new epoch: the same sample, its newer history and weights
  else
    clear();
}

void SampleDetail::clear() {
  shown_ = false;
  key_.clear();
  title_->setText(tr("Click an image to see it here: its Grad-CAM, its history and its label."));
  image_->clear();
  cam_->clear();
  camText_->clear();
  facts_->clear();
  history_->graph(0)->data()->clear();
  history_->graph(1)->data()->clear();
  history_->setVisible(false);
  showCorrection();
}

void SampleDetail::showSample(const GallerySample& s) {
  if (!diagnosis_ || !diagnosis_->splits) return;
  sample_ = s;
  shown_ = true;
  const RunDiagnosis& d = *diagnosis_;
  const auto& split = s.training ? d.splits->train : d.splits->val;
  title_->setText((s.training ? tr("Training image %1") : tr("Validation image %1")).arg(s.index));
  QString facts = tr("Label: %1\nPredicted: %2\np(label) %3 · loss %4\n%5")
                      .arg(className(d, s.label), className(d, s.predicted))
                      .arg(s.p_label, 0, 'f', 3)
                      .arg(s.loss, 0, 'f', 3)
                      .arg(QString::fromStdString(split->describe(s.index)));
  if (s.training && d.has_dynamics) {
    int forgotten = 0;
    for (int64_t e = 1; e < d.dynamics.epochs(); ++e)
      forgotten += d.dynamics.predicted[static_cast<size_t>(e - 1)][static_cast<size_t>(s.index)] == s.label &&
                   d.dynamics.predicted[static_cast<size_t>(e)][static_cast<size_t>(s.index)] != s.label;
    facts += "\n" + tr("Forgotten %n time(s) (right, then wrong in a later epoch)", nullptr, forgotten);
  }
  facts_->setText(facts);
  showHistory();
  showCorrection();
  key_ = QString("%1:%2:%3").arg(QString::fromStdString(d.run_dir)).arg(s.training).arg(s.index);
  camText_->setText(tr("Computing Grad-CAM…"));
  runner_->explain(key_, QString::fromStdString(d.run_dir), split, s.index);
}

void SampleDetail::showExplanation(const SampleExplanation& e) {
  if (e.key != key_) return;  // an older request
  image_->setPixmap(scaledUp(e.image));
  if (!e.cam.ok) {
    cam_->clear();
    camText_->setText(tr("No Grad-CAM: %1").arg(QString::fromStdString(e.cam.error)));
    return;
  }
  cam_->setPixmap(scaledUp(e.overlay));
  QStringList top;
  for (const auto& c : e.cam.top)
    top << QString("%1 %2").arg(QString::fromStdString(c.label)).arg(c.probability, 0, 'f', 2);
  camText_->setText(tr("Grad-CAM of %1 at layer %2 (%3 s). Top: %4")
                        .arg(relabelTo_->itemText(e.cam.target), QString::fromStdString(e.cam.layer))
                        .arg(e.cam.seconds, 0, 'f', 2)
                        .arg(top.join(", ")));
}

void SampleDetail::showHistory() {
  QVector<double> epochs, p, loss;
  if (shown_ && sample_.training && diagnosis_->has_dynamics) {
    const auto& d = diagnosis_->dynamics;
    for (int64_t e = 0; e < d.epochs(); ++e) {
      const auto i = static_cast<size_t>(sample_.index);
      if (std::isnan(d.p_label[static_cast<size_t>(e)][i])) continue;
      epochs << static_cast<double>(e + 1);
      p << d.p_label[static_cast<size_t>(e)][i], loss << d.loss[static_cast<size_t>(e)][i];
    }
  }
  history_->graph(0)->setData(epochs, p);
  history_->graph(1)->setData(epochs, loss);
  history_->xAxis->setRange(0.5, std::max(2.0, epochs.isEmpty() ? 1.0 : epochs.back()) + 0.5);
  bool found = false;
  const QCPRange lossRange = history_->graph(1)->data()->valueRange(found);
  history_->yAxis2->setRange(0, found ? std::max(0.5, lossRange.upper * 1.1) : 1.0);
  history_->setVisible(shown_ && sample_.training);
  history_->replot();
  if (shown_ && !sample_.training)
    facts_->setText(facts_->text() + "\n" +
                    tr("Validation images have no history: the run keeps only their last "
                       "epoch's prediction."));
}

std::string SampleDetail::sampleName() const {
  return shown_ && diagnosis_ ? diagnosis_->splits->train->describe(sample_.index) : std::string();
}

void SampleDetail::showCorrection() {
  const bool training = shown_ && sample_.training && diagnosis_;
  for (QWidget* w : std::initializer_list<QWidget*>{relabelTo_, relabel_, exclude_}) w->setEnabled(training);
  similar_->setEnabled(shown_);  // any image, once one is shown
  if (!training) {
    undo_->setEnabled(false);
    correction_->setText(shown_ ? tr("Corrections apply to training images.") : QString());
    return;
  }
  const LabelCorrection* c = book_->find(sampleName());
  undo_->setEnabled(c != nullptr);
  if (!c) {
    relabelTo_->setCurrentIndex(static_cast<int>(sample_.predicted));
    correction_->setText(tr("Not corrected."));
    return;
  }
  const QString what = c->excluded() ? tr("Excluded from the next run")
                                     : tr("Relabelled to %1 for the next run").arg(QString::fromStdString(c->label));
  correction_->setText(what + (book_->usedByExperiment()
                                   ? QString()
                                   : "\n" + tr("(the working experiment trains on another dataset: it does not use "
                                               "this file)")));
}

void SampleDetail::correct(bool exclude) {
  QString error;
  const std::string label = exclude ? std::string() : relabelTo_->currentText().toStdString();
  if (!book_->set({sampleName(), label}, &error)) emit correctionFailed(error);
}

}  // namespace trainscope::ui
