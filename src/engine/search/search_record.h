// A search's folder (<runs>/searches/<name>-<time>/): search.json, its one record,
// rewritten atomically after every change, so a killed search resumes from it and the
// app draws it while it runs; trials/NNN.json, each trial's experiment; trials/NNN.log,
// what its trainscope-cli said. The trials' runs are ordinary run folders in the runs
// folder, tagged with the search. docs/run-format.md describes the file. No torch.
#pragma once

#include "engine/search/search_space.h"
#include "engine/search/successive_halving.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace trainscope {

// queued: not started; running; finished: all epochs; pruned: stopped at a rung by
// successive halving; failed: its run failed (not tried again); interrupted: the
// search stopped or was killed while it trained (resumed with the search).
enum class TrialStatus { Queued, Running, Finished, Pruned, Failed, Interrupted };
std::string toString(TrialStatus status);
TrialStatus trialStatusFromString(const std::string& text);  // Queued for an unknown word

struct TrialRecord {
  int index = 0;        // 0 is the preset when the search runs it
  bool preset = false;  // the base experiment unchanged, trained in full: the bar to beat
  TrialParams params = TrialParams::object();
  std::string run_dir;
  TrialStatus status = TrialStatus::Queued;
  std::map<int64_t, double> rungs;  // rung epoch -> the metric there
  std::vector<double> curve;        // the metric after each epoch
  double best = std::nan("");       // the best epoch's metric
  int64_t best_epoch = 0;
  int64_t pruned_at = 0;  // the rung epoch it stopped at
  std::string message;    // why it failed, or what stopped it
  bool done() const {
    return status == TrialStatus::Finished || status == TrialStatus::Pruned || status == TrialStatus::Failed;
  }
};

struct SearchSettings {
  std::string sampler = "random";  // random | grid
  int trials = 10;                 // trials drawn from the space (the preset besides)
  uint64_t seed = 0;
  int parallel = 1;  // trials training at once, each with its share of the cores
  bool preset = true;
  HalvingConfig halving;
  std::string metric = "auto";  // an epoch metric (val_accuracy, val_loss, ...); auto: early stopping's
  std::string mode = "auto";    // min | max | auto (by the metric)
};

struct SearchRecord {
  std::string name;  // the folder's name
  std::string created;
  nlohmann::json base;  // the experiment the trials start from
  nlohmann::json space;
  SearchSettings settings;
  int64_t epochs = 0;      // each trial's full length (the base's epochs)
  std::string metric_key;  // resolved from settings.metric at the first epoch; "" until then
  bool maximize = true;
  std::string state = "running";  // running | stopped | finished
  std::vector<TrialRecord> trials;
  nlohmann::json summary;  // the outcome once finished (search_summary.h)
};

// Whether metric value `a` is better than `b`; a value that is not a number never is,
// and any number is better than none.
bool betterMetric(double a, double b, bool maximize);

nlohmann::json toJson(const SearchRecord& record);
// Throws std::runtime_error naming the file for a record it cannot read.
SearchRecord searchRecordFromJson(const nlohmann::json& j);

constexpr const char* kSearchFile = "search.json";
// Writes search.json atomically; false with *why when the disk refuses.
bool saveSearchRecord(const std::string& dir, const SearchRecord& record, std::string* why);
// Throws std::runtime_error naming the file when it is missing or damaged.
SearchRecord loadSearchRecord(const std::string& dir);
// <runsDir>/searches: where searches live (apart from the runs, which list their folders).
std::string searchesDir(const std::string& runsDir);
// Every search folder under `runsDir`'s searches, newest first.
std::vector<std::string> listSearches(const std::string& runsDir);

}  // namespace trainscope
