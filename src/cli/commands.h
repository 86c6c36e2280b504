// The subcommands of trainscope-cli. Each returns the process exit code.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope::cli {

struct TrainArgs {
  std::string config;
  std::string out;  // runs folder override
  std::vector<std::string> overrides;
  bool quiet = false;
  std::string events;                    // --events: JSON Lines to this file, "-" for stdout, "" none
  int nproc = 1;                         // --nproc N: launch N local processes (cli/local_launcher.h)
  std::vector<std::string> commandLine;  // this command without --nproc, for the ranks it launches
};

int trainCommand(const TrainArgs& args);
int resumeCommand(const std::string& runDir, const std::vector<std::string>& overrides, bool quiet,
                  const std::string& events, const std::string& from, int nproc = 1,
                  const std::vector<std::string>& commandLine = {});
// Rewinds a run to its ring checkpoint at or before `atStep` and trains a child run
// from there with `changes` (engine/train/run_fork.h).
int forkCommand(const std::string& runDir, int64_t atStep, const std::vector<std::string>& changes, bool quiet,
                const std::string& events);
// After a crash: clears the HDF5 write marks of a run whose writer is gone, and says so.
int repairCommand(const std::string& runDir);
int summaryCommand(const std::string& config, const std::vector<std::string>& overrides);
int datasetsCommand(const std::string& inspectPath);
int doctorCommand(int threads);
// Lists the tensors saved in a run's tensors.h5 (a run folder or the file itself).
int tensorsCommand(const std::string& runOrFile);
// Runs a lesson's variants one after another and prints how they compare; given a
// folder, lists its lessons. `language`: en or zh_CN.
int lessonCommand(const std::string& path, const std::string& out, const std::string& language, bool quiet);
// Lists the runs in a runs folder (the app's Compare page reads the same).
int runsCommand(const std::string& dir);
int statsCommand(const std::string& config, const std::vector<std::string>& overrides, int64_t maxSamples);

}  // namespace trainscope::cli
