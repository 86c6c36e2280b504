// The Data page's Augmentation tab: the selected image and 8 versions from the
// training transforms, drawn off the GUI thread, with Re-roll and the standard
// augmentation in one click.
#include "engine/train/augmentation_preview.h"
#include "ui/data/data_page.h"
#include "ui/experiment/experiment_document.h"
#include "ui/image_convert.h"
#include "ui/run/background.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace trainscope::ui {

namespace {
constexpr int kPreviewCells = 9;  // the original and 8 augmented versions
}  // namespace

// The selected image and its augmented versions, with Re-roll.
QWidget* DataPage::makePreview() {
  auto* preview = new QWidget(this);
  auto* pv = new QVBoxLayout(preview);
  auto* explain = new QLabel(tr("The selected image, then 8 versions from the experiment's training transforms "
                                "exactly as the data loader will produce them. Re-roll for other random draws."),
                             this);
  explain->setWordWrap(true);
  pv->addWidget(explain);
  previewGrid_ = new QGridLayout();
  for (int i = 0; i < kPreviewCells; ++i) {
    auto* cell = new QLabel(this);
    cell->setFixedSize(112, 112);
    cell->setAlignment(Qt::AlignCenter);
    cell->setFrameShape(QFrame::StyledPanel);
    previewGrid_->addWidget(cell, i / 3, i % 3);
  }
  pv->addLayout(previewGrid_);
  // With nothing random in the training transforms the eight versions are one image:
  // say so, and offer the standard augmentation in one click.
  noRandom_ = new QLabel(tr("The training transforms have no random step: every version is the same image, and "
                            "Re-roll changes nothing. The standard augmentation (a random resized crop, a "
                            "horizontal flip, a little colour jitter) shows the model new views each epoch."),
                         this);
  noRandom_->setWordWrap(true);
  noRandom_->setStyleSheet("background-color: #fff8e1; padding: 4px;");
  tryAugmentation_ = new QPushButton(tr("Turn on the standard augmentation"), this);
  tryAugmentation_->setToolTip(
      tr("Adds RandomResizedCrop, RandomHorizontalFlip and ColorJitter to the training transforms. The Model page's "
         "\"Augment training images\" turns it off again."));
  pv->addWidget(noRandom_);
  auto* previewButtons = new QHBoxLayout();
  reroll_ = new QPushButton(tr("Re-roll"), this);
  previewButtons->addWidget(reroll_);
  previewButtons->addWidget(tryAugmentation_);
  previewButtons->addStretch(1);
  pv->addLayout(previewButtons);
  pv->addStretch(1);
  return preview;
}

void DataPage::connectPreview() {
  connect(tryAugmentation_, &QPushButton::clicked, this, [this] {
    ExperimentDocument::Augmentation a = doc_->augmentation();
    a.enabled = true;
    a.jitter = std::max(a.jitter, 0.2);
    doc_->setAugmentation(a);  // the preview follows the document's change
  });
  connect(reroll_, &QPushButton::clicked, this, [this] {
    ++rerolls_;
    showPreview();
  });
  connect(&previewing_, &QFutureWatcher<PreviewImages>::finished, this, &DataPage::applyPreview);
  connect(doc_, &ExperimentDocument::changed, this, [this] {
    if (tabs_->currentIndex() == 2) showPreview();
  });
  connect(tabs_, &QTabWidget::currentChanged, this, [this](int tab) {
    if (tab == 2) showPreview();
  });
}

int DataPage::previewCount() const {
  int n = 0;
  for (int i = 0; i < kPreviewCells; ++i)
    if (auto* l = qobject_cast<QLabel*>(previewGrid_->itemAt(i)->widget()); l && !l->pixmap().isNull()) ++n;
  return n;
}

void DataPage::showPreview() {
  const auto splits = doc_->dataset();
  const ExperimentConfig* cfg = doc_->config();
  if (!splits || !cfg || shown_.empty()) return;
  const auto data = split_->currentIndex() == 0 ? splits->train : splits->val;
  const int64_t index = shown_.at(std::min<size_t>(previewItem_, shown_.size() - 1));
  const bool random = previewDrawsAtRandom(*cfg);
  noRandom_->setVisible(!random);
  tryAugmentation_->setVisible(!random);
  reroll_->setEnabled(random);
  const quint64 generation = ++previewGeneration_;
  // Decoding (a 30-megapixel photo) and augmenting happen off the GUI thread.
  previewing_.setFuture(runInBackground([data, index, config = *cfg, reroll = rerolls_, generation] {
    PreviewImages out;
    out.generation = generation;
    std::string error;
    for (const PreviewDraw& draw : previewAugmentation(*data, index, config, reroll, kPreviewCells, &error)) {
      out.mixes.push_back(draw.mixup_lam > 0 ? draw.mixup_lam : -draw.cutmix_lam);
      const QImage q = toQImage(draw.image);
      out.sizes.push_back(QSize(draw.image.cols, draw.image.rows));
      out.images.push_back(
          q.scaled(104, 104, Qt::KeepAspectRatio, q.width() < 104 ? Qt::FastTransformation : Qt::SmoothTransformation));
    }
    return out;
  }));
}

void DataPage::applyPreview() {
  const PreviewImages p = previewing_.result();
  if (p.generation != previewGeneration_ || p.images.empty()) return;  // a newer one is coming
  for (int i = 0; i < kPreviewCells && i < static_cast<int>(p.images.size()); ++i) {
    auto* cell = qobject_cast<QLabel*>(previewGrid_->itemAt(i)->widget());
    cell->setPixmap(QPixmap::fromImage(p.images[static_cast<size_t>(i)]));
    const QSize size = p.sizes[static_cast<size_t>(i)];
    const double mix = i < static_cast<int>(p.mixes.size()) ? p.mixes[static_cast<size_t>(i)] : 0.0;
    QString tip = i == 0 ? tr("original, %1x%2").arg(size.width()).arg(size.height())
                         : tr("augmented #%1, %2x%3").arg(i).arg(size.width()).arg(size.height());
    if (mix > 0) tip += "\n" + tr("MixUp with another image, λ = %1").arg(mix, 0, 'f', 2);
    if (mix < 0) tip += "\n" + tr("CutMix with another image, λ = %1").arg(-mix, 0, 'f', 2);
    cell->setToolTip(tip);
  }
  emit previewShown();
}

}  // namespace trainscope::ui
