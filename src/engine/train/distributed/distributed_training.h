// What the trainer does differently as one rank of a data-parallel run, in one place:
// start from rank 0's weights, synchronise each step's gradients and decisions, pause
// together, merge validation and the per-sample records, average BatchNorm's
// statistics. A failed collective becomes a CollectiveFailure that names the rank to
// blame, so every rank stops with a reason instead of hanging.
#pragma once

#include "engine/config/config.h"
#include "engine/run/run_control.h"
#include "engine/train/distributed/data_parallel.h"
#include "engine/train/sample_recorder.h"
#include "engine/train/training_step.h"

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include <string>
#include <vector>

namespace trainscope {

struct CollectiveFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class DistributedTraining {
 public:
  DistributedTraining(std::shared_ptr<DistributedGroup> group, double bucketMb);
  DistributedGroup& group() { return *group_; }
  bool leader() const { return group_->leader(); }

  // After every rank's setUp (`mine`: "" or why this one failed): "" when all started,
  // with rank 0's weights everywhere and the gradient hooks on them, and `info` (rank
  // 0's run.json, null elsewhere) given its "distributed"; otherwise what stopped which rank.
  std::string startTogether(const std::string& mine, LayerStack& model, nlohmann::json* info);
  // At the run's end, on every rank: each rank's throughput into rank 0's run.json.
  void recordThroughput(nlohmann::json& info, double rankSamples, double trainSeconds);
  void beginSync();
  // Averages the gradients and agrees on the step's totals and flags.
  StepAgreement finishStep(const StepAgreement& mine);
  // finishStep for the trainer's step: its sums become every rank's totals, and a
  // step that went bad on another rank is bad here too. Returns the stop and pause.
  StepAgreement agreeOnStep(StepSums& sums, bool stopRequested, bool pauseAfter);
  // Every rank waits here while rank 0 is paused; true when a rank asked to stop.
  // `notify` is the trainer's pause bookkeeping (rank 0 records it).
  bool pausedTogether(RunControl& control, const std::function<void(bool paused)>& notify);
  void endEpoch(LayerStack& model);  // BatchNorm statistics, before validation
  void merge(ValidationResult& validation);
  void merge(SampleRecorder& samples);
  double communicationSeconds() const { return buckets_ ? buckets_->waitedSeconds() : 0; }

 private:
  template <typename F>
  auto collective(F&& f) -> decltype(f());

  std::shared_ptr<DistributedGroup> group_;
  double bucketMb_;
  std::unique_ptr<GradientBuckets> buckets_;
};

// config.threads for one of several processes: as asked, or with 0 (all cores) this
// machine's cores shared among its processes, so two ranks do not fight over them.
int threadsPerRank(int requested, const ProcessGroupSpec& spec);
// The config a follower inspects with: no probes and no tensor saves (rank 0's are the run's).
ExperimentConfig withoutRecordedInspection(ExperimentConfig config);

}  // namespace trainscope
