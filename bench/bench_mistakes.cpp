// The Mistakes page's figures (docs/benchmarks.md):
//  1. refresh: from an epoch's end (the request) to the page shown, for Fashion-MNIST
//     LeNet validated on all 10,000 test images and 60,000 training samples: the first
//     look (the dataset opened) and a refresh (as after each epoch);
//  2. a 100-class confusion matrix drawn (offscreen grab);
//  3. Grad-CAM of one image for each built-in model at its preset's input size, with
//     the weights loaded once (what the side panel pays per click).
// Usage: QT_QPA_PLATFORM=offscreen bench_mistakes [--threads 2]
#include "engine/config/config.h"
#include "engine/model_tools.h"
#include "engine/sample_report.h"
#include "engine/session.h"
#include "ui/experiment/experiment_document.h"
#include "ui/mistakes/mistakes_page.h"
#include "ui/run/training_controller.h"
#include "widgets/confusion_matrix_view.h"

#include <opencv2/imgcodecs.hpp>

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <random>

using namespace trainscope;

namespace {

std::string trainRun(ExperimentConfig c) {
  auto session = TrainingSession::start(c);
  while (!session->waitFinished(std::chrono::milliseconds(100))) session->events().drain();
  return session->runDir();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void refreshBenchmark(const std::string& run) {
  ui::ExperimentDocument doc;
  ui::TrainingController controller;
  ui::MistakesPage page(&controller, &doc);
  page.resize(1600, 1000);
  page.show();
  std::vector<double> times;
  for (int i = 0; i < 6; ++i) {
    QEventLoop loop;
    QElapsedTimer clock;
    QObject::connect(&page, &ui::MistakesPage::refreshed, &loop, &QEventLoop::quit);
    clock.start();
    page.openRun(QString::fromStdString(run));
    loop.exec();
    QApplication::processEvents();  // the repaint
    times.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
  }
  const auto& d = *page.diagnosis();
  std::printf("refresh, %zu validation and %lld training samples, %lld epochs:\n", d.predictions.labels.size(),
              static_cast<long long>(d.dynamics.samples()), static_cast<long long>(d.dynamics.epochs()));
  std::printf("  first look (dataset opened)  %7.1f ms\n", times[0]);
  std::printf("  refresh, median of 5         %7.1f ms\n", median({times.begin() + 1, times.end()}));
}

void matrixBenchmark(int classes) {
  std::mt19937 rng(1);
  std::vector<int64_t> counts(static_cast<size_t>(classes * classes));
  for (int t = 0; t < classes; ++t)
    for (int p = 0; p < classes; ++p) counts[static_cast<size_t>(t * classes + p)] = t == p ? 80 : rng() % 4;
  QStringList names;
  for (int c = 0; c < classes; ++c) names << QString("class %1").arg(c);
  widgets::ConfusionMatrixView view;
  std::vector<double> times;
  for (int i = 0; i < 11; ++i) {
    QElapsedTimer clock;
    clock.start();
    view.setMatrix(counts, names);
    view.setCellSize(8);
    const QPixmap shot = view.grab();
    times.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
  }
  std::printf("confusion matrix, %d classes, set and drawn: median %.1f ms\n", classes, median(times));
}

void gradCamBenchmark(const std::string& name, const ExperimentConfig& config) {
  const std::string run = trainRun(config);
  const RunDiagnosis d = readRunDiagnosis(run);
  if (!d.error.empty()) {
    std::printf("  %-9s no run: %s\n", name.c_str(), d.error.c_str());
    return;
  }
  GradCamExplainer explainer(run);
  std::string error;
  std::vector<double> times;
  GradCamResult r;
  for (int i = 0; i < 6; ++i) {
    r = explainer.explain(d.splits->val->load(i % d.splits->val->size(), &error));
    if (!r.ok) {
      std::printf("  %-9s failed: %s\n", name.c_str(), r.error.c_str());
      return;
    }
    times.push_back(r.seconds * 1000);
  }
  std::printf("  %-9s %3dx%-3d px, layer %-8s  first (weights loaded) %6.0f ms, then median %6.0f ms\n", name.c_str(),
              r.heat.width, r.heat.height, r.layer.c_str(), times[0], median({times.begin() + 1, times.end()}));
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  int threads = 2;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--threads") threads = std::atoi(argv[i + 1]);
  if (builtInDatasetDir().empty()) {
    std::fprintf(stderr, "bench_mistakes: needs dataset-fashion-mnist\n");
    return 1;
  }
  QTemporaryDir tmp;
  ExperimentConfig lenet = loadConfigFile(TRAINSCOPE_SOURCE_DIR "/resources/experiments/fashion_lenet.json");
  lenet.runs_dir = tmp.path().toStdString() + "/runs";
  lenet.threads = threads;
  lenet.epochs = 2;
  refreshBenchmark(trainRun(lenet));
  matrixBenchmark(10);
  matrixBenchmark(100);
  matrixBenchmark(300);

  std::printf("Grad-CAM of one image, %d threads:\n", threads);
  lenet.epochs = 1;
  lenet.dataset.train_subset = 256;
  lenet.dataset.val_subset = 64;
  gradCamBenchmark("lenet", lenet);
  for (const char* preset : {"fashion_resnet18"}) {
    ExperimentConfig c =
        loadConfigFile(std::string(TRAINSCOPE_SOURCE_DIR "/resources/experiments/") + preset + ".json");
    c.runs_dir = lenet.runs_dir, c.threads = threads, c.epochs = 1;
    c.dataset.train_subset = 64, c.dataset.val_subset = 16, c.loader.batch_size = 16;
    gradCamBenchmark(c.model.name + "-28", c);
  }
  // Photos at the photo presets' sizes: a small folder of noise images.
  const QString photos = tmp.path() + "/photos";
  std::mt19937 rng(3);
  for (const char* cls : {"a", "b"}) {
    QDir().mkpath(photos + "/" + cls);
    for (int i = 0; i < 12; ++i) {
      cv::Mat m(300, 400, CV_8UC3);
      cv::randu(m, 0, 255);
      cv::imwrite(QString("%1/%2/%3.jpg").arg(photos, cls).arg(i).toStdString(), m);
    }
  }
  for (const char* preset : {"imagefolder_fast", "imagefolder_resnet18"}) {
    ExperimentConfig c =
        loadConfigFile(std::string(TRAINSCOPE_SOURCE_DIR "/resources/experiments/") + preset + ".json");
    c.runs_dir = lenet.runs_dir, c.threads = threads, c.epochs = 1;
    c.dataset.root = photos.toStdString();
    c.loader.batch_size = 8;
    gradCamBenchmark(c.model.name, c);
  }
  return 0;
}
