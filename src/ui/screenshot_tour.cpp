#include "ui/screenshot_tour.h"

#include "ui/experiment_document.h"
#include "ui/main_window.h"
#include "ui/pages/data_page.h"
#include "ui/pages/model_page.h"
#include "ui/pages/train_page.h"
#include "ui/training_controller.h"

#include <QApplication>
#include <QDir>
#include <QTimer>

namespace trainscope::ui {

ScreenshotTour::ScreenshotTour(MainWindow* window, ExperimentDocument* document, TrainingController* controller,
                               QString folder)
    : QObject(window), window_(window), doc_(document), controller_(controller), folder_(std::move(folder)) {
  QDir().mkpath(folder_);
  connect(window_->dataPage(), &DataPage::datasetReady, this, [this] {
    window_->showPage(MainWindow::Data);
    QTimer::singleShot(1500, this, [this] {  // thumbnails load in the background
      save("data-page.png");
      window_->showPage(MainWindow::Model);
      QTimer::singleShot(1500, this, [this] {
        save("model-page.png");
        doc_->set("/epochs", 3);
        window_->trainPage()->start();
      });
    });
  });
  connect(controller_, &TrainingController::ended, this, [this] {
    QTimer::singleShot(500, this, [this] {
      save("train-page.png");
      window_->close();
      QApplication::quit();
    });
  });
}

void ScreenshotTour::save(const QString& name) { window_->grab().save(QDir(folder_).filePath(name)); }

}  // namespace trainscope::ui
