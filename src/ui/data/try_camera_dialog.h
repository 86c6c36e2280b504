// Run ▸ Try on Camera or Video…: an image run's model on live frames, Teachable
// Machine's way. A camera (OpenCV's VideoCapture) or a video file plays in the window,
// classified a few times a second, the most probable classes as bars; a frame can be
// saved into a class folder of the run's image folder, so a class builds its own
// dataset in front of the projector. Frames are read and classified on one background
// thread, which publishes the latest of each; the dialog draws them on a timer.
#pragma once

#include <QDialog>
#include <QFutureWatcher>
#include <QString>

#include <memory>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTimer;

namespace trainscope {
class FramePredictor;
}

namespace trainscope::ui {

struct LiveFrames;

class TryCameraDialog : public QDialog {
  Q_OBJECT
 public:
  TryCameraDialog(const QString& runDir, QWidget* parent = nullptr);
  ~TryCameraDialog() override;  // stops the reader and waits for it (a frame at most)

  bool ready() const { return predictor_ != nullptr; }
  // "camera:0" or a video file; stops what was playing.
  void play(const QString& source);
  void stop();
  bool playing() const;
  int classifications() const { return classifications_; }
  QString topClass() const { return top_; }
  // Saves the frame shown into `className`'s folder, in the background; frameSaved says
  // the file (empty when it was not saved, the reason shown).
  void saveFrame(const QString& className);
  QComboBox* classBox() const { return saveClass_; }
  QLabel* statusLabel() const { return status_; }

 signals:
  void classified();  // a new prediction is drawn
  void ended();       // the video ended, or the source failed or was stopped
  void frameSaved(const QString& path);

 private:
  QWidget* makeSourceRow();
  QWidget* makeSaveRow();
  void loaded(std::shared_ptr<const FramePredictor> predictor);
  void draw();  // the latest frame and prediction, on the timer
  void showPrediction();

  std::shared_ptr<const FramePredictor> predictor_;
  std::shared_ptr<LiveFrames> live_;
  QFutureWatcher<void> reader_;
  QTimer* timer_;
  quint64 drawnFrame_ = 0, drawnPrediction_ = 0;
  int classifications_ = 0;
  bool saving_ = false;  // a frame is being written
  QString top_;
  QComboBox *camera_, *saveClass_;
  QSpinBox* rate_;
  QPushButton *playCamera_, *openVideo_, *stop_, *save_;
  QLabel *view_, *status_, *saveNote_;
  QList<QLabel*> barNames_;
  QList<QProgressBar*> bars_;
};

}  // namespace trainscope::ui
