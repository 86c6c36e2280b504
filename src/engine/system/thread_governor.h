// How many intra-op threads a run uses while other work shares its CPUs, and whether they
// wait for the next op spinning or asleep: the decisions alone, on measured windows
// (cpu_contention.h), so a test can feed it a made-up machine. Plain C++, no torch.
//
// The run fits its threads to the cores other work leaves it: fewer when other work
// takes them (a thread beyond them is descheduled in the middle of every barrier, and
// the others wait for it), more again when they free up. A run that may not change its
// count (deterministic: the count changes what it computes; or a count the user set)
// keeps it and only stops spinning. A change needs the same verdict twice in a row
// (three times to go back up), so a burst of other work does not make it swing.
#pragma once

#include "engine/run/message.h"
#include "engine/system/cpu_contention.h"

#include <optional>

namespace trainscope {

enum class ThreadCountRule {
  Adapts,         // threads: 0 without determinism
  Deterministic,  // deterministic: true
  Set,            // threads set to a count
};

struct ThreadDecision {
  int threads = 1;
  bool passive = false;  // waits asleep instead of spinning
  Message why;           // for the run's log
};

class ThreadGovernor {
 public:
  // `most`: the threads the run starts with, and never exceeds.
  ThreadGovernor(int most, ThreadCountRule rule);
  // A window measured while training; a decision when the threads or the waiting change.
  std::optional<ThreadDecision> observe(const CpuWindow& window);
  // What the run starts with, said once in its log.
  Message policy() const;

  int threads() const { return threads_; }
  bool passive() const { return passive_; }

 private:
  struct Target {
    int threads;
    bool passive;
  };
  int fit(const CpuWindow& w, double slack) const;
  Target target(int fitted, int capacity) const;
  Message why(int before, bool shrinking, const CpuWindow& w) const;

  int most_;
  ThreadCountRule rule_;
  int threads_;
  bool passive_ = false;
  int wantedLess_ = 0, wantedMore_ = 0;  // consecutive windows of each verdict
  int pendingFit_ = 0;                   // the least pressing of their fits
};

}  // namespace trainscope
