// The engine's face toward the app and the CLI: start a run from a config, command
// it from any thread, and drain its events at your own pace. No torch, no Qt.
#pragma once

#include "engine/config/config.h"
#include "engine/run/event_queue.h"
#include "engine/system/launch_env.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace trainscope {

class RunControl;
class RunLock;
class DistributedGroup;

class TrainingSession {
 public:
  // Checks what can be checked before training (dataset present, device available),
  // creates the run folder, and starts training on a background thread. Throws
  // ConfigError naming the field when the run cannot start.
  static std::unique_ptr<TrainingSession> start(const ExperimentConfig& config);
  // As one rank of a data-parallel run (`group` from processGroupFromEnvironment()):
  // meets the other ranks first; rank 0 makes the run folder and sends every rank its
  // config, so they train the same experiment; the others only write log.rank-N.txt.
  static std::unique_ptr<TrainingSession> start(const ExperimentConfig& config, const ProcessGroupSpec& group);
  // Continues a run from its last checkpoint, in the same folder and the same curves.
  // `overrides` ("epochs=20", ...) apply to the recorded config. `checkpoint` picks
  // another one ("best.pt", a file name in checkpoints/, or a path). The checkpoint is
  // loaded and checked before anything in the run folder changes; a damaged one is
  // named, with the newest good one to resume from instead.
  static std::unique_ptr<TrainingSession> resume(const std::string& run_dir,
                                                 const std::vector<std::string>& overrides = {},
                                                 const std::string& checkpoint = "",
                                                 const ProcessGroupSpec& group = {});
  ~TrainingSession();  // stops the run and waits for it, keeping its record

  void pause();
  // Pauses by itself right after optimizer step `step` (a breakpoint; -1 clears it).
  void pauseAtStep(int64_t step);
  void resume();
  // While paused: trains one more step, sends a BatchSnapshot of its first batch (what
  // each layer made of the first image), and pauses again.
  void stepOneBatch();
  void stop();
  // Saves the chosen tensors to the run's tensors.h5 at the next step; a TensorsSaved
  // event reports it.
  void saveTensors(const TensorDumpRequest& request);
  bool paused() const;

  RunState state() const;
  const std::string& runDir() const { return runDir_; }
  EventQueue& events() { return *events_; }
  // Waits for the run to end; true when it has.
  bool waitFinished(std::chrono::milliseconds timeout);

 private:
  TrainingSession() = default;
  void launch(ExperimentConfig config, bool resuming, std::string checkpoint, std::unique_ptr<RunLock> lock,
              std::shared_ptr<DistributedGroup> group, int followerRank, std::string temporaryCheckpoint);

 public:
  struct Prepared;  // a run ready to launch: its folder made (or checked) and locked (session.cpp)

 private:
  static std::unique_ptr<TrainingSession> launchPrepared(Prepared prepared, std::shared_ptr<DistributedGroup> group);
  // The data-parallel start, either way: rank 0 runs `prepare` (a single process's
  // start or resume) and sends the others what they need.
  static std::unique_ptr<TrainingSession> startRank(const ProcessGroupSpec& spec, double timeoutSeconds,
                                                    const std::function<Prepared()>& prepare);

  struct Worker;
  std::string runDir_;
  std::shared_ptr<EventQueue> events_;
  std::shared_ptr<RunControl> control_;
  std::unique_ptr<Worker> worker_;
};

// A run's recorded distributed.timeout_seconds (the default when its record cannot be
// read here): how long the ranks of its resume wait for each other.
double recordedDistributedTimeout(const std::string& run_dir);

// Where the Fashion-MNIST files were found, or empty.
std::string builtInDatasetDir();

}  // namespace trainscope
