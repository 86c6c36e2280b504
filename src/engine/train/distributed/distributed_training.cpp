#include "engine/train/distributed/distributed_training.h"

#include "engine/system/host_info.h"
#include "engine/system/usable_cores.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>

namespace trainscope {

namespace {

void recordDistributedStart(nlohmann::json& info, const ProcessGroupSpec& spec, const std::vector<std::string>& hosts) {
  nlohmann::json ranks = nlohmann::json::array();
  for (size_t r = 0; r < hosts.size(); ++r) ranks.push_back({{"rank", r}, {"host", hosts[r]}});
  info["world_size"] = spec.world_size;
  info["distributed"] = {{"world_size", spec.world_size},
                         {"launcher", spec.launcher},
                         {"backend", "gloo"},
                         {"probes_rank", 0},
                         {"ranks", ranks}};
}

std::string rankThroughput(double samples, double seconds, double communicationSeconds) {
  return nlohmann::json{{"samples_per_sec", seconds > 0 ? samples / seconds : 0.0},
                        {"communication_share", seconds > 0 ? communicationSeconds / seconds : 0.0}}
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void recordRankThroughput(nlohmann::json& info, const std::vector<std::string>& perRank) {
  nlohmann::json& ranks = info["distributed"]["ranks"];
  for (size_t r = 0; r < perRank.size() && r < ranks.size(); ++r) {
    const nlohmann::json figures = nlohmann::json::parse(perRank[r], nullptr, /*allow_exceptions=*/false);
    if (figures.is_object()) ranks[r].update(figures);
  }
}

}  // namespace

DistributedTraining::DistributedTraining(std::shared_ptr<DistributedGroup> group, double bucketMb)
    : group_(std::move(group)), bucketMb_(bucketMb) {}

template <typename F>
auto DistributedTraining::collective(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const CollectiveFailure&) {
    throw;
  } catch (const std::exception& e) {
    throw CollectiveFailure(group_->describeFailure(e.what()));
  }
}

std::string DistributedTraining::startTogether(const std::string& mine, LayerStack& model, nlohmann::json* info) {
  const std::string failures = collective([&] {
    if (!group_->anyRank(!mine.empty())) return std::string();
    std::string out;
    const std::vector<std::string> all = group_->allGatherText(mine);
    for (size_t r = 0; r < all.size(); ++r)
      if (!all[r].empty()) out += (out.empty() ? "" : "; ") + std::string("rank ") + std::to_string(r) + ": " + all[r];
    return out;
  });
  if (!failures.empty()) return mine.empty() ? "another rank could not start (" + failures + ")" : mine;
  collective([&] { broadcastModel(*group_, model); });
  buckets_ = std::make_unique<GradientBuckets>(group_, model, bucketMb_);
  const auto hosts = collective([&] { return group_->allGatherText(hostName()); });
  if (info) recordDistributedStart(*info, group_->spec(), hosts);
  return {};
}

void DistributedTraining::recordThroughput(nlohmann::json& info, double rankSamples, double trainSeconds) {
  const auto figures = collective(
      [&] { return group_->allGatherText(rankThroughput(rankSamples, trainSeconds, communicationSeconds())); });
  recordRankThroughput(info, figures);
}

void DistributedTraining::beginSync() { buckets_->beginSync(); }

StepAgreement DistributedTraining::finishStep(const StepAgreement& mine) {
  return collective([&] {
    buckets_->finish();
    return agree(*group_, mine);
  });
}

StepAgreement DistributedTraining::agreeOnStep(StepSums& sums, bool stopRequested, bool pauseAfter) {
  if (!sums.syncing) beginSync();
  const StepAgreement all =
      finishStep({sums.loss_sum, sums.correct, sums.seen, !sums.bad.empty(), stopRequested, pauseAfter});
  sums.loss_sum = all.loss_sum, sums.correct = all.correct, sums.seen = all.seen;
  if (all.bad && sums.bad.empty()) sums.bad = "the loss or a gradient is not finite on another rank";
  return all;
}

bool DistributedTraining::pausedTogether(RunControl& control, const std::function<void(bool)>& notify) {
  if (notify) notify(true);
  for (;;) {
    // Rank 0 decides when to resume (the app's buttons reach it); any rank may stop.
    if (leader()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    StepAgreement mine;
    mine.stop = control.stopRequested();
    mine.pause = leader() && control.pauseRequested();
    const StepAgreement all = collective([&] { return agree(*group_, mine); });
    if (all.stop) return true;
    if (!all.pause) break;
  }
  if (notify) notify(false);
  return false;
}

void DistributedTraining::endEpoch(LayerStack& model) {
  collective([&] { averageBuffers(*group_, model); });
}

void DistributedTraining::merge(ValidationResult& validation) {
  collective([&] { mergeValidation(*group_, validation); });
}

void DistributedTraining::merge(SampleRecorder& samples) {
  collective([&] { mergeSampleRows(*group_, samples.floatRowsOfEpoch(), samples.predictedOfEpoch()); });
}

int threadsPerRank(int requested, const ProcessGroupSpec& spec) {
  if (requested > 0) return requested;
  const int cores = usableCores().count;
  return std::max(1, cores / std::max(1, spec.local_world_size));
}

ExperimentConfig withoutRecordedInspection(ExperimentConfig config) {
  config.probes.enabled = false;
  config.tensors.steps.clear();
  config.tensors.every = 0;
  return config;
}

}  // namespace trainscope
