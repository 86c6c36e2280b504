// Whether a recorded run can go on, and how far it got: what the app's Resume offers
// (the Train page after a stop, the Compare page's run menu, a run the app was closed
// or killed on). Reads the listing entry and looks for the checkpoint; no torch.
#pragma once

#include "engine/record/run_library.h"

#include <cstdint>
#include <string>

namespace trainscope {

struct ResumeOffer {
  // Stopped, interrupted or failed with epochs left and a checkpoint: Resume trains
  // the rest in the same folder, continuing its curves and steps.
  bool resumable = false;
  // Has a checkpoint and no writer: it can go on with more epochs than it was given
  // (a finished run too).
  bool extendable = false;
  int64_t epochs_completed = 0, epochs = 0, steps = 0;
  bool stopped_early = false;  // finished by early stopping, epochs left: more patience or epochs go on
  int processes = 1;           // a resume trains on as many as the run had
  std::string status;
  std::string why;  // in English, when neither: running, no checkpoint, damaged
};

ResumeOffer resumeOffer(const RunEntry& run);
// The number of epochs "Resume with more epochs" proposes: half as many again as the
// run was given (at least one more than it completed).
int64_t proposedEpochs(const ResumeOffer& offer);

}  // namespace trainscope
