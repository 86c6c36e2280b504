// --screenshots DIR: once the dataset is in, saves the Data and Model pages, trains a
// short run, saves the Train page, and quits. Used to make the README's pictures.
#pragma once

#include <QObject>
#include <QString>

namespace trainscope::ui {

class ExperimentDocument;
class MainWindow;
class TrainingController;

class ScreenshotTour : public QObject {
  Q_OBJECT
 public:
  ScreenshotTour(MainWindow* window, ExperimentDocument* document, TrainingController* controller, QString folder);

 private:
  void save(const QString& name);
  MainWindow* window_;
  ExperimentDocument* doc_;
  TrainingController* controller_;
  QString folder_;
};

}  // namespace trainscope::ui
