// One trial of a search: a trainscope-cli child (`train -q --events - --config FILE`
// or `resume RUN -q --events -`) whose stdout is read as the run's events and whose
// stderr is kept in a log file. It is stopped with SIGTERM (the run keeps its record),
// and the kernel sends it SIGTERM when the search dies, even by kill -9, so no trial
// trains on unwatched.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

namespace trainscope::cli {

class TrialProcess {
 public:
  // Starts this executable with `args`; nullptr and *error when it cannot.
  static std::unique_ptr<TrialProcess> start(const std::vector<std::string>& args, const std::string& logPath,
                                             std::string* error);
  ~TrialProcess();  // a child still running is stopped and waited for
  TrialProcess(const TrialProcess&) = delete;
  TrialProcess& operator=(const TrialProcess&) = delete;

  // The complete lines its stdout has written since the last call; never blocks.
  std::vector<std::string> readLines();
  void stop();  // SIGTERM, once: stops after the current step, keeping the record
  // Whether it has ended, with its exit code (128 + the signal when killed); never blocks.
  bool ended(int* exitCode);

 private:
  TrialProcess(pid_t pid, int out) : pid_(pid), out_(out) {}
  pid_t pid_ = -1;
  int out_ = -1;
  std::string partial_;
  bool reaped_ = false, stopSent_ = false;
  int exitCode_ = 0;
};

}  // namespace trainscope::cli
