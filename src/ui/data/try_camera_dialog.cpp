#include "ui/data/try_camera_dialog.h"

#include "engine/deploy/frame_predictor.h"
#include "engine/deploy/frame_source.h"
#include "ui/run/background.h"

#include <opencv2/imgproc.hpp>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

namespace trainscope::ui {

// What the reader thread publishes and the dialog draws: the latest of each.
struct LiveFrames {
  std::atomic<bool> stop{false};
  std::atomic<int> perSecond{5};  // classifications a second, at most
  std::mutex lock;
  cv::Mat frame;  // BGR
  quint64 frameNumber = 0;
  FramePrediction prediction;
  quint64 predictionNumber = 0;
  std::string error;
  bool ended = false;
};

namespace {

constexpr int kBars = 5;
using Clock = std::chrono::steady_clock;

// Sleeps until `when` in short naps, so a stop is noticed within 50 ms.
void sleepUntil(const LiveFrames& live, Clock::time_point when) {
  while (!live.stop && Clock::now() < when)
    std::this_thread::sleep_for(std::min<Clock::duration>(std::chrono::milliseconds(50), when - Clock::now()));
}

// The reader: frames as they come (a file at its own frame rate), every few classified.
void readFrames(const std::shared_ptr<LiveFrames>& live, const std::shared_ptr<const FramePredictor>& predictor,
                const std::string& source) {
  std::string error;
  auto frames = live->stop ? nullptr : FrameSource::open(source, &error);
  const double fps = frames && !frames->camera() ? frames->fps() : 0;
  const Clock::time_point start = Clock::now();
  Clock::time_point lastClassified = start - std::chrono::hours(1);
  cv::Mat frame;
  while (frames && !live->stop && frames->read(frame)) {
    if (fps > 0)
      sleepUntil(*live, start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>((frames->position() - 1) / fps)));
    const bool classify = Clock::now() - lastClassified >= std::chrono::milliseconds(1000 / live->perSecond);
    FramePrediction p;
    if (classify) p = predictor->predict(frame), lastClassified = Clock::now();
    std::lock_guard<std::mutex> hold(live->lock);
    live->frame = frame.clone();
    ++live->frameNumber;
    if (classify) live->prediction = std::move(p), ++live->predictionNumber;
  }
  std::lock_guard<std::mutex> hold(live->lock);
  live->error = error;
  live->ended = true;
}

QPixmap pixmapOf(const cv::Mat& bgr, const QSize& box) {
  cv::Mat rgb;
  cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
  const QImage image(rgb.data, rgb.cols, rgb.rows, static_cast<int>(rgb.step), QImage::Format_RGB888);
  return QPixmap::fromImage(image.scaled(box, Qt::KeepAspectRatio, Qt::SmoothTransformation));
}

}  // namespace

TryCameraDialog::TryCameraDialog(const QString& runDir, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Try %1 on a camera or a video").arg(QFileInfo(runDir).fileName()));
  view_ = new QLabel(tr("Loading the model…"), this);
  view_->setAlignment(Qt::AlignCenter);
  view_->setMinimumSize(320, 240);
  view_->setStyleSheet("background: #202020; color: #dddddd;");
  auto* barsBox = new QWidget(this);
  auto* grid = new QGridLayout(barsBox);
  for (int i = 0; i < kBars; ++i) {
    barNames_ << new QLabel(barsBox);
    bars_ << new QProgressBar(barsBox);
    bars_.back()->setRange(0, 1000);
    bars_.back()->setFormat("%p%");
    bars_.back()->setVisible(false);  // until the first prediction names the classes
    grid->addWidget(barNames_.back(), i, 0);
    grid->addWidget(bars_.back(), i, 1);
  }
  grid->setColumnStretch(1, 1);
  status_ = new QLabel(this);
  status_->setWordWrap(true);
  auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(makeSourceRow());
  layout->addWidget(view_, 1);
  layout->addWidget(barsBox);
  layout->addWidget(makeSaveRow());
  layout->addWidget(status_);
  layout->addWidget(close);
  resize(720, 700);
  timer_ = new QTimer(this);
  timer_->setInterval(40);
  connect(timer_, &QTimer::timeout, this, &TryCameraDialog::draw);
  runInBackground(
      this, [dir = runDir.toStdString()] { return std::make_shared<const FramePredictor>(dir); },
      [this](std::shared_ptr<const FramePredictor> p) { loaded(std::move(p)); });
}

TryCameraDialog::~TryCameraDialog() {
  if (live_) live_->stop = true;
  reader_.waitForFinished();
}

QWidget* TryCameraDialog::makeSourceRow() {
  auto* row = new QWidget(this);
  auto* h = new QHBoxLayout(row);
  h->setContentsMargins(0, 0, 0, 0);
  camera_ = new QComboBox(row);
  for (int i = 0; i < 4; ++i) camera_->addItem(tr("Camera %1").arg(i), QString("camera:%1").arg(i));
  playCamera_ = new QPushButton(tr("Start camera"), row);
  openVideo_ = new QPushButton(tr("Open video…"), row);
  openVideo_->setToolTip(tr("A video file (MP4, AVI, MKV, WebM, ...) plays as a camera would."));
  stop_ = new QPushButton(tr("Stop"), row);
  rate_ = new QSpinBox(row);
  rate_->setRange(1, 30);
  rate_->setValue(5);
  rate_->setSuffix(tr(" per second"));
  rate_->setToolTip(tr("How often a frame is classified; the video itself plays at its own speed."));
  for (QWidget* w : std::initializer_list<QWidget*>{camera_, playCamera_, openVideo_, stop_}) h->addWidget(w);
  h->addStretch(1);
  h->addWidget(new QLabel(tr("Classify"), row));
  h->addWidget(rate_);
  connect(playCamera_, &QPushButton::clicked, this, [this] { play(camera_->currentData().toString()); });
  connect(openVideo_, &QPushButton::clicked, this, [this] {
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Open a video"), {}, tr("Videos (*.mp4 *.avi *.mkv *.webm *.mov *.mjpg);;All files (*)"));
    if (!file.isEmpty()) play(file);
  });
  connect(stop_, &QPushButton::clicked, this, &TryCameraDialog::stop);
  connect(rate_, &QSpinBox::valueChanged, this, [this](int n) {
    if (live_) live_->perSecond = n;
  });
  for (QWidget* w : std::initializer_list<QWidget*>{playCamera_, openVideo_, stop_}) w->setEnabled(false);
  return row;
}

QWidget* TryCameraDialog::makeSaveRow() {
  auto* row = new QWidget(this);
  auto* h = new QHBoxLayout(row);
  h->setContentsMargins(0, 0, 0, 0);
  saveClass_ = new QComboBox(row);
  save_ = new QPushButton(tr("Save frame (S)"), row);
  save_->setToolTip(tr("Saves the frame shown as a PNG into the class's folder of the run's image folder."));
  saveNote_ = new QLabel(row);
  saveNote_->setWordWrap(true);
  h->addWidget(new QLabel(tr("Add to class"), row));
  h->addWidget(saveClass_);
  h->addWidget(save_);
  h->addWidget(saveNote_, 1);
  connect(save_, &QPushButton::clicked, this, [this] { saveFrame(saveClass_->currentText()); });
  connect(new QShortcut(QKeySequence(Qt::Key_S), this), &QShortcut::activated, save_, &QPushButton::click);
  save_->setEnabled(false);
  return row;
}

void TryCameraDialog::loaded(std::shared_ptr<const FramePredictor> predictor) {
  if (!predictor->ok()) {
    view_->setText(tr("This run's model cannot be used: %1").arg(QString::fromStdString(predictor->error())));
    return;
  }
  predictor_ = std::move(predictor);
  view_->setText(tr("Start a camera or open a video."));
  for (QWidget* w : std::initializer_list<QWidget*>{playCamera_, openVideo_}) w->setEnabled(true);
  const auto folders = trainingClassFolders(predictor_->datasetRoot(), predictor_->classes());
  for (const auto& [name, folder] : folders)
    saveClass_->addItem(QString::fromStdString(name), QString::fromStdString(folder));
  save_->setEnabled(!folders.empty());
  saveNote_->setText(folders.empty() ? tr("Frames can be saved for a run on an image folder whose class folders "
                                          "are still there.")
                                     : tr("Into %1").arg(QString::fromStdString(predictor_->datasetRoot())));
}

void TryCameraDialog::play(const QString& source) {
  if (!predictor_) return;
  stop();
  reader_.waitForFinished();
  live_ = std::make_shared<LiveFrames>();
  live_->perSecond = rate_->value();
  drawnFrame_ = drawnPrediction_ = 0;
  status_->setText(tr("Playing %1").arg(source));
  stop_->setEnabled(true);
  reader_.setFuture(runInBackground(
      [live = live_, predictor = predictor_, s = source.toStdString()] { readFrames(live, predictor, s); }));
  timer_->start();
}

void TryCameraDialog::stop() {
  if (live_) live_->stop = true;
}

bool TryCameraDialog::playing() const { return reader_.isRunning(); }

void TryCameraDialog::draw() {
  if (!live_) return;
  cv::Mat frame;
  FramePrediction prediction;
  bool newPrediction = false, over = false;
  std::string error;
  {
    std::lock_guard<std::mutex> hold(live_->lock);
    if (live_->frameNumber != drawnFrame_) frame = live_->frame, drawnFrame_ = live_->frameNumber;
    if (live_->predictionNumber != drawnPrediction_)
      prediction = live_->prediction, drawnPrediction_ = live_->predictionNumber, newPrediction = true;
    over = live_->ended, error = live_->error;
  }
  if (!frame.empty()) view_->setPixmap(pixmapOf(frame, view_->size()));
  if (newPrediction) {
    ++classifications_;
    if (!prediction.ok) {
      status_->setText(QString::fromStdString(prediction.error));
    } else {
      for (int i = 0; i < kBars; ++i) {
        const bool shown = i < static_cast<int>(prediction.classes.size());
        barNames_[i]->setText(shown ? QString::fromStdString(prediction.classes[i].label) : QString());
        bars_[i]->setValue(shown ? static_cast<int>(1000 * prediction.classes[i].probability) : 0);
        bars_[i]->setVisible(shown);
      }
      top_ = QString::fromStdString(prediction.classes.front().label);
      status_->setText(tr("%1 · %2 ms a frame").arg(top_, QLocale().toString(prediction.milliseconds, 'f', 0)));
    }
    emit classified();
  }
  if (!over) return;
  timer_->stop();
  stop_->setEnabled(false);
  if (!error.empty())
    status_->setText(QString::fromStdString(error));
  else if (drawnFrame_ == 0)
    status_->setText(tr("No frame came."));
  else
    status_->setText(tr("Stopped after %n frame(s).", "", static_cast<int>(drawnFrame_)) + " " + status_->text());
  emit ended();
}

void TryCameraDialog::saveFrame(const QString& className) {
  const int index = saveClass_->findText(className);
  cv::Mat frame;
  if (live_) {
    std::lock_guard<std::mutex> hold(live_->lock);
    frame = live_->frame.clone();
  }
  if (saving_) return;  // one save at a time: S held down repeats
  if (index < 0 || frame.empty()) {
    saveNote_->setText(index < 0 ? tr("No folder for the class %1.").arg(className) : tr("No frame to save yet."));
    emit frameSaved({});
    return;
  }
  saving_ = true;
  runInBackground(
      this,
      [frame, folder = saveClass_->itemData(index).toString().toStdString()] {
        std::string error;
        std::string path = saveFrameToClass(frame, folder, &error);
        return std::make_pair(path, error);
      },
      [this, className](std::pair<std::string, std::string> saved) {
        saving_ = false;
        const QString path = QString::fromStdString(saved.first);
        saveNote_->setText(path.isEmpty()
                               ? tr("Not saved: %1").arg(QString::fromStdString(saved.second))
                               : tr("Saved %1 into %2. Open the folder again on the Data page to train with it.")
                                     .arg(QFileInfo(path).fileName(), className));
        emit frameSaved(path);
      });
}

}  // namespace trainscope::ui
