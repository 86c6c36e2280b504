// A run whose training loop is someone else's: a PyTorch script through the Python
// package (src/python), or any program that hands over its numbers and tensors. It
// writes the run folder the trainer writes, with the trainer's writers (run.json,
// metrics.h5, probes.h5, samples.h5, predictions.h5, log.txt; TensorBoard events when
// asked), so every reader (runs, compare, suspects, export-tensorboard, the app) treats
// it like any other run. The folder has one writer: the run holds its lock until it
// ends. Calls never wait for the disk: the files are written on the run's own thread,
// and a failed write is reported by the next call (writeError) and at finish.
#pragma once

#include "engine/run/events.h"

#include <torch/torch.h>

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace trainscope {

struct ScriptRunOptions {
  std::string runs_dir;                              // "" = the default runs folder (install_paths.h)
  std::string name;                                  // display name; the folder is <name>-<YYYYmmdd-HHMMSS>[-N]
  nlohmann::json config = nlohmann::json::object();  // the script's hyperparameters, as given
  bool tensorboard = false;                          // also <run>/tensorboard/ event files
  std::string source = "python";                     // run.json's "source"
  std::string command;                               // how the script was started (argv)
};

using NamedValues = std::vector<std::pair<std::string, double>>;

class ScriptRun {
 public:
  // Creates the folder, takes its lock and writes run.json ("running"). Throws
  // ConfigError for a name or folder that cannot be used.
  explicit ScriptRun(const ScriptRunOptions& options);
  // A run never finished (the script forgot) ends as failed, saying so.
  ~ScriptRun();
  ScriptRun(const ScriptRun&) = delete;
  ScriptRun& operator=(const ScriptRun&) = delete;

  const std::string& folder() const { return folder_; }

  // Values at a global step (step < 0: the last step + 1). Names declared as metrics.h5
  // step columns (loss, accuracy, lr, ...) fill that row; any other name is a named
  // scalar. Values logged at the same step in several calls make one row.
  void log(const NamedValues& values, int64_t step);
  // Values at the end of an epoch (epoch < 0: the last + 1), at the last logged step:
  // epoch columns (val_loss, val_accuracy, train_loss, ...), other names as scalars.
  void logEpoch(const NamedValues& values, int64_t epoch);

  // Starts probes.h5 for these (name, kind) tensors, kinds as the trainer's probes
  // name them (activation, activation_grad, weight, weight_grad). Once per run.
  void watch(const std::vector<std::pair<std::string, std::string>>& tensors, int bins, int sample);
  bool watching() const;
  // Measures one tensor of the step being probed now (statistics, and a histogram);
  // `bounded`: "sigmoid" or "tanh" for an activation whose saturation to count. A weight
  // is kept (a copy, and the live tensor) to measure the optimizer's update at commit.
  void measure(const std::string& name, const std::string& kind, const torch::Tensor& t, const std::string& bounded);
  // The probed step is complete (called once the optimizer has stepped: at the next
  // forward pass): its statistics, update ratios and histograms go to probes.h5.
  void commitProbes(int64_t step);

  // A batch of predictions: indices into the split, labels [N], logits [N, C]. split is
  // "val" (predictions.h5: confusion per epoch, the last epoch's predictions) or "train"
  // (samples.h5: each sample's loss, margin and prediction per epoch, for suspects).
  // Written whole when the epoch changes, at logEpoch and at finish.
  void logPredictions(const std::string& split, int64_t epoch, const torch::Tensor& indices,
                      const torch::Tensor& labels, const torch::Tensor& logits,
                      const std::vector<std::string>& classNames);

  // Ends the run: finished, stopped or failed with a reason. Waits for the files to be
  // written; returns "" or why a write failed (the run is then recorded as failed).
  std::string finish(RunState state, const std::string& reason);
  bool finished() const { return finished_; }
  // The first write that failed so far, "" while all went well.
  std::string writeError() const;

  struct Impl;

 private:
  // The folder's lock, run.json, log and metrics.h5 (the constructor's second half).
  void open(const ScriptRunOptions& options, const std::string& name);
  std::string folder_;
  std::unique_ptr<Impl> impl_;
  int owner_;  // the process that made it (a fork's copy never touches the run)
  bool finished_ = false;
};

}  // namespace trainscope
