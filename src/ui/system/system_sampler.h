// Samples this process's memory and CPU, and the GPU's memory when there is one, once
// a second, for the System page and the Train page's gauge; and the GPU's own gauges
// from NVML (utilisation, memory, temperature, power) where its driver is.
#pragma once

#include "engine/system/gpu_memory.h"
#include "engine/system/nvml_gauges.h"
#include "engine/system/process_monitor.h"

#include <QObject>
#include <QTimer>

namespace trainscope::ui {

class SystemSampler : public QObject {
  Q_OBJECT
 public:
  explicit SystemSampler(QObject* parent = nullptr, int intervalMs = 1000);
  const ProcessSample& last() const { return last_; }
  const GpuMemory& lastGpu() const { return gpu_; }
  const NvmlGauges& lastNvml() const { return nvml_; }  // the device's own gauges (NVML)
  void sampleNow();

 signals:
  void sampled(const trainscope::ProcessSample& process, const trainscope::GpuMemory& gpu);

 private:
  ProcessMonitor monitor_;
  ProcessSample last_;
  GpuMemory gpu_;
  NvmlGauges nvml_;
  QTimer timer_;
};

// "1.2 GB", "850 MB": sizes as people read them.
QString formatBytes(double bytes);

}  // namespace trainscope::ui
