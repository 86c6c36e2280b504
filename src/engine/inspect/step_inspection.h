// What the trainer looks at inside each step, apart from the loop itself: the probes
// (statistics, histograms, probes.h5) and tensor saves (tensors.h5), behind one forward
// observer and a few hooks around backward and the optimizer step.
#pragma once

#include "engine/config/config.h"
#include "engine/inspect/batch_snapshot.h"
#include "engine/inspect/probes.h"
#include "engine/inspect/tensor_dump.h"
#include "engine/models/layer_stack.h"
#include "engine/record/metrics_file.h"
#include "engine/record/probe_file.h"
#include "engine/run/event_queue.h"
#include "engine/run/run_control.h"

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>

namespace trainscope {

class StepInspection {
 public:
  using Log = std::function<void(LogLevel, const std::string&)>;
  // Throws ConfigError when tensors.layers names a layer the model does not have.
  StepInspection(const ExperimentConfig& config, LayerStack model, std::filesystem::path runDir,
                 std::shared_ptr<EventQueue> events, std::shared_ptr<RunControl> control, Log log);

  // Starts probes.h5; on resume the earlier one is kept as probes-until-step<N>.h5.
  // probes.h5; with record.tensorboard, live TensorBoard events fed by `metrics` (the
  // writer's, null on other ranks) and the probes.
  void openRecord(bool resuming, int64_t resumedAtStep, MetricsFile* metrics);
  bool probing() const { return probes_ != nullptr; }

  // The forward observer for a step: the probes' and, on a save step, the capture's.
  LayerObserver observerFor(int64_t step);
  // After backward, before clipping: the gradients as backward made them.
  void afterBackward(int64_t step);
  // True when the probes' gradient norm already shows every gradient finite.
  bool gradientsKnownFinite() const;
  // The NaN guard dropped the step: a save planned for it is reported as not made.
  void stepNotApplied(int64_t step, const std::string& why);
  // After the forward pass of a step's first batch: a "step one batch" snapshot asked
  // for (RunControl::stepOnce) goes out as a BatchSnapshot event.
  void afterForward(int64_t step, double loss, const torch::Tensor& inputs, const torch::Tensor& logits,
                    const torch::Tensor& targets, const std::vector<std::string>& classes);
  void beforeOptimizerStep(int64_t step);
  // After the optimizer step: records the probes and writes the saved tensors.
  void afterOptimizerStep(int64_t step, int64_t epoch);
  // The output statistics of the ReLU-like layers (endsInRelu) in the probes' sample at
  // `step`, whose zeros are dead units; empty when that step was not sampled (the
  // dead-share breakpoint reads them).
  std::vector<TensorStats> reluOutputsAt(int64_t step) const;
  void flush();  // a paused run's probes.h5 is complete on disk
  // The run is over: a save asked for too late is reported; probes.h5 is closed.
  void close(int64_t lastStep);

 private:
  void writeCapturedTensors(int64_t step, int64_t epoch);
  void recordProbes(int64_t step);

  const ExperimentConfig cfg_;  // a copy: a data-parallel follower passes one without probes
  LayerStack model_;
  std::filesystem::path runDir_;
  std::shared_ptr<EventQueue> events_;
  std::shared_ptr<RunControl> control_;
  Log log_;
  std::unique_ptr<Probes> probes_;
  std::unique_ptr<ProbeFile> probeFile_;
  TensorDumpRequest scheduledDump_;
  std::unique_ptr<TensorCapture> capture_;      // on a step that saves tensors
  std::unique_ptr<BatchSnapshotter> snapshot_;  // on a "step one batch"
  int64_t captureStep_ = 0;
  // For the probes' cost: when the last sample was recorded, and what recording took.
  std::optional<std::chrono::steady_clock::time_point> lastSampleAt_;
  double lastRecordMs_ = 0;
  int64_t sampledEpoch_ = -1;
  std::set<std::string> reluLayers_;
  std::vector<TensorStats> lastActivations_;
  int64_t lastActivationsStep_ = -1;
};

}  // namespace trainscope
