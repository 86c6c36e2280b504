#include "ui/train/batch_step_dialog.h"

#include "ui/image_convert.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLocale>
#include <QPixmap>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>

namespace trainscope::ui {

namespace {
// Scaled by a whole factor (sharp pixels, as a teacher wants them), at most maxWidth wide.
QPixmap pixmapOf(const Picture& p, int factor, int maxWidth) {
  const QImage image = toQImage(p);
  if (image.isNull()) return {};
  factor = std::max(1, std::min(factor, maxWidth / p.width));
  return QPixmap::fromImage(image.scaled(p.width * factor, p.height * factor, Qt::KeepAspectRatio,
                                         factor > 1 ? Qt::FastTransformation : Qt::SmoothTransformation));
}

QString shapeText(const std::vector<int64_t>& shape) {
  QStringList parts;
  for (int64_t d : shape) parts << QString::number(d);
  return "[" + parts.join(", ") + "]";
}
}  // namespace

BatchStepDialog::BatchStepDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("What the network sees"));
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  input_ = new QLabel(this);
  auto* top = new QHBoxLayout;
  top->addWidget(input_);
  top->addWidget(summary_, 1);
  auto* inner = new QWidget(this);
  layers_ = new QGridLayout(inner);
  layers_->setColumnStretch(2, 1);
  auto* scroll = new QScrollArea(this);
  scroll->setWidgetResizable(true);
  scroll->setWidget(inner);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(scroll, 1);
  resize(720, 620);
}

void BatchStepDialog::show(const BatchSnapshot& s) {
  setWindowTitle(tr("What the network sees — step %1").arg(s.step));
  input_->setPixmap(pixmapOf(s.input, std::max(1, 112 / std::max(1, s.input.height)), 112));
  const bool right = s.label == s.predicted;
  summary_->setText(tr("<b>Step %1</b>: the batch's first image went through every layer below.<br>"
                       "Label: <b>%2</b> · predicted: <b style='color:%5'>%3</b> (%4)<br>"
                       "Loss of this batch: %6. Press F7 again for the next batch, F6 to train on.")
                        .arg(s.step)
                        .arg(s.label.empty() ? QString("?") : QString::fromStdString(s.label).toHtmlEscaped(),
                             QString::fromStdString(s.predicted).toHtmlEscaped(),
                             QLocale().toString(s.confidence * 100, 'f', 1) + "%", right ? "#2a7d2a" : "#b00020")
                        .arg(QLocale().toString(s.loss, 'g', 4)));
  while (QLayoutItem* item = layers_->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  rows_ = 0;
  for (const LayerSnapshot& l : s.layers) {
    auto* name = new QLabel(
        QString("<b>%1</b><br>%2")
            .arg(QString::fromStdString(l.name).toHtmlEscaped(), QString::fromStdString(l.type).toHtmlEscaped()));
    QString what = shapeText(l.shape);
    if (l.shape.size() == 4)
      what += "<br>" + (l.channels_shown < l.channels
                            ? tr("first %1 of %2 feature maps").arg(l.channels_shown).arg(l.channels)
                            : tr("%n feature map(s)", nullptr, l.channels));
    else
      what += "<br>" + tr("%n value(s)", nullptr, l.channels);
    auto* shape = new QLabel(what);
    auto* picture = new QLabel;
    // Every feature map about 56 px tall, whatever its resolution, so layers compare;
    // a strip of values 8 px a value.
    const int mapHeight = l.shape.size() == 4 ? static_cast<int>(l.shape[2]) : 0;
    picture->setPixmap(pixmapOf(l.picture, mapHeight > 0 ? std::max(1, (56 + mapHeight / 2) / mapHeight) : 8, 560));
    picture->setToolTip(tr("Bright is high, dark is low; each map is scaled to its own range."));
    layers_->addWidget(name, rows_, 0, Qt::AlignTop);
    layers_->addWidget(shape, rows_, 1, Qt::AlignTop);
    layers_->addWidget(picture, rows_, 2, Qt::AlignLeft | Qt::AlignTop);
    ++rows_;
  }
  QDialog::show();
  raise();
}

}  // namespace trainscope::ui
