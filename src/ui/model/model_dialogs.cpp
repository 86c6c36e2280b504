#include "ui/model/model_dialogs.h"

#include "ui/run/background.h"

#include <qcustomplot.h>
#include <QApplication>
#include <QDialogButtonBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

namespace trainscope::ui {

namespace {
// The app's threads for its work (run/background.h), as for training.
ExperimentConfig withAppThreads(ExperimentConfig c) {
  if (c.threads == 0) c.threads = appComputeThreads();
  return c;
}
}  // namespace

LrFinderDialog::LrFinderDialog(const ExperimentConfig& config, std::function<void(double)> apply, QWidget* parent)
    : QDialog(parent), apply_(std::move(apply)) {
  setWindowTitle(tr("Find a learning rate"));
  plot_ = new QCustomPlot(this);
  plot_->setMinimumSize(480, 280);
  plot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
  plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  plot_->xAxis->setNumberFormat("eb");
  plot_->xAxis->setNumberPrecision(0);
  plot_->xAxis->setLabel(tr("learning rate (log scale)"));
  plot_->yAxis->setLabel(tr("loss (smoothed)"));
  text_ = new QLabel(tr("A short run raises the learning rate step by step from 1e-7 while the loss is "
                        "watched; the weights, the optimizer and the random state are put back afterwards."),
                     this);
  text_->setWordWrap(true);
  progress_ = new QProgressBar(this);
  use_ = new QPushButton(tr("Use this rate"), this);
  use_->setEnabled(false);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  buttons->addButton(use_, QDialogButtonBox::AcceptRole);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(text_);
  layout->addWidget(progress_);
  layout->addWidget(plot_, 1);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(use_, &QPushButton::clicked, this, [this] {
    if (apply_ && result_.suggestion > 0) apply_(result_.suggestion);
    accept();
  });
  ticker_ = new ProgressTicker(
      [this](int64_t done, int64_t total, const QString&) {
        progress_->setRange(0, static_cast<int>(std::max<int64_t>(1, total)));
        progress_->setValue(static_cast<int>(done));
      },
      this);
  connect(&watcher_, &QFutureWatcher<LrFinderResult>::finished, this, [this] {
    ticker_->stop();
    showCurve(watcher_.result());
  });
  const ExperimentConfig c = withAppThreads(config);
  watcher_.setFuture(runInBackground([c, progress = ticker_->follow()] {
    return findLearningRate(c, 100, [progress](int i, int n) {
      // Closing the dialog ends the test after this step (the state is restored).
      if (!progress->report(i, n)) throw std::runtime_error("cancelled");
    });
  }));
}

LrFinderDialog::~LrFinderDialog() {
  ticker_->cancel();
  watcher_.waitForFinished();  // at most one more step
}

void LrFinderDialog::showCurve(const LrFinderResult& r) {
  result_ = r;
  progress_->hide();
  if (!r.ok) {
    text_->setText(tr("The LR finder failed: %1").arg(QString::fromStdString(r.error)));
    emit lrFinderDone();
    return;
  }
  auto* curve = plot_->addGraph();
  curve->setData(QVector<double>(r.lrs.begin(), r.lrs.end()), QVector<double>(r.losses.begin(), r.losses.end()));
  curve->setPen(QPen(QColor(31, 119, 180), 2));
  plot_->rescaleAxes();
  if (!r.losses.empty()) {  // a blow-up at the end would flatten the interesting part
    double lo = r.losses.front();
    for (double l : r.losses) lo = std::min(lo, l);
    plot_->yAxis->setRange(lo - 0.05 * (r.losses.front() - lo + 0.1),
                           r.losses.front() + 0.5 * (r.losses.front() - lo + 0.1));
  }
  if (r.suggestion > 0) {
    auto* line = new QCPItemStraightLine(plot_);
    line->point1->setCoords(r.suggestion, 0);
    line->point2->setCoords(r.suggestion, 1);
    line->setPen(QPen(QColor(214, 39, 40), 1.5, Qt::DashLine));
    text_->setText(tr("Suggested learning rate: %1 (where the loss falls fastest on its way down). %2")
                       .arg(QString::number(r.suggestion, 'g', 3),
                            r.state_restored ? tr("Weights, optimizer and random state were restored.")
                                             : tr("Warning: the state was not restored.")));
    use_->setEnabled(true);
  } else {
    text_->setText(tr("The curve is too short to suggest a rate (a very small dataset?)."));
  }
  plot_->replot();
  emit lrFinderDone();
}

PredictDialog::PredictDialog(const QString& runDir, QWidget* parent) : QDialog(parent), runDir_(runDir) {
  setWindowTitle(tr("Try the model — %1").arg(QFileInfo(runDir).fileName()));
  setAcceptDrops(true);
  hint_ = new QLabel(tr("Drop images here, or pick them. Each shows the model's five most likely classes and the "
                        "input it saw after the validation transforms."),
                     this);
  hint_->setWordWrap(true);
  auto* pick = new QPushButton(tr("Pick images…"), this);
  auto* area = new QScrollArea(this);
  auto* inner = new QWidget(area);
  results_ = new QVBoxLayout(inner);
  results_->addStretch(1);
  area->setWidget(inner);
  area->setWidgetResizable(true);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(hint_);
  layout->addWidget(pick, 0, Qt::AlignLeft);
  layout->addWidget(area, 1);
  resize(560, 520);
  connect(pick, &QPushButton::clicked, this, [this] {
    predict(QFileDialog::getOpenFileNames(this, tr("Images to classify"), {},
                                          tr("Images (*.jpg *.jpeg *.png *.bmp *.webp *.tif *.tiff *.ppm *.pgm)")));
  });
  connect(&watcher_, &QFutureWatcher<std::vector<Prediction>>::finished, this,
          [this] { showResults(watcher_.result()); });
}

PredictDialog::~PredictDialog() { watcher_.waitForFinished(); }

void PredictDialog::predict(const QStringList& images) {
  if (images.isEmpty() || watcher_.isRunning()) return;
  std::vector<std::string> paths;
  for (const QString& i : images) paths.push_back(i.toStdString());
  hint_->setText(tr("Classifying %n image(s)…", nullptr, static_cast<int>(paths.size())));
  const std::string run = runDir_.toStdString();
  const int threads = appComputeThreads();
  watcher_.setFuture(runInBackground([run, paths, threads] { return predictImages(run, paths, 5, "", threads); }));
}

void PredictDialog::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void PredictDialog::dropEvent(QDropEvent* event) {
  QStringList files;
  for (const QUrl& url : event->mimeData()->urls())
    if (url.isLocalFile()) files << url.toLocalFile();
  predict(files);
}

void PredictDialog::showResults(const std::vector<Prediction>& predictions) {
  hint_->setText(tr("Drop more images, or pick them."));
  for (const auto& p : predictions) {
    auto* row = new QWidget(this);
    auto* rl = new QHBoxLayout(row);
    auto* input = new QLabel(row);
    if (p.ok && !p.input_pixels.empty()) {
      const QImage image(p.input_pixels.data(), p.input_width, p.input_height, p.input_width * p.input_channels,
                         p.input_channels == 1 ? QImage::Format_Grayscale8 : QImage::Format_RGB888);
      input->setPixmap(QPixmap::fromImage(image.copy()).scaled(112, 112, Qt::KeepAspectRatio, Qt::FastTransformation));
      input->setToolTip(tr("What the model saw: %1x%2").arg(p.input_width).arg(p.input_height));
    }
    QString text = "<b>" + QFileInfo(QString::fromStdString(p.image)).fileName().toHtmlEscaped() + "</b><br>";
    if (!p.ok) text += "<span style='color:#b00020'>" + QString::fromStdString(p.error).toHtmlEscaped() + "</span>";
    for (const auto& c : p.top)
      text += QString("%1%&nbsp;&nbsp;%2<br>")
                  .arg(100.0 * c.probability, 5, 'f', 1)
                  .arg(QString::fromStdString(c.label).toHtmlEscaped());
    auto* label = new QLabel(text, row);
    label->setTextFormat(Qt::RichText);
    rl->addWidget(input);
    rl->addWidget(label, 1);
    results_->insertWidget(results_->count() - 1, row);
  }
  emit predicted();
}

void exportRunModel(QWidget* parent, const QString& runDir) {
  QString filter;
  const QString out = QFileDialog::getSaveFileName(parent, QObject::tr("Export the trained model"),
                                                   QFileInfo(runDir).fileName() + ".pt",
                                                   QObject::tr("TorchScript for Python (*.pt);;ONNX for OpenCV, "
                                                               "onnxruntime (*.onnx)"),
                                                   &filter);
  if (out.isEmpty()) return;
  ExportRequest r;
  r.run_dir = runDir.toStdString();
  // The format follows the chosen filter, and the name its suffix: ONNX bytes in a .pt
  // file would fail in torch.jit.load.
  QString file = out;
  const bool onnx = filter.contains("onnx", Qt::CaseInsensitive) || out.endsWith(".onnx", Qt::CaseInsensitive);
  if (onnx && file.endsWith(".pt", Qt::CaseInsensitive)) file.chop(3);
  if (onnx && !file.endsWith(".onnx", Qt::CaseInsensitive)) file += ".onnx";
  r.out = file.toStdString();
  r.format = onnx ? "onnx" : "torchscript";
  r.threads = appComputeThreads();
  runInBackground(
      parent, [r] { return exportModel(r); },
      [parent](const ExportResult& e) {
        if (!e.ok) {
          QMessageBox::warning(parent, QObject::tr("Export failed"), QString::fromStdString(e.error));
          return;
        }
        QMessageBox::information(
            parent, QObject::tr("Model exported"),
            QObject::tr("Model: %1\nPreprocessing (input size, mean/std, classes): %2\nWeights: %3")
                .arg(QString::fromStdString(e.model_path), QString::fromStdString(e.preprocessing_path),
                     e.average
                         ? QObject::tr("%1, its weights' moving average").arg(QString::fromStdString(e.checkpoint))
                         : QString::fromStdString(e.checkpoint)));
      });
}

namespace {

QString measuredLines(const std::vector<std::pair<int, int64_t>>& measured) {
  QString lines;
  for (const auto& [b, bytes] : measured) lines += QObject::tr("batch %1: %2 MiB\n").arg(b).arg(bytes >> 20);
  return lines;
}

QString batchAdviceText(const BatchSizeAdvice& a) {
  QString text = a.batch_size == 0
                     ? QObject::tr(
                           "One training step and the validation pass, measured (%1):\n%2\nBudget: %3 MiB. No batch "
                           "fits without activation checkpointing.")
                           .arg(QString::fromStdString(a.memory), measuredLines(a.measured))
                           .arg(a.budget_bytes >> 20)
                     : QObject::tr(
                           "One training step and the validation pass, measured (%1):\n%2\nBudget: %3 MiB. The "
                           "largest batch that fits: %4; for an effective batch of %5, accumulate %6 step(s).")
                           .arg(QString::fromStdString(a.memory), measuredLines(a.measured))
                           .arg(a.budget_bytes >> 20)
                           .arg(a.batch_size)
                           .arg(a.target_batch)
                           .arg(a.grad_accum_steps);
  if (a.checkpoint_segments == 0) return text;
  if (a.checkpointed_batch_size <= a.batch_size)
    return text + "\n\n" +
           QObject::tr(
               "With activation checkpointing (%1 segments recomputed in backward), no larger batch fits on "
               "this measure:\n%2")
               .arg(a.checkpoint_segments)
               .arg(measuredLines(a.checkpointed_measured));
  return text + "\n\n" +
         QObject::tr(
             "With activation checkpointing (%1 segments; all but the last keep no activations and are "
             "computed again in backward, so each step takes longer):\n%2\nThe largest batch that fits: %3; "
             "for an effective batch of %4, accumulate %5 step(s).")
             .arg(a.checkpoint_segments)
             .arg(measuredLines(a.checkpointed_measured))
             .arg(a.checkpointed_batch_size)
             .arg(a.target_batch)
             .arg(a.checkpointed_grad_accum_steps);
}

void offerBatch(QWidget* parent, const BatchSizeAdvice& a, const BatchChoice& apply) {
  QMessageBox box(QMessageBox::Question, QObject::tr("Batch size"), batchAdviceText(a), QMessageBox::Cancel, parent);
  QPushButton* plain = a.batch_size > 0 ? box.addButton(QObject::tr("Apply"), QMessageBox::AcceptRole) : nullptr;
  QPushButton* checkpointed = a.checkpointed_batch_size > a.batch_size
                                  ? box.addButton(QObject::tr("Apply with checkpointing"), QMessageBox::AcceptRole)
                                  : nullptr;
  box.exec();
  if (!apply) return;
  if (plain && box.clickedButton() == plain) apply(a.batch_size, a.grad_accum_steps, 0);
  if (checkpointed && box.clickedButton() == checkpointed)
    apply(a.checkpointed_batch_size, a.checkpointed_grad_accum_steps, a.checkpoint_segments);
}

}  // namespace

void fitBatchSize(QWidget* parent, const ExperimentConfig& config, BatchChoice apply) {
  const ExperimentConfig c = withAppThreads(config);
  QApplication::setOverrideCursor(Qt::BusyCursor);
  runInBackground(
      parent, [c] { return adviseBatchSize(c); },
      [parent, apply](const BatchSizeAdvice& a) {
        QApplication::restoreOverrideCursor();
        if (!a.ok)
          return void(QMessageBox::warning(parent, QObject::tr("Batch size"), QString::fromStdString(a.error)));
        offerBatch(parent, a, apply);
      });
}

}  // namespace trainscope::ui
