#include "engine/inspect/step_inspection.h"

#include "engine/config/config_fields.h"
#include "engine/config/file_input.h"
#include "engine/inspect/layer_health.h"
#include "engine/record/h5_read.h"
#include "engine/record/probe_file.h"

#include <algorithm>
#include <cmath>

namespace trainscope {

StepInspection::StepInspection(const ExperimentConfig& config, LayerStack model, std::filesystem::path runDir,
                               std::shared_ptr<EventQueue> events, std::shared_ptr<RunControl> control, Log log)
    : cfg_(config),
      model_(std::move(model)),
      runDir_(std::move(runDir)),
      events_(std::move(events)),
      control_(std::move(control)),
      log_(std::move(log)) {
  if (cfg_.probes.enabled) probes_ = std::make_unique<Probes>(cfg_.probes, model_);
  for (const auto& l : model_->layers())
    if (endsInRelu(l.type)) reluLayers_.insert(l.name);
  scheduledDump_.layers = cfg_.tensors.layers;
  scheduledDump_.kinds = cfg_.tensors.kinds;
  if (const auto problems = checkTensorDumpRequest(scheduledDump_, model_, configSection(&ExperimentConfig::tensors));
      !problems.empty())
    throw ConfigError(problems);
}

namespace {
// Whether a probes.h5 holds no row at all (a damaged one is kept: its reader says why).
bool holdsNoProbeRow(const std::string& path) {
  try {
    const H5Handle file = h5OpenForReading(path, false);
    const ProbeRecords r = readProbeRecords(file.get());
    return r.steps.empty() && r.histogram_steps.empty();
  } catch (const std::exception&) {
    return false;
  }
}
}  // namespace

void StepInspection::openRecord(bool resuming, int64_t resumedAtStep, MetricsFile* metrics) {
  std::shared_ptr<LiveTensorBoard> tensorboard;
  if (metrics && cfg_.record.tensorboard) {
    tensorboard = std::make_shared<LiveTensorBoard>(runDir_.string());
    metrics->mirrorTo(tensorboard);
  }
  if (!probes_) return;
  const auto path = runDir_ / "probes.h5";
  // Two resumes from the same checkpoint: the second never overwrites the first's history.
  // A session killed before it probed a step leaves a file without rows: nothing to keep.
  if (resuming && std::filesystem::exists(path)) {
    if (holdsNoProbeRow(path.string()))
      std::filesystem::remove(path);
    else
      std::filesystem::rename(path,
                              firstUnusedPath(runDir_, "probes-until-step" + std::to_string(resumedAtStep), ".h5"));
  }
  probeFile_ = std::make_unique<ProbeFile>(path.string(), probes_->tensors(), cfg_.probes.bins);
  if (tensorboard) probeFile_->mirrorTo(tensorboard);
}

LayerObserver StepInspection::observerFor(int64_t step) {
  if (!capture_ || captureStep_ != step) {
    capture_.reset();
    std::optional<TensorDumpRequest> request = control_->takeTensorDump();
    const auto& t = cfg_.tensors;
    const bool scheduled =
        std::find(t.steps.begin(), t.steps.end(), step) != t.steps.end() || (t.every > 0 && step % t.every == 0);
    if (request) {
      if (const auto problems = checkTensorDumpRequest(*request, model_, "save tensors"); !problems.empty()) {
        TensorsSaved failed;
        failed.step = step;
        failed.error = problems.front().text();
        events_->push(failed);
        log_(LogLevel::Warning, "tensors not saved: " + problems.front().text());
        request.reset();
      }
    }
    if (!request && scheduled) request = scheduledDump_;
    if (request) {
      capture_ = std::make_unique<TensorCapture>(model_, *request);
      captureStep_ = step;
    }
  }
  if (!snapshot_ && control_->takeSnapshotRequest()) snapshot_ = std::make_unique<BatchSnapshotter>(model_);
  LayerObserver probe = probes_ ? probes_->observer(step) : LayerObserver{};
  if (!capture_ && !snapshot_) return probe;
  return [probe, capture = capture_.get(), snapshot = snapshot_.get()](size_t i, const torch::Tensor& out) {
    if (probe) probe(i, out);
    if (capture) capture->observe(i, out);
    if (snapshot) snapshot->observe(i, out);
  };
}

void StepInspection::afterForward(int64_t step, double loss, const torch::Tensor& inputs, const torch::Tensor& logits,
                                  const torch::Tensor& targets, const std::vector<std::string>& classes) {
  if (!snapshot_) return;
  events_->push(snapshot_->finish(step, loss, inputs, logits, targets, classes));
  snapshot_.reset();  // the first batch of the step only
}

void StepInspection::afterBackward(int64_t step) {
  if (probes_) probes_->afterBackward(step);
  if (capture_) capture_->afterBackward();
}

bool StepInspection::gradientsKnownFinite() const { return probes_ && std::isfinite(probes_->gradNorm()); }

void StepInspection::stepNotApplied(int64_t step, const std::string& why) {
  if (!capture_) return;
  TensorsSaved none;
  none.step = step;
  none.error = "step " + std::to_string(step) + " was not applied (" + why + "); no tensors saved";
  events_->push(none);
  capture_.reset();
}

void StepInspection::beforeOptimizerStep(int64_t step) {
  if (probes_) probes_->beforeOptimizerStep(step);
}

void StepInspection::afterOptimizerStep(int64_t step, int64_t epoch) {
  if (probes_) {
    probes_->afterOptimizerStep(step);
    if (epoch != sampledEpoch_) lastSampleAt_.reset(), sampledEpoch_ = epoch;  // validation came between
    recordProbes(step);
  }
  if (capture_) writeCapturedTensors(step, epoch);
}

void StepInspection::writeCapturedTensors(int64_t step, int64_t epoch) {
  TensorsSaved saved;
  saved.step = step;
  saved.path = (runDir_ / "tensors.h5").string();
  saved.group = tensorStepGroup(step);
  try {
    saved.count = capture_->write(saved.path, step, epoch + 1);
    log_(LogLevel::Info, "saved " + std::to_string(saved.count) + " tensors of step " + std::to_string(step) + " to " +
                             saved.path + " (" + saved.group + ")");
  } catch (const std::exception& e) {  // the run goes on; the user learns why
    saved.error = e.what();
    log_(LogLevel::Warning, std::string("tensors of step ") + std::to_string(step) + " not saved: " + e.what());
  }
  events_->push(saved);
  capture_.reset();
}

void StepInspection::recordProbes(int64_t step) {
  const auto start = std::chrono::steady_clock::now();
  ProbeSample sample = probes_->takeSample(step);
  // Recording is probing's cost too: the last recording's time counts in this sample.
  sample.cost_ms += lastRecordMs_;
  if (lastSampleAt_) sample.step_ms = std::chrono::duration<double, std::milli>(start - *lastSampleAt_).count();
  lastSampleAt_ = start;
  probeFile_->append(sample);
  lastActivations_.clear();
  for (const auto& t : sample.tensors)
    if (t.kind == "activation" && reluLayers_.count(t.name)) lastActivations_.push_back(t);
  lastActivationsStep_ = step;
  std::vector<Histogram> histograms = probes_->takeHistograms(step);
  probeFile_->append(histograms);
  for (auto& h : histograms) events_->push(std::move(h));
  events_->push(std::move(sample));
  probeFile_->flushIfDue();
  lastRecordMs_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

std::vector<TensorStats> StepInspection::reluOutputsAt(int64_t step) const {
  return step == lastActivationsStep_ ? lastActivations_ : std::vector<TensorStats>{};
}

void StepInspection::flush() {
  if (probeFile_) probeFile_->flush();
}

void StepInspection::close(int64_t lastStep) {
  // A save asked for after the last step can no longer happen: say so, so whoever
  // asked is not left waiting.
  if (control_->takeTensorDump()) {
    TensorsSaved none;
    none.step = lastStep;
    none.error = "the run ended before another step; no tensors saved";
    events_->push(none);
  }
  probeFile_.reset();
}

}  // namespace trainscope
