// UI responsiveness, offscreen (QT_QPA_PLATFORM=offscreen):
//  1. redraw time of a live curve by number of points (every point kept, drawing
//     from each curve's min/max/mean pyramid);
//  2. event-loop latency while the app trains Fashion-MNIST LeNet for one epoch with
//     the Train page on screen: a 10 ms timer measures how late it fires.
// Usage: QT_QPA_PLATFORM=offscreen bench_ui [--epochs 1] [--compare-only | --redraw-only | --latency-only]
//        [--compare-list DIR] [--thumbnails IMAGE_FOLDER] [--map-pan POINTS]
#include "engine/data/fashion_mnist.h"
#include "engine/data/image_folder.h"
#include "engine/system/install_paths.h"
#include "ui/compare/compare_page.h"
#include "ui/experiment/experiment_document.h"
#include "ui/image_convert.h"
#include "ui/run/training_controller.h"
#include "ui/shell/application.h"
#include "ui/shell/main_window.h"
#include "ui/train/train_page.h"
#include "widgets/image_grid.h"
#include "widgets/live_curve_plot.h"
#include "widgets/palette.h"
#include "widgets/point_map.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QListView>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <future>
#include <random>

#include <sys/resource.h>

using namespace trainscope;

namespace {
double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

void redrawBenchmark() {
  std::printf(
      "| points per curve (raw + smoothed) | decimate + replot (ms, median of 15) | of which decimation (ms) "
      "|\n|---|---|---|\n");
  std::mt19937 gen(1);
  std::normal_distribution<double> noise(0, 0.05);
  for (int n : {1000, 10000, 100000, 1000000}) {
    widgets::LiveCurvePlot plot;
    plot.resize(1200, 400);
    plot.setRefreshBudget(1.0);  // measure every replot
    plot.show();
    const int s = plot.addSeries("loss", {QColor(31, 119, 180), false, true, false});
    std::vector<double> xs(n), ys(n);
    for (int i = 0; i < n; ++i) xs[i] = i, ys[i] = 2.0 * std::exp(-i / (n / 5.0)) + 0.3 + noise(gen);
    plot.append(s, xs, ys);
    plot.refresh();
    std::vector<double> times, decimation;
    for (int r = 0; r < 15; ++r) {
      plot.append(s, n + r, ys.back());  // a new point, as during training
      QElapsedTimer t;
      t.start();
      plot.refresh();  // decimates every curve for the visible range, then replots
      times.push_back(t.nsecsElapsed() / 1e6);
      decimation.push_back(t.nsecsElapsed() / 1e6 - plot.lastReplotMs());
    }
    std::printf("| %d | %.2f | %.2f |\n", n, percentile(times, 0.5), percentile(decimation, 0.5));
  }
}

// The Compare page's worst cases: 20 runs of 1,000,000 points each on one plot (issue
// 5), and 100 runs of 100,000 (issue 34), raw and smoothed; time a refresh after each
// run gains a point. `uneven`: x as wall time (uneven gaps) rather than steps.
void compareRedrawBenchmark(int runs, int n, bool bands = true, bool uneven = false) {
  widgets::LiveCurvePlot plot;
  plot.resize(1200, 500);
  plot.setRefreshBudget(1.0);
  plot.show();
  std::mt19937 gen(2);
  std::normal_distribution<double> noise(0, 0.05);
  std::vector<double> xs(n);
  std::uniform_real_distribution<double> gap(0.5, 1.5);
  double x = 0;
  for (int i = 0; i < n; ++i) xs[i] = uneven ? (x += gap(gen)) : i;
  for (int r = 0; r < runs; ++r) {
    std::vector<double> ys(n);
    for (int i = 0; i < n; ++i) ys[i] = (1.5 + 0.05 * r) * std::exp(-i / 200000.0) + 0.3 + noise(gen);
    const int s = plot.addSeries(QString("run %1").arg(r),
                                 {QColor::fromHsv(r * 360 / runs, 200, 200), false, true, false, bands});
    plot.append(s, xs, ys);
  }
  plot.refresh();
  std::vector<double> times, replots;
  const int rounds = std::getenv("BENCH_ROUNDS") ? std::atoi(std::getenv("BENCH_ROUNDS")) : 7;  // more for a profiler
  for (int round = 0; round < rounds; ++round) {
    for (int r = 0; r < runs; ++r) plot.append(r, xs.back() + 1 + round, 0.3);
    QElapsedTimer t;
    t.start();
    plot.refresh();
    times.push_back(t.nsecsElapsed() / 1e6);
    replots.push_back(plot.lastReplotMs());
  }
  std::printf("\n| Compare: %d runs x %d points%s, %s | value |\n|---|---|\n", runs, n,
              uneven ? " at uneven x (time)" : "",
              bands ? "raw band + smoothed line" : "smoothed lines alone (the Compare page past 20 runs)");
  std::printf("| decimate + replot, median of %d | %.1f ms |\n| of which replot | %.1f ms |\n| max | %.1f ms |\n",
              rounds, percentile(times, 0.5), percentile(replots, 0.5), percentile(times, 1.0));
}

// The Compare page opening a runs folder (bench_run_library --keep makes one): listing,
// the table, the first (empty) plot. Median of 5.
void compareListBenchmark(const QString& dir) {
  std::vector<double> times;
  size_t runs = 0;
  for (int round = 0; round < 5; ++round) {
    ui::ComparePage page;
    page.resize(1200, 800);
    page.show();
    QElapsedTimer t;
    t.start();
    page.setRunsDir(dir);  // reads in the background: timed until the table shows the runs
    while (page.reading()) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    times.push_back(t.nsecsElapsed() / 1e6);
    runs = page.runs().size();
  }
  std::printf("\n| Compare page opening %zu runs (list + table), median of 5 | %.0f ms |\n|---|---|\n", runs,
              percentile(times, 0.5));
}

// Scrolls the Data page's thumbnail grid, a page per step, and times each step (scroll
// + layout + paint of the visible items; thumbnails decode on the grid's pool): every
// page of a small dataset; of a large one 1,000 pages in a row from its middle, then
// 1,000 jumps to random places (a dragged scroll bar).
void scrollThumbnails(std::shared_ptr<const Dataset> data, int side) {
  widgets::ImageGrid grid;
  grid.resize(900, 700);
  grid.show();
  grid.setItems(
      static_cast<int>(data->size()),
      [data, side](int i) {
        std::string error;
        return ui::toQImage(data->loadPreview(i, side, &error));
      },
      [data](int i) { return QString::fromStdString(data->classes()[data->label(i)]); }, QSize(side, side));
  // The grid lays out 1,000 items per turn of the event loop (the page stays live
  // meanwhile): wait until the scroll range stops growing.
  QElapsedTimer layout;
  layout.start();
  QScrollBar* bar = grid.view()->verticalScrollBar();
  QElapsedTimer still;  // how long the range has kept its size
  still.start();
  for (int last = -1; still.elapsed() < 500;) {
    QApplication::processEvents(QEventLoop::AllEvents, 10);
    if (bar->maximum() != last) last = bar->maximum(), still.restart();
  }
  std::printf("the whole grid laid out in %.2f s\n", layout.nsecsElapsed() / 1e9 - 0.5);
  std::vector<int> positions;
  const int pages = bar->maximum() / bar->pageStep() + 1;
  std::mt19937 gen(3);
  for (int p = 0; p < std::min(pages, pages > 2000 ? 1000 : pages); ++p)
    positions.push_back((pages > 2000 ? pages / 2 + p : p) * bar->pageStep());
  for (int p = 0; pages > 2000 && p < 1000; ++p) positions.push_back(static_cast<int>(gen() % (bar->maximum() + 1)));
  std::vector<double> steps;
  for (int v : positions) {
    QElapsedTimer t;
    t.start();
    bar->setValue(v);
    grid.view()->viewport()->repaint();
    QApplication::processEvents();
    steps.push_back(t.nsecsElapsed() / 1e6);
  }
  std::printf("\n| scrolling %lld thumbnails, %zu page steps | value |\n|---|---|\n",
              static_cast<long long>(data->size()), steps.size());
  std::printf("| per step, median | %.2f ms |\n| per step, 99th percentile | %.2f ms |\n| per step, max | %.2f ms |\n",
              percentile(steps, 0.5), percentile(steps, 0.99), percentile(steps, 1.0));
}

void scrollFashionMnist() {
  const std::string dir = findFashionMnistDir();
  if (!dir.empty()) scrollThumbnails(std::make_shared<FashionMnist>(dir, "train"), 56);
}

// An image folder's training split, opened as the app opens it (from its cached index).
void scrollFolder(const std::string& root) {
  ImageFolderOptions o;
  o.index_cache = userCacheDir();
  QElapsedTimer t;
  t.start();
  const DatasetSplits s = openImageFolder(root, o);
  std::printf("opened %s in %.2f s (%s)\n", root.c_str(), t.nsecsElapsed() / 1e9,
              s.from_index ? "from its index" : "every header read");
  scrollThumbnails(s.train, 96);
}

// The feature map's pan (issue 34): `points` points in 20 clusters on a 1200x800 map,
// panned by 4 pixels 300 times, each drawn at once; frames per second from the median.
void panPointMap(int points) {
  widgets::PointMap map;
  map.resize(1200, 800);
  map.show();
  std::mt19937 gen(4);
  std::normal_distribution<float> noise(0.0f, 1.0f);
  std::vector<float> xy;
  std::vector<QRgb> colours;
  for (int i = 0; i < points; ++i) {
    const int c = i % 20;
    xy.push_back(static_cast<float>(c % 5) * 10 + noise(gen)),
        xy.push_back(static_cast<float>(c / 5) * 10 + noise(gen));
    colours.push_back(widgets::seriesColor(c).rgb());
  }
  map.setPoints(xy, colours);
  QApplication::processEvents();
  std::vector<double> frames;
  for (int i = 0; i < 300; ++i) frames.push_back(map.panBy(QPointF(i % 60 < 30 ? 4 : -4, 1)));
  const double median = percentile(frames, 0.5);
  std::printf("\n| feature map, %d points, 1200x800, pan | value |\n|---|---|\n", points);
  std::printf("| per frame, median | %.2f ms (%.0f frames/s) |\n| per frame, 99th percentile | %.2f ms |\n", median,
              1000.0 / median, percentile(frames, 0.99));
}

// CPU seconds the calling thread has run.
double threadCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_THREAD, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

void latencyWhileTraining(int epochs, int prefill) {
  ui::ExperimentDocument doc;
  ui::TrainingController controller;
  ui::MainWindow window(&doc, &controller);
  window.setConfirmClose(false);
  QString error;
  doc.load(TRAINSCOPE_SOURCE_DIR "/resources/experiments/fashion_lenet.json", &error);
  window.resize(1280, 820);
  if (!std::getenv("BENCH_HIDDEN")) window.show();
  // BENCH_FOLDER: a photo folder instead (it gets the app's photo recipe, the Fast CNN).
  const char* folder = std::getenv("BENCH_FOLDER");
  window.importLastOrDefaultDataset(folder ? folder : "fashion-mnist");
  while (!doc.dataset()) QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
  using C = ExperimentConfig;
  doc.set(configField(&C::epochs), epochs);
  if (const char* t = std::getenv("BENCH_THREADS")) doc.set(configField(&C::threads), std::atoi(t));
  if (const char* m = std::getenv("BENCH_MODEL")) doc.set(configField(&C::model, &ModelConfig::name), m);
  doc.set(configField(&C::runs_dir), "/tmp/trainscope-bench-ui-runs");
  window.showPage(ui::MainWindow::Train);

  std::vector<double> lateness;
  QElapsedTimer clock;
  QTimer probe;
  probe.setTimerType(Qt::PreciseTimer);
  probe.setInterval(10);
  qint64 last = 0;
  QObject::connect(&probe, &QTimer::timeout, [&] {
    const qint64 now = clock.nsecsElapsed();
    if (last) lateness.push_back(std::max(0.0, (now - last) / 1e6 - 10.0));
    if (last && std::getenv("BENCH_STALLS") && lateness.back() > 20)  // when the worst stalls happen
      std::fprintf(stderr, "stall of %.0f ms at %.2f s\n", lateness.back(), now / 1e9);
    last = now;
  });
  double samples = 0, seconds = 0;
  QObject::connect(&controller, &ui::TrainingController::progressed,
                   [&](const Progress& p) { samples = p.samples_per_sec, seconds = p.elapsed; });
  // A long run's history: `prefill` earlier points on the step curves (at negative x),
  // made ready for drawing on a worker thread as the Compare page does, then adopted.
  auto* page = window.trainPage();
  auto history = std::async(std::launch::async, [prefill, smoothing = page->lossPlot()->smoothing()] {
    std::vector<double> xs(prefill), ys(prefill), lrs(prefill, 0.003);
    std::mt19937 gen(2);
    std::normal_distribution<double> noise(0, 0.05);
    for (int i = 0; i < prefill; ++i) xs[i] = i - prefill, ys[i] = 0.4 + noise(gen);
    return std::make_pair(widgets::LiveCurvePlot::prepareCurve(xs, ys, smoothing),
                          widgets::LiveCurvePlot::prepareCurve(xs, lrs, 0));
  });
  auto [loss, lr] = history.get();
  window.trainPage()->start();
  if (prefill > 0) {
    page->lossPlot()->setSeriesData(page->stepSeries(), std::move(loss));
    page->lrPlot()->setSeriesData(0, std::move(lr));
  }
  clock.start();
  const double guiCpuBefore = threadCpuSeconds();
  probe.start();
  QEventLoop loop;
  QObject::connect(&controller, &ui::TrainingController::ended, &loop, &QEventLoop::quit);
  loop.exec();
  probe.stop();
  const double guiCpu = threadCpuSeconds() - guiCpuBefore, wall = clock.nsecsElapsed() / 1e9;
  const int points = window.trainPage()->lossPlot()->pointCount(window.trainPage()->stepSeries());
  std::printf("\n| while training (%d epoch(s); %d points on the loss curve at the end) | value |\n|---|---|\n", epochs,
              points);
  std::printf(
      "| timer lateness, median | %.1f ms |\n| timer lateness, 99th percentile | %.1f ms |\n| timer lateness, max | "
      "%.1f ms |\n",
      percentile(lateness, 0.5), percentile(lateness, 0.99), percentile(lateness, 1.0));
  std::printf("| training throughput in the app | %.0f samples/s |\n| training time | %.1f s |\n", samples, seconds);
  std::printf("| GUI thread's CPU time, share of one core | %.1f%% |\n", 100.0 * guiCpu / wall);
}
}  // namespace

// With BENCH_STALLS set: every event whose delivery takes over 20 ms on the GUI thread,
// by receiver (and its parent), to find what a stall was.
class TimedApplication : public QApplication {
 public:
  using QApplication::QApplication;
  bool notify(QObject* receiver, QEvent* event) override {
    if (!timed_ || depth_ > 0) return QApplication::notify(receiver, event);
    ++depth_;
    QElapsedTimer t;
    t.start();
    const int type = event->type();
    const QString who = QString::fromLatin1(receiver->metaObject()->className()) + "/" +
                        (receiver->parent() ? receiver->parent()->metaObject()->className() : "-");
    const bool done = QApplication::notify(receiver, event);
    if (t.elapsed() > 20) std::fprintf(stderr, "slow event %d to %s: %lld ms\n", type, qPrintable(who), t.elapsed());
    --depth_;
    return done;
  }

 private:
  bool timed_ = std::getenv("BENCH_STALLS") != nullptr;
  int depth_ = 0;
};

int main(int argc, char** argv) {
  trainscope::ui::restartWithComputeEnvironment(argv);  // as the app runs
  TimedApplication app(argc, argv);
  int epochs = 1;
  bool compareOnly = false;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--epochs" && i + 1 < argc) epochs = std::atoi(argv[i + 1]);
    if (std::string(argv[i]) == "--compare-only") compareOnly = true;
    if (std::string(argv[i]) == "--redraw-only") {
      redrawBenchmark();
      return 0;
    }
    if (std::string(argv[i]) == "--latency-only") {  // the Train page while training, a 1M-point history
      latencyWhileTraining(epochs, std::getenv("BENCH_HISTORY") ? std::atoi(std::getenv("BENCH_HISTORY")) : 1000000);
      return 0;
    }
    if (std::string(argv[i]) == "--map-pan" && i + 1 < argc) {  // the feature map with N points
      panPointMap(std::atoi(argv[i + 1]));
      return 0;
    }
    if (std::string(argv[i]) == "--thumbnails" && i + 1 < argc) {  // an image folder's grid
      scrollFolder(argv[i + 1]);
      return 0;
    }
    if (std::string(argv[i]) == "--compare-list" && i + 1 < argc) {
      compareListBenchmark(argv[i + 1]);
      return 0;
    }
  }
  if (compareOnly) {
    compareRedrawBenchmark(20, 1000000);
    compareRedrawBenchmark(100, 10000);
    compareRedrawBenchmark(100, 100000);
    compareRedrawBenchmark(100, 10000, false);
    compareRedrawBenchmark(100, 100000, false);
    compareRedrawBenchmark(100, 10000, false, true);
    compareRedrawBenchmark(100, 100000, false, true);
    return 0;
  }
  redrawBenchmark();
  compareRedrawBenchmark(20, 1000000);
  compareRedrawBenchmark(100, 10000, false);
  compareRedrawBenchmark(100, 100000, false);
  scrollFashionMnist();
  panPointMap(100000);
  latencyWhileTraining(epochs, 0);
  latencyWhileTraining(epochs, 1000000);
  return 0;
}
