// Turns a run's events into terminal output: a redrawn progress bar on a terminal,
// plain periodic lines otherwise (logs, CI), and the engine's log lines.
#pragma once

#include "engine/run/events.h"

#include <chrono>
#include <cstdio>
#include <string>

namespace trainscope::cli {

class ProgressPrinter {
 public:
  ProgressPrinter(std::FILE* out, bool terminal);
  void handle(const Event& e);
  void finishLine();  // ends a half-drawn bar before other output
  RunState finalState() const { return state_; }
  const std::string& runDir() const { return runDir_; }
  const std::string& lastError() const { return lastError_; }
  bool guardTripped() const { return guardTripped_; }

 private:
  void draw(const Progress& p);
  std::string statusText(const Progress& p) const;

  std::FILE* out_;
  bool terminal_;
  bool lineOpen_ = false;
  RunState state_ = RunState::Starting;
  std::string runDir_, lastError_;
  bool guardTripped_ = false;
  double epochLossSum_ = 0, epochAccSum_ = 0;
  int64_t epochSteps_ = 0, lastEpoch_ = 0, lastPlainPercent_ = -1;
  std::chrono::steady_clock::time_point lastPlain_{}, lastDraw_{};
};

std::string formatDuration(double seconds);

}  // namespace trainscope::cli
