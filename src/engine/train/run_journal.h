// The trainer's voice and its record of how things went: log lines (to the run's log
// file and, as events, to whoever watches), state changes, skipped files and the end
// of the run in run.json. No torch: what a run says, apart from what it computes.
#pragma once

#include "engine/data/dataset.h"
#include "engine/record/run_record.h"
#include "engine/run/event_queue.h"
#include "engine/run/message.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace trainscope {

class RunJournal {
 public:
  RunJournal(RunRecord& record, std::shared_ptr<EventQueue> events, std::function<void(RunState)> onState);

  void log(LogLevel level, const Message& message) { log(level, message.english(), message); }
  void log(LogLevel level, const std::string& text, const Message& message = {});
  // The full text behind an error already reported (LibTorch's backtrace, HDF5's account).
  void detail(const std::string& text);
  void setState(RunState s, const std::string& reason = {}, const Message& why = {});
  // Into run.json's "skipped" (saved with the record's next save).
  void recordSkipped(const std::vector<SkippedItem>& items);
  // run.json's status, reason, end time and steps (the caller saves it).
  void recordEnd(RunState s, const std::string& reason, int64_t steps);

 private:
  RunRecord& record_;
  std::shared_ptr<EventQueue> events_;
  std::function<void(RunState)> onState_;
  bool logFailed_ = false;  // log.txt refused a line: the warning is said once, until it works again

  // "" when the line reached log.txt; the reason, the first time it does not.
  std::string appendToLog(const std::string& line);
};

}  // namespace trainscope
