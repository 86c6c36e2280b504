// A class's runs in one step (trainscope-cli collect, File > Collect Runs…): every run
// folder and reproducibility bundle under a folder (the students' hand-ins) copied into
// the runs folder, tagged with the collection's name so Compare shows them together,
// and a leaderboard by validation accuracy with each run's settings against the
// teacher's. Collecting again adds only what is new. Plain C++; bad entries are
// skipped with the reason, never fatal.
#pragma once

#include "engine/run/message.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace trainscope {

struct CollectedRun {
  std::string source;   // the run folder or bundle found
  std::string student;  // the first folder under the collection (the hand-in's owner); "" at the top
  std::string folder;   // where it is in the runs folder now
  std::string outcome;  // "collected", "already collected" or "skipped"
  std::string reason;   // why it was skipped
};

struct LeaderboardRow {
  std::string student, name, folder;
  double best_val_accuracy = 0;  // NaN when the run never validated
  int64_t epochs_completed = 0;
  std::vector<std::pair<std::string, std::string>> differences;  // config field -> this run's value
};

struct Collection {
  std::string tag;                          // the collection's name, each run's tag
  std::vector<CollectedRun> runs;           // in the order found
  std::vector<LeaderboardRow> leaderboard;  // best first
  Message against;                          // "the teacher's run x" or "each other"
};

// `teacher`: a run folder or an experiment file whose settings the runs are held
// against; empty: the settings that differ between the runs. Throws only when `source`
// is not a folder or the runs folder cannot be written.
Collection collectRuns(const std::string& source, const std::string& runsDir, const std::string& teacher = "");

}  // namespace trainscope
