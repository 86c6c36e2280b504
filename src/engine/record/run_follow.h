// Following a run folder live, whoever writes it (the app's own run, the CLI, a Python
// script, another machine over a shared folder): each call reads what the writer has
// flushed since the last one and hands it over as the events a run in the app sends,
// so the Train, Inspect and Mistakes pages show it as they show their own run. The
// files are read whole and the rows past the cursor become events: simple, and a few
// milliseconds for 100,000 steps. Never throws; plain C++.
#pragma once

#include "engine/run/events.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct FollowCursor {
  bool started = false;  // RunStarted was sent
  size_t steps = 0, epochs = 0, probe_rows = 0, histogram_rows = 0;
  uint64_t log_bytes = 0;
};

struct FollowBatch {
  std::vector<Event> events;
  FollowCursor next;
  bool ended = false;  // the run is over (finished, stopped, failed, or its writer is gone)
  std::string error;   // a file that could not be read this time (tried again next time)
};

// What the writer flushed since `cursor`. The first call sends RunStarted (resumed at
// the last recorded step, so the pages load the history from the files themselves),
// the probe samples so far and the state; later calls the new rows.
FollowBatch readRunSince(const std::string& runDir, const FollowCursor& cursor);

}  // namespace trainscope
