// Every run in a runs folder, from the app or the CLI: what the Compare page lists and
// overlays. Reads only run.json (and user.json) per run, so a thousand runs list in
// well under a second; curves come from metrics.h5, readable while a run writes it.
// The user's own annotations (display name, tags, note) live in user.json, apart
// from run.json, which a live run keeps rewriting. No torch, no Qt.
#pragma once

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace trainscope {

struct RunEntry {
  std::string dir;     // the run's folder
  std::string id;      // the folder's name, e.g. fashion_lenet-20261130-091528
  std::string name;    // the display name: user.json's, else run.json's
  std::string status;  // running, finished, stopped, failed, interrupted, damaged
  std::string source;  // "" for Trainscope's trainer; "python" for a script's run, "tensorboard" for an import
  std::string damage;  // why, when damaged
  std::string model, dataset, optimizer, scheduler;
  double lr = std::nan(""), weight_decay = std::nan("");
  int64_t batch_size = 0, epochs = 0, epochs_completed = 0, steps = 0;
  int64_t stopped_early_after = 0;  // early stopping ended it after this epoch; 0: it did not
  int world_size = 1;               // processes it trained on (data parallel)
  std::string parent;               // a fork's parent run (its folder's name); "" for a run of its own
  int64_t fork_step = 0;            // the parent's step the fork started from
  uint64_t seed = 0;
  double best_val_accuracy = std::nan(""), final_val_accuracy = std::nan("");
  double train_seconds = 0;
  std::string start_time;
  std::vector<std::string> tags;
  std::string note;
  nlohmann::json config;  // the resolved experiment, for the "what differs" table
};

// Reads one run folder. Never throws: an unreadable run comes back as "damaged" with
// the reason. `staleAfterSeconds`: a run.json still saying "running" whose metrics.h5
// has not changed for this long is "interrupted" (killed, or its machine went down).
RunEntry readRunEntry(const std::string& dir, double staleAfterSeconds = 300);
// A run folder given by the user as an absolute, normal path without the trailing
// slash a shell's completion adds (so its filename() is the run's folder name).
std::filesystem::path runFolderPath(const std::string& dir);

// Every run folder under runsDir (folders holding run.json, or damaged ones holding
// metrics.h5 or checkpoints/), newest first.
std::vector<RunEntry> listRuns(const std::string& runsDir);

void setRunName(const std::string& dir, const std::string& name);
void setRunTags(const std::string& dir, const std::vector<std::string>& tags);
void setRunNote(const std::string& dir, const std::string& note);
// Removes the folder and everything in it. Throws std::runtime_error when it cannot.
void deleteRun(const std::string& dir);

// A run's curves from metrics.h5: column name -> values, one per step / per epoch.
// Step columns: step, epoch, wall_time, loss, accuracy, lr, samples_per_sec, data_wait.
// Epoch columns: epoch, step, wall_time, train_loss, train_accuracy, val_loss,
// val_accuracy, lr, duration. Throws std::runtime_error naming the file on failure.
// From probes.h5 when the run had probes: probes["step"] and probes["grad_norm"].
// A named scalar of metrics.h5 (a script's own metric, a TensorBoard tag), by step.
struct NamedCurve {
  std::vector<double> step, wall_time, value;
};
struct RunCurves {
  std::map<std::string, std::vector<double>> steps, epochs, probes;
  std::map<std::string, NamedCurve> scalars;
};
RunCurves readRunCurves(const std::string& dir);

// The config fields whose values differ between the runs ("optimizer.lr"), sorted.
std::vector<std::string> differingFields(const std::vector<nlohmann::json>& configs);
// A JSON value at a dotted path ("optimizer.lr"), or null.
nlohmann::json fieldValue(const nlohmann::json& config, const std::string& dotted);

}  // namespace trainscope
