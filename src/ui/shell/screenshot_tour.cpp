#include "ui/shell/screenshot_tour.h"

#include "ui/compare/compare_page.h"
#include "ui/data/data_page.h"
#include "ui/experiment/experiment_document.h"
#include "ui/inspect/inspect_page.h"
#include "ui/lessons/lessons_page.h"
#include "ui/mistakes/mistakes_page.h"
#include "ui/model/model_page.h"
#include "ui/run/run_queue.h"
#include "ui/run/training_controller.h"
#include "ui/shell/main_window.h"
#include "ui/train/train_page.h"
#include "widgets/image_grid.h"

#include <QApplication>
#include <QDir>
#include <QListView>
#include <QStatusBar>
#include <QTimer>

#include <cstdio>

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
        doc_->set(configField(&ExperimentConfig::epochs), 3);
        window_->trainPage()->start();
      });
    });
  });
  // Never hang: a failed import or start, or a tour that takes too long, ends the app.
  auto abort = [this](const QString& why) {
    std::fprintf(stderr, "screenshots: %s\n", qPrintable(why));
    QApplication::exit(1);
  };
  connect(window_->dataPage(), &DataPage::importFailed, this, abort);
  connect(window_->trainPage(), &TrainPage::runFailed, this, abort);
  QTimer::singleShot(600000, this, [abort] { abort("timed out after 10 minutes"); });
  connect(controller_, &TrainingController::ended, this, [this] {
    QTimer::singleShot(500, this, [this] {
      save("train-page.png");
      window_->showPage(MainWindow::Inspect);
      window_->inspectPage()->select("relu2", "activation");
      QTimer::singleShot(1000, this, [this] {
        save("inspect-page.png");
        window_->showPage(MainWindow::Mistakes);
        QTimer::singleShot(1500, this, [this] {
          save("mistakes-page.png");
          MistakesPage* mistakes = window_->mistakesPage();
          mistakes->tabs()->setCurrentIndex(MistakesPage::GalleryTab);
          const QModelIndex first = mistakes->gallery()->view()->model()->index(0, 0);
          mistakes->gallery()->view()->setCurrentIndex(first);  // shows it beside, with Grad-CAM
          QTimer::singleShot(2500, this, [this] { save("mistakes-gallery.png"); });
        });
        QTimer::singleShot(4500, this,
                           [this] { window_->showPage(MainWindow::System); });  // runs the environment check
        QTimer::singleShot(8500, this, [this] {
          save("system-page.png");
          // The Train page as a projector shows it, with the run's curves (the user's
          // setting is put back).
          const bool was = window_->presentationMode();
          window_->statusBar()->clearMessage();
          window_->setPresentationMode(true);
          window_->showPage(MainWindow::Train);
          QTimer::singleShot(1500, this, [this, was] {
            save("presentation-mode.png");
            window_->setPresentationMode(was);
            // Lesson 1 through the run queue, then its comparison.
            window_->showPage(MainWindow::Lessons);
            QTimer::singleShot(500, this, [this] {
              save("lessons-page.png");
              window_->lessonsPage()->runLesson(0);
              auto* poll = new QTimer(this);
              connect(poll, &QTimer::timeout, this, [this, poll] {
                if (!window_->runQueue()->idle()) return;
                poll->stop();
                window_->comparePage()->reload();
                QTimer::singleShot(1500, this, [this] {
                  save("compare-page.png");
                  window_->close();
                  QApplication::quit();
                });
              });
              poll->start(500);
            });
          });
        });
      });
    });
  });
}

void ScreenshotTour::save(const QString& name) { window_->grab().save(QDir(folder_).filePath(name)); }

}  // namespace trainscope::ui
