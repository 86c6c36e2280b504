// System: what the machine is doing while a run trains. Gauges for this process's
// memory and CPU and, with a GPU, the CUDA allocator's and the device's memory (with
// no GPU the GPU gauges say so); the same over time; samples/s and the share of each
// step spent waiting for data; and the environment check of `trainscope-cli doctor`.
#pragma once

#include "engine/run/events.h"
#include "ui/system/system_sampler.h"

#include <QWidget>

class QPlainTextEdit;
class QPushButton;

namespace trainscope::widgets {
class Gauge;
class LiveCurvePlot;
}  // namespace trainscope::widgets

namespace trainscope::ui {

class TrainingController;

class SystemPage : public QWidget {
  Q_OBJECT
 public:
  SystemPage(TrainingController* controller, SystemSampler* sampler, QWidget* parent = nullptr);

  widgets::Gauge* memoryGauge() const { return memory_; }
  widgets::Gauge* cpuGauge() const { return cpu_; }
  widgets::Gauge* gpuAllocatorGauge() const { return gpuAllocator_; }
  widgets::Gauge* gpuDeviceGauge() const { return gpuDevice_; }
  widgets::Gauge* gpuUseGauge() const { return gpuUse_; }  // NVML
  widgets::Gauge* gpuPowerGauge() const { return gpuPower_; }
  widgets::LiveCurvePlot* resourcePlot() const { return resources_; }
  widgets::LiveCurvePlot* throughputPlot() const { return throughput_; }
  QPlainTextEdit* environmentReport() const { return report_; }
  QPushButton* checkButton() const { return check_; }
  // Runs the environment check off the GUI thread; the report appears when done.
  void runEnvironmentCheck();
  bool checking() const { return checking_; }

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void onSample(const ProcessSample& p, const GpuMemory& g);
  void showNvml(const NvmlGauges& n);
  void onSteps(const QVector<StepMetrics>& steps);

  TrainingController* controller_;
  widgets::Gauge *memory_, *cpu_, *gpuAllocator_, *gpuDevice_, *gpuUse_, *gpuPower_;
  SystemSampler* sampler_;
  widgets::LiveCurvePlot *resources_, *throughput_;
  int rssSeries_ = -1, cpuSeries_ = -1, gpuSeries_ = -1, speedSeries_ = -1, waitSeries_ = -1;
  QPlainTextEdit* report_;
  QPushButton* check_;
  double startTime_ = 0;
  bool checking_ = false, checkedOnce_ = false;
};

}  // namespace trainscope::ui
