#include "engine/record/resume_offer.h"

#include <algorithm>
#include <filesystem>

namespace trainscope {

ResumeOffer resumeOffer(const RunEntry& run) {
  ResumeOffer o;
  o.status = run.status;
  o.epochs_completed = run.epochs_completed;
  o.epochs = run.epochs;
  o.steps = run.steps;
  o.stopped_early = run.status == "finished" && run.stopped_early_after > 0 && run.epochs_completed < run.epochs;
  o.processes = run.world_size;
  const bool writing = run.status == "running" || run.status == "paused" || run.status == "starting";
  std::error_code ec;
  const bool checkpoint = std::filesystem::exists(std::filesystem::path(run.dir) / "checkpoints" / "last.pt", ec);
  if (run.status == "damaged")
    o.why = "its record is damaged: " + run.damage;
  else if (writing)
    o.why = "it is still training";
  else if (!checkpoint)
    o.why = "it has no checkpoint to resume from (it ended before its first)";
  if (!o.why.empty()) return o;
  o.extendable = true;
  // An early-stopped run has epochs left too: resumed, it counts its patience afresh.
  o.resumable = (run.status != "finished" || o.stopped_early) && run.epochs_completed < run.epochs;
  return o;
}

int64_t proposedEpochs(const ResumeOffer& offer) {
  const int64_t given = std::max(offer.epochs, offer.epochs_completed);
  return std::max(given + std::max<int64_t>(1, given / 2), offer.epochs_completed + 1);
}

}  // namespace trainscope
