// What a search does next, apart from how its trials are started (the CLI starts each
// as a trainscope-cli child): which trial starts when a slot is free, what each epoch
// means for it (successive halving), and what its end makes of it. Every change is in
// the SearchRecord, which the caller saves. No torch, no processes.
#pragma once

#include "engine/run/events.h"
#include "engine/search/search_record.h"

#include <optional>
#include <string>

namespace trainscope {

// A new search's record: the base experiment, the space and the settings, checked
// (ConfigError naming the field: the space's, a sampler, a metric, a trial whose
// values do not validate), with every trial planned (queued).
SearchRecord planSearch(const std::string& name, const std::string& created, const nlohmann::json& base,
                        const nlohmann::json& space, const SearchSettings& settings);

struct TrialStart {
  int index = 0;
  nlohmann::json config;   // the experiment to train (a fresh trial)
  std::string resume_dir;  // or the run to resume (an interrupted trial with a checkpoint)
};

struct EpochVerdict {
  int64_t epoch = 0;
  double value = 0;  // the search's metric after this epoch
  bool at_rung = false;
  RungVerdict rung;        // when at_rung
  int64_t rung_epoch = 0;  // the rung judged: this epoch's, or one a killed search missed
};

class SearchScheduler {
 public:
  // Trials the record has as running (a search killed while they trained) are
  // interrupted, or pruned when that was decided before.
  explicit SearchScheduler(SearchRecord record);

  // The next trial to start while fewer than settings.parallel run; nullopt when none.
  // `usableCores` are split between the trials that train at once.
  std::optional<TrialStart> next(int running, int usableCores);
  void started(int index, const std::string& runDir);
  // After each epoch of a trial. A verdict at a rung that says stop has marked the trial
  // for pruning: the caller stops its run.
  EpochVerdict epochEnded(int index, const EpochMetrics& epoch);
  // Its process ended: 0 finished, 130 stopped, else failed with `message`.
  void ended(int index, int exitCode, const std::string& message);
  // A trial next() gave could not be started for a reason of this machine (a full
  // disk): it waits again instead of counting as failed.
  void notStarted(int index);
  // Trials stopped from now on were interrupted, not pruned; nothing new starts.
  void stop();
  bool stopping() const { return stopping_; }
  bool done() const;  // every trial finished, pruned or failed
  // The record's state, and its summary when done.
  void close();

  const SearchRecord& record() const { return record_; }
  const TrialRecord& trial(int index) const;

 private:
  TrialRecord& at(int index);
  void resolveMetric(const EpochMetrics& epoch);

  SearchRecord record_;
  bool stopping_ = false;
};

// The trial's experiment: run_name "<search> trial N" and, when several train at once,
// each with its share of the usable cores (the base's `threads` when it sets one).
nlohmann::json trialExperiment(const SearchRecord& record, const TrialRecord& trial, int usableCores);

}  // namespace trainscope
