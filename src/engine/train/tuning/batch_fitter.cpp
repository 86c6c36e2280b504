#include "engine/train/tuning/batch_fitter.h"

#include "engine/config/config_fields.h"

#include "engine/models/model_factory.h"
#include "engine/system/device.h"
#include "engine/system/gpu_memory.h"
#include "engine/system/process_monitor.h"
#include "engine/system/threads.h"
#include "engine/train/fine_tuning.h"
#include "engine/train/training_data.h"

#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace trainscope {

namespace {

// Linux keeps the process's peak resident set (VmHWM); writing 5 to clear_refs starts
// it again from the current size.
void resetPeakRss() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
}

class StepMeter {
 public:
  // A regression's one output is measured with cross-entropy over one class: the same memory.
  StepMeter(const ExperimentConfig& c, const std::vector<int64_t>& inputShape, const ModelOutputs& outputs,
            torch::Device device)
      : config_(c), shape_(inputShape), classes_(outputs.outputs), device_(device) {
    const int64_t classes = classes_;
    model_ = buildSeededModel(c.model, inputShape, classes, c.seed, /*restoreGenerator=*/true, outputs.category_sizes);
    segments_ = c.model.activation_checkpointing;
    model_->to(device);
    optimizer_ = makeFineTuningOptimizer(c.optimizer, c.model, model_, classes);
    applyFreezing(model_, c.model, classes, 0);  // frozen layers keep no gradients: less memory
  }

  // Peak memory of one training step and one validation forward at `batch`.
  int64_t measure(int batch) {
    std::vector<int64_t> shape{batch};
    shape.insert(shape.end(), shape_.begin(), shape_.end());
    const bool cuda = device_.is_cuda();
    for (auto& p : model_->parameters()) p.mutable_grad() = torch::Tensor();
    malloc_trim(0);
    cuda ? resetGpuPeakMemory(device_.index() < 0 ? 0 : device_.index()) : resetPeakRss();
    {
      const torch::Tensor x = torch::randn(shape, torch::TensorOptions().device(device_));
      const torch::Tensor y =
          torch::randint(classes_, {batch}, torch::TensorOptions().device(device_).dtype(torch::kLong));
      model_->train();
      torch::nn::functional::cross_entropy(model_->forward(x), y).backward();
      optimizer_->step();
      model_->eval();
      torch::NoGradGuard noGrad;
      (void)model_->forward(x).sum().item<double>();
      model_->train();
    }
    return cuda ? gpuMemory(device_.index() < 0 ? 0 : device_.index()).peak_allocated
                : procBytes("/proc/self/status", "VmHWM:");
  }

  size_t layers() const { return model_->layers().size(); }
  int segments() const { return segments_; }
  void checkpointSegments(int segments) { model_->setCheckpointSegments(segments_ = segments); }

 private:
  const ExperimentConfig& config_;
  std::vector<int64_t> shape_;
  int64_t classes_;
  torch::Device device_;
  LayerStack model_{nullptr};
  std::unique_ptr<torch::optim::Optimizer> optimizer_;
  int segments_ = 0;
};

struct Largest {
  int batch = 0;
  std::vector<BatchMeasurement> measured;
};

// Doubles the batch from 8 while the step fits the budget (and one more doubling
// would likely still fit: memory grows about linearly with the batch).
Largest largestBatch(StepMeter& meter, int64_t budget, int maxBatch,
                     const std::function<void(const BatchMeasurement&)>& progress) {
  Largest found;
  int64_t previous = 0;
  for (int batch = std::min(8, maxBatch);; batch = std::min(batch * 2, maxBatch)) {
    BatchMeasurement m{batch, 0, false, meter.segments()};
    try {
      m.peak_bytes = meter.measure(batch);
      m.fits = m.peak_bytes <= budget;
    } catch (const c10::Error&) {  // out of memory (CUDA, or the CPU allocator): does not fit
      m.peak_bytes = budget + 1;
    }
    found.measured.push_back(m);
    if (progress) progress(m);
    if (!m.fits) break;
    found.batch = batch;
    if (batch == maxBatch) break;
    const int64_t grows = previous > 0 ? m.peak_bytes - previous : m.peak_bytes / 2;
    if (m.peak_bytes + grows * 2 > budget * 11 / 10) break;
    previous = m.peak_bytes;
  }
  return found;
}

int accumulationFor(int target, int batch) { return batch > 0 ? std::max(1, (target + batch - 1) / batch) : 0; }

}  // namespace

BatchFit fitBatchSize(const ExperimentConfig& config, const BatchFitOptions& o,
                      const std::function<void(const BatchMeasurement&)>& progress) {
  configureThreads(config.threads);
  const torch::Device device = resolveDevice(config.device);
  TrainingData data = openTrainingData(config, /*pinMemory=*/false);
  const ModelOutputs outputs = modelOutputsFor(data.splits);
  const int maxBatch =
      static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(o.max_batch, data.splits.train->size())));
  data.train.reset(), data.val.reset();  // their workers and buffers are not part of a step

  BatchFit fit;
  fit.device = device.str();
  fit.memory = device.is_cuda() ? "CUDA allocator peak" : "peak resident memory of the process";
  fit.target_batch = o.target_batch > 0 ? o.target_batch : config.loader.batch_size * config.training.grad_accum_steps;
  StepMeter meter(config, data.input_shape, outputs, device);
  if (o.budget_bytes > 0) {
    fit.budget_bytes = o.budget_bytes;
  } else if (device.is_cuda()) {
    const GpuMemory g = gpuMemory(device.index() < 0 ? 0 : device.index());
    fit.budget_bytes = static_cast<int64_t>((g.device_total - g.device_used + g.reserved) * (1 - o.headroom));
  } else {
    malloc_trim(0);
    const int64_t available = procBytes("/proc/meminfo", "MemAvailable:");
    fit.budget_bytes = static_cast<int64_t>((available + procBytes("/proc/self/status", "VmRSS:")) * (1 - o.headroom));
  }
  Largest plain = largestBatch(meter, fit.budget_bytes, maxBatch, progress);
  fit.batch_size = plain.batch, fit.measured = std::move(plain.measured);
  fit.grad_accum_steps = accumulationFor(fit.target_batch, fit.batch_size);
  if (meter.segments() < 2 && fit.grad_accum_steps != 1 && fit.batch_size < maxBatch && meter.layers() > 2) {
    const int segments = static_cast<int>(std::lround(std::sqrt(static_cast<double>(meter.layers()))));
    meter.checkpointSegments(segments);
    Largest checkpointed = largestBatch(meter, fit.budget_bytes, maxBatch, progress);
    fit.checkpoint_segments = segments;
    fit.checkpointed_batch_size = checkpointed.batch;
    fit.checkpointed_measured = std::move(checkpointed.measured);
    fit.checkpointed_grad_accum_steps = accumulationFor(fit.target_batch, checkpointed.batch);
  }
  if (fit.batch_size == 0 && fit.checkpointed_batch_size == 0)
    throw std::runtime_error("even a batch of " + std::to_string(fit.measured.front().batch) +
                             " needs more than the budget of " + std::to_string(fit.budget_bytes >> 20) + " MiB" +
                             (fit.checkpoint_segments > 0 ? " (with activation checkpointing too)" : "") +
                             ": use a smaller " + configField(&ExperimentConfig::model, &ModelConfig::image_size).key +
                             " or model");
  return fit;
}

}  // namespace trainscope
