#include "ui/system/system_sampler.h"

#include <QString>

namespace trainscope::ui {

SystemSampler::SystemSampler(QObject* parent, int intervalMs) : QObject(parent) {
  timer_.setInterval(intervalMs);
  connect(&timer_, &QTimer::timeout, this, &SystemSampler::sampleNow);
  timer_.start();
}

void SystemSampler::sampleNow() {
  last_ = monitor_.sample();
  gpu_ = gpuMemory(0);
  nvml_ = nvmlGauges(0);
  emit sampled(last_, gpu_);
}

QString formatBytes(double bytes) {
  if (bytes >= 1e9) return QString::number(bytes / 1e9, 'f', 2) + " GB";
  if (bytes >= 1e6) return QString::number(bytes / 1e6, 'f', 0) + " MB";
  return QString::number(bytes / 1e3, 'f', 0) + " kB";
}

}  // namespace trainscope::ui
