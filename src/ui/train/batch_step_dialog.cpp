#include "ui/train/batch_step_dialog.h"

#include "ui/image_convert.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLocale>
#include <QPixmap>
#include <QProgressBar>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

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

// The classes by probability, most probable first: every class up to 12, else the
// top 10 and the label's class.
std::vector<size_t> classesShown(const BatchSnapshot& s) {
  std::vector<size_t> order(s.probabilities.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return s.probabilities[a] > s.probabilities[b]; });
  if (order.size() <= 12) return order;
  std::vector<size_t> shown(order.begin(), order.begin() + 10);
  for (size_t i = 10; i < order.size(); ++i)
    if (s.classes[order[i]] == s.label) shown.push_back(order[i]);
  return shown;
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
  if (!s.probabilities.empty()) addProbabilities(s);
  QDialog::show();
  raise();
}

// The last layer's outputs named: a bar per class with its softmax probability, the
// prediction in bold and the label marked.
void BatchStepDialog::addProbabilities(const BatchSnapshot& s) {
  auto* bars = new QWidget;
  auto* grid = new QGridLayout(bars);
  grid->setContentsMargins(0, 0, 0, 0);
  int row = 0;
  for (size_t c : classesShown(s)) {
    const QString name = QString::fromStdString(s.classes[c]).toHtmlEscaped();
    const bool predicted = s.classes[c] == s.predicted, label = s.classes[c] == s.label;
    auto* text = new QLabel(QString(predicted ? "<b>%1</b>" : "%1").arg(name) + (label ? " ✓" : ""));
    text->setToolTip(label ? tr("the image's label") : QString());
    auto* bar = new QProgressBar;
    bar->setRange(0, 1000);
    bar->setValue(static_cast<int>(std::lround(s.probabilities[c] * 1000)));
    bar->setTextVisible(false);
    bar->setFixedSize(220, text->sizeHint().height() * 3 / 4);
    grid->addWidget(text, row, 0);
    grid->addWidget(bar, row, 1);
    grid->addWidget(new QLabel(QLocale().toString(s.probabilities[c] * 100, 'f', 1) + "%"), row, 2, Qt::AlignRight);
    ++row;
  }
  if (row < static_cast<int>(s.classes.size()))
    grid->addWidget(new QLabel(tr("…and %n more class(es)", nullptr, static_cast<int>(s.classes.size()) - row)), row, 0,
                    1, 3);
  auto* name = new QLabel(tr("<b>softmax</b><br>of the last layer"));
  name->setToolTip(tr("The last layer's outputs (the logits) turned into probabilities: what the model says."));
  layers_->addWidget(name, rows_, 0, Qt::AlignTop);
  layers_->addWidget(new QLabel(tr("%n class(es)", nullptr, static_cast<int>(s.classes.size()))), rows_, 1,
                     Qt::AlignTop);
  layers_->addWidget(bars, rows_, 2, Qt::AlignLeft | Qt::AlignTop);
  ++rows_;
}

}  // namespace trainscope::ui
