// The training loop the seed teaches, with its record keeping: zero_grad, forward,
// loss, backward, step; train()/eval(); validation under NoGradGuard; checkpoints.
#pragma once

#include "engine/config/config.h"
#include "engine/record/run_record.h"
#include "engine/run/event_queue.h"
#include "engine/run/run_control.h"

#include <functional>
#include <memory>
#include <string>

namespace trainscope {

class DistributedGroup;

struct TrainerContext {
  ExperimentConfig config;
  RunRecord record;
  bool resuming = false;
  std::string checkpoint;  // resuming: the file to resume from ("" = checkpoints/last.pt)
  std::shared_ptr<RunControl> control;
  std::shared_ptr<EventQueue> events;
  std::function<void(RunState)> onState;  // called on every state change, from the training thread
  // One rank of a data-parallel run (null: a single process). Rank 0 writes the record;
  // the others' `record` is RunRecord::follower and `checkpoint` a local copy of rank 0's.
  std::shared_ptr<DistributedGroup> group;
};

// Runs to the end (finished, stopped or failed). Never throws: failures become a
// RunError event and a "failed" status in run.json.
void runTraining(TrainerContext context);

}  // namespace trainscope
