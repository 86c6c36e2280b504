#include "ui/application.h"

#include "engine/system/versions.h"

#include "ui/experiment_document.h"
#include "ui/main_window.h"
#include "ui/screenshot_tour.h"
#include "ui/training_controller.h"
#include "ui/translation.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QSettings>

namespace trainscope::ui {

int runTrainscope(QApplication& app) {
  QApplication::setOrganizationName("Trainscope");
  QApplication::setApplicationName("Trainscope");
  QApplication::setApplicationVersion(trainscopeVersion());

  QCommandLineParser args;
  args.setApplicationDescription(
      QApplication::translate("main", "Train and debug neural networks, and watch them learn."));
  args.addHelpOption();
  args.addVersionOption();
  const QCommandLineOption experiment("experiment", QApplication::translate("main", "Experiment JSON to open."),
                                      "file");
  const QCommandLineOption dataset(
      "dataset", QApplication::translate("main", "Image folder to import, or fashion-mnist."), "path");
  const QCommandLineOption screenshots(
      "screenshots", QApplication::translate("main", "Train briefly, save each page as PNG into the folder, quit."),
      "folder");
  const QCommandLineOption language("lang", QApplication::translate("main", "Interface language: en or zh_CN."),
                                    "language");
  args.addOptions({experiment, dataset, screenshots, language});
  args.process(app);
  // --lang is for this start; the View menu's choice is the one kept.
  installTranslation(app, args.isSet(language) ? args.value(language) : QSettings().value("language", "en").toString());

  ExperimentDocument document;
  TrainingController controller;
  MainWindow window(&document, &controller);

  QString path = args.value(experiment);
  if (path.isEmpty()) path = QSettings().value("lastExperiment").toString();
  if (path.isEmpty() || !QFileInfo::exists(path)) path = ":/experiments/fashion_lenet.json";
  QString error;
  if (!document.load(path, &error)) document.load(":/experiments/fashion_lenet.json", &error);
  // The working experiment of the last session (epochs and every other edit), unless
  // an experiment was named on the command line.
  const auto working =
      nlohmann::json::parse(QSettings().value("workingExperiment").toString().toStdString(), nullptr, false);
  if (!args.isSet(experiment) && working.is_object()) document.setJson(working);
  if (args.isSet(dataset)) {
    window.importLastOrDefaultDataset(args.value(dataset));
  } else {
    // The experiment's own folder, else the dataset last imported (lastDataset).
    const bool folder = document.datasetKind() == "image-folder";
    window.importLastOrDefaultDataset(folder ? QString::fromStdString(document.datasetRoot()) : QString());
  }
  window.show();

  std::unique_ptr<ScreenshotTour> tour;
  if (args.isSet(screenshots)) {
    window.setConfirmClose(false);
    tour = std::make_unique<ScreenshotTour>(&window, &document, &controller, args.value(screenshots));
  }
  return app.exec();
}

}  // namespace trainscope::ui
