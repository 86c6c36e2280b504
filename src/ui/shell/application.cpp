#include "ui/shell/application.h"

#include "engine/system/threads.h"
#include "engine/system/versions.h"

#include "ui/compare/compare_page.h"
#include "ui/data/data_page.h"
#include "ui/experiment/experiment_document.h"
#include "ui/lessons/lessons_page.h"
#include "ui/run/training_controller.h"
#include "ui/shell/main_window.h"
#include "ui/shell/screenshot_tour.h"
#include "ui/shell/welcome_dialog.h"
#include "ui/translation.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QSettings>
#include <QTimer>

#include <cstdio>
#include <cstdlib>

#include <unistd.h>

namespace trainscope::ui {

namespace {

// --self-test: does this installation work? The dataset loads, the shipped lessons are
// found beside the binary, the runs folder is known; exit 0 when all are there.
void startSelfTest(MainWindow& window) {
  window.setConfirmClose(false);
  auto report = [&window](const QString& dataset, bool ok) {
    const size_t lessons = window.lessonsPage()->lessons().size();
    std::printf("trainscope %s\ndataset: %s\nlessons: %zu in %s\nruns folder: %s\n", trainscopeVersion(),
                qPrintable(dataset), lessons, qPrintable(LessonsPage::defaultLessonsFolder()),
                qPrintable(window.comparePage()->runsDir()));
    std::fflush(stdout);
    QApplication::exit(ok && lessons > 0 ? 0 : 1);
  };
  QObject::connect(window.dataPage(), &DataPage::datasetReady, &window,
                   [report](const QString& description) { report(description, true); });
  QObject::connect(window.dataPage(), &DataPage::importFailed, &window,
                   [report](const QString& message) { report("FAILED: " + message, false); });
  QTimer::singleShot(120000, &window, [report] { report("FAILED: not loaded within 2 minutes", false); });
}

}  // namespace

void restartWithComputeEnvironment(char** argv) {
  // A run's OpenMP threads wait for the next op by spinning, then sleep, and waking a
  // sleeping one costs more than many small ops: libgomp's default spin (300,000 turns)
  // is too short in the app, where the GUI thread's wake-ups push a step's ops apart.
  // Ten times that (a few milliseconds) kept the app's throughput nearest the CLI's on
  // two cores without a thread spinning on while a run is paused (docs/benchmarks.md).
  if (std::getenv("OMP_WAIT_POLICY") || std::getenv("GOMP_SPINCOUNT")) return;  // the user's choice
  setenv("GOMP_SPINCOUNT", "3000000", 1);
  // The executable's own path, not /proc/self/exe, so the process keeps its name
  // ("trainscope", not "exe") in top, ps and pkill.
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return;
  self[n] = '\0';
  execv(self, argv);  // returns only on failure: carry on as we are
}

int runTrainscope(QApplication& app) {
  useOneComputeThread();  // LibTorch on the GUI thread, if ever, is no second OpenMP team
  QApplication::setOrganizationName("Trainscope");
  QApplication::setApplicationName("Trainscope");
  QApplication::setApplicationVersion(trainscopeVersion());
  QApplication::setWindowIcon(QIcon(":/icons/trainscope-256.png"));
  // Wayland and the task bar match the window to the menu entry (packaging/deb).
  QGuiApplication::setDesktopFileName("org.trainscope.Trainscope");

  QCommandLineParser args;
  args.setApplicationDescription(
      QApplication::translate("main", "Train and debug neural networks, and watch them learn."));
  args.addHelpOption();
  args.addVersionOption();
  const QCommandLineOption experiment("experiment", QApplication::translate("main", "Experiment JSON to open."),
                                      "file");
  const QCommandLineOption dataset(
      "dataset", QApplication::translate("main", "Image folder or CSV table to import, or fashion-mnist."), "path");
  const QCommandLineOption screenshots(
      "screenshots", QApplication::translate("main", "Train briefly, save each page as PNG into the folder, quit."),
      "folder");
  const QCommandLineOption language("lang", QApplication::translate("main", "Interface language: en or zh_CN."),
                                    "language");
  const QCommandLineOption selfTest(
      "self-test",
      QApplication::translate("main", "Start, load the dataset and the lessons, say what was found, quit."));
  const QCommandLineOption follow(
      "follow", QApplication::translate("main", "Run folder to follow live, as File > Follow Run... does."), "run");
  args.addOptions({experiment, dataset, screenshots, language, selfTest, follow});
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
    // The experiment's own folder or table, else the dataset last imported (lastDataset).
    const std::string kind = document.datasetKind();
    if (kind == "image-folder" || kind == "csv" || kind == "text-folder")
      window.dataPage()->importExperimentDataset();
    else
      window.importLastOrDefaultDataset({});
  }
  window.show();

  std::unique_ptr<ScreenshotTour> tour;
  if (args.isSet(screenshots)) {
    window.setConfirmClose(false);
    tour = std::make_unique<ScreenshotTour>(&window, &document, &controller, args.value(screenshots));
  } else if (args.isSet(selfTest)) {
    startSelfTest(window);
  } else if (args.isSet(follow)) {
    QTimer::singleShot(0, &window, [&window, dir = args.value(follow)] { window.followRun(dir); });
  } else if (WelcomeDialog::firstStart()) {
    QTimer::singleShot(0, &window, &MainWindow::showWelcome);
  }
  return app.exec();
}

}  // namespace trainscope::ui
