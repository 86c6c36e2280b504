#include "ui/system/system_page.h"

#include "engine/config/config_fields.h"
#include "engine/system/doctor.h"
#include "ui/run/background.h"
#include "ui/run/training_controller.h"
#include "ui/translation.h"
#include "widgets/gauge.h"
#include "widgets/live_curve_plot.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include "widgets/presentation_layout.h"

#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

namespace trainscope::ui {

SystemPage::SystemPage(TrainingController* controller, SystemSampler* sampler, QWidget* parent)
    : QWidget(parent), controller_(controller), sampler_(sampler) {
  memory_ = new widgets::Gauge(tr("Memory (this process)"), this);
  cpu_ = new widgets::Gauge(tr("CPU (share of the usable cores)"), this);
  gpuAllocator_ = new widgets::Gauge(tr("GPU memory, CUDA allocator"), this);
  gpuDevice_ = new widgets::Gauge(tr("GPU device memory"), this);
  gpuUse_ = new widgets::Gauge(tr("GPU utilisation (NVML)"), this);
  gpuPower_ = new widgets::Gauge(tr("GPU power (NVML)"), this);
  gpuUse_->setToolTip(
      tr("The share of the last second a kernel ran on the GPU, and its temperature, as nvidia-smi "
         "reports them (NVIDIA's management library, loaded when the driver is installed)."));
  gpuPower_->setToolTip(tr("The GPU's power draw against its enforced limit, as nvidia-smi reports them."));
  memory_->setToolTip(tr("Resident memory of Trainscope: model, optimizer state, batches in flight, curves."));
  gpuAllocator_->setToolTip(tr("Allocated by tensors / reserved by LibTorch's caching allocator (peak allocated)."));
  gpuDevice_->setToolTip(tr("Used on the whole device, by every process (what nvidia-smi shows)."));
  auto* gauges = new QGridLayout;
  gauges->addWidget(memory_, 0, 0);
  gauges->addWidget(cpu_, 0, 1);
  gauges->addWidget(gpuAllocator_, 1, 0);
  gauges->addWidget(gpuDevice_, 1, 1);
  gauges->addWidget(gpuUse_, 2, 0);
  gauges->addWidget(gpuPower_, 2, 1);
  gauges->setColumnStretch(0, 1);
  gauges->setColumnStretch(1, 1);

  resources_ = new widgets::LiveCurvePlot(this);
  resources_->setAxisLabels(tr("seconds"), tr("memory (MB)"), tr("CPU (%)"));
  resources_->setSmoothing(0);
  rssSeries_ = resources_->addSeries(tr("resident memory (MB)"), {QColor(31, 119, 180)});
  cpuSeries_ = resources_->addSeries(tr("CPU (%)"), {QColor(255, 127, 14), false, false, /*rightAxis=*/true});

  throughput_ = new widgets::LiveCurvePlot(this);
  throughput_->setAxisLabels(tr("step"), tr("samples/s"), tr("data wait (%)"));  // short: the plot is not tall
  throughput_->setSmoothing(0.6);
  speedSeries_ = throughput_->addSeries(tr("samples/s"), {QColor(44, 160, 44), false, /*smoothed=*/true});
  waitSeries_ =
      throughput_->addSeries(tr("waiting for data (%)"), {QColor(214, 39, 40), false, true, /*rightAxis=*/true});
  throughput_->setToolTip(
      tr("A high data-wait share means the model waits for the DataLoader: add workers "
         "(%1) or make the transforms cheaper.")
          .arg(QString::fromStdString(configField(&ExperimentConfig::loader, &LoaderConfig::num_workers).key)));

  report_ = new QPlainTextEdit(this);
  report_->setReadOnly(true);
  report_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  report_->setPlaceholderText(tr("Versions, CUDA and devices, threads, and a timed matrix multiply."));
  check_ = new QPushButton(tr("Run check"), this);
  check_->setToolTip(tr("The same check as `trainscope-cli doctor` (about a second; best while nothing trains)."));
  auto* envBox = new QGroupBox(tr("Environment"), this);
  auto* envLayout = new QVBoxLayout(envBox);
  envLayout->addWidget(report_);
  envLayout->addWidget(check_, 0, Qt::AlignRight);

  auto* plots = new QSplitter(Qt::Vertical, this);
  plots->addWidget(resources_);
  plots->addWidget(throughput_);
  plots->addWidget(envBox);
  resources_->setMinimumHeight(150);
  throughput_->setMinimumHeight(150);
  plots->setStretchFactor(0, 2);
  plots->setStretchFactor(1, 2);
  plots->setStretchFactor(2, 1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(gauges);
  layout->addWidget(plots, 1);
  // A projector shows the gauges and the two plots; the environment check folds away.
  (new widgets::PresentationLayout(this))->fold(plots, 2);

  startTime_ = QDateTime::currentMSecsSinceEpoch() / 1000.0;
  connect(sampler, &SystemSampler::sampled, this, &SystemPage::onSample);
  connect(controller_, &TrainingController::stepsArrived, this, &SystemPage::onSteps);
  connect(controller_, &TrainingController::started, this, [this] { throughput_->clear(); });
  connect(check_, &QPushButton::clicked, this, &SystemPage::runEnvironmentCheck);
  onSample(sampler->last(), sampler->lastGpu());
}

void SystemPage::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  // The first visit runs the check, unless a run is training (it would skew both).
  if (!checkedOnce_ && !controller_->isActive()) runEnvironmentCheck();
  QTimer::singleShot(0, this, [this] {
    resources_->refresh();
    throughput_->refresh();
  });
}

void SystemPage::runEnvironmentCheck() {
  if (checking_) return;
  checking_ = checkedOnce_ = true;
  check_->setEnabled(false);
  report_->setPlainText(tr("Checking…"));
  auto* watcher = new QFutureWatcher<QString>(this);
  connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher] {
    report_->setPlainText(watcher->result());
    checking_ = false;
    check_->setEnabled(true);
    watcher->deleteLater();
  });
  watcher->setFuture(runInBackground([] {
    try {
      QStringList lines;  // in the interface language (translate() is thread-safe)
      for (const Message& line : reportLines(checkEnvironment())) lines << translated(line);
      return lines.join('\n').trimmed();
    } catch (const std::exception& e) {
      return QObject::tr("The check failed: %1").arg(e.what());
    }
  }));
}

void SystemPage::onSample(const ProcessSample& p, const GpuMemory& g) {
  if (p.available) {
    memory_->setValue(static_cast<double>(p.rss), static_cast<double>(p.total_memory),
                      tr("%1 of %2").arg(formatBytes(p.rss), formatBytes(p.total_memory)));
    const QString share = tr("%1% of %2 cores").arg(p.cpu * 100, 0, 'f', 0).arg(p.cores);
    // Other work on the same CPUs: what makes a run fit its threads (the run's log says when).
    cpu_->setValue(p.cpu, 1.0,
                   p.others_busy < 0
                       ? share
                       : tr("%1 · other processes: %2 cores").arg(share, QLocale().toString(p.others_busy, 'f', 1)));
    const double t = QDateTime::currentMSecsSinceEpoch() / 1000.0 - startTime_;
    resources_->append(rssSeries_, t, static_cast<double>(p.rss) / 1e6);
    resources_->append(cpuSeries_, t, p.cpu * 100);
  } else {
    memory_->setUnavailable(tr("not available on this system"));
    cpu_->setUnavailable(tr("not available on this system"));
  }
  if (g.available) {
    gpuAllocator_->setValue(static_cast<double>(g.allocated), static_cast<double>(g.device_total),
                            tr("%1 allocated, %2 reserved, peak %3")
                                .arg(formatBytes(g.allocated), formatBytes(g.reserved), formatBytes(g.peak_allocated)));
    gpuDevice_->setValue(
        static_cast<double>(g.device_used), static_cast<double>(g.device_total),
        tr("%1 of %2 on %3")
            .arg(formatBytes(g.device_used), formatBytes(g.device_total), QString::fromStdString(g.device)));
    if (gpuSeries_ < 0) gpuSeries_ = resources_->addSeries(tr("GPU allocated (MB)"), {QColor(148, 103, 189)});
    resources_->append(gpuSeries_, QDateTime::currentMSecsSinceEpoch() / 1000.0 - startTime_, g.allocated / 1e6);
  } else {
    gpuAllocator_->setUnavailable(translated(g.reason));
    gpuDevice_->setUnavailable(translated(g.reason));
  }
  showNvml(sampler_->lastNvml());
  resources_->refresh();
}

void SystemPage::showNvml(const NvmlGauges& n) {
  if (!n.available) {
    gpuUse_->setUnavailable(translated(n.reason));
    gpuPower_->setUnavailable(translated(n.reason));
    return;
  }
  const QString temperature = std::isfinite(n.temperature_c) ? tr(", %1 °C").arg(n.temperature_c, 0, 'f', 0) : "";
  if (std::isfinite(n.utilization))
    gpuUse_->setValue(
        n.utilization, 1.0,
        tr("%1% on %2%3").arg(n.utilization * 100, 0, 'f', 0).arg(QString::fromStdString(n.name), temperature));
  else
    gpuUse_->setUnavailable(tr("%1 reports no utilisation").arg(QString::fromStdString(n.name)));
  if (std::isfinite(n.power_w) && std::isfinite(n.power_limit_w))
    gpuPower_->setValue(n.power_w, n.power_limit_w,
                        tr("%1 W of %2 W").arg(n.power_w, 0, 'f', 0).arg(n.power_limit_w, 0, 'f', 0));
  else if (std::isfinite(n.power_w))  // a draw without a limit to measure it against: no bar
    gpuPower_->setUnavailable(tr("%1 W, no power limit reported").arg(n.power_w, 0, 'f', 0));
  else
    gpuPower_->setUnavailable(tr("%1 reports no power draw").arg(QString::fromStdString(n.name)));
}

void SystemPage::onSteps(const QVector<StepMetrics>& steps) {
  for (const auto& s : steps) {
    throughput_->append(speedSeries_, static_cast<double>(s.step), s.samples_per_sec);
    throughput_->append(waitSeries_, static_cast<double>(s.step), s.data_wait * 100);
  }
  throughput_->refresh();
}

}  // namespace trainscope::ui
