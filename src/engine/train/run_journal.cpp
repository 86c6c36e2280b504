#include "engine/train/run_journal.h"

namespace trainscope {

RunJournal::RunJournal(RunRecord& record, std::shared_ptr<EventQueue> events, std::function<void(RunState)> onState)
    : record_(record), events_(std::move(events)), onState_(std::move(onState)) {}

void RunJournal::log(LogLevel level, const std::string& text, const Message& message) {
  LogLine l;
  l.level = level;
  l.text = text;
  l.message = message;
  l.wall_time = unixTimeNow();
  const char* tag = level == LogLevel::Error ? "ERROR " : level == LogLevel::Warning ? "WARNING " : "";
  const std::string failure = appendToLog(isoTimeNow() + " " + tag + text);
  events_->push(std::move(l));
  if (!failure.empty()) {  // said once, on the screen: a full disk must not take the run down with it
    LogLine w;
    w.level = LogLevel::Warning;
    w.text = failure + " (this and later lines are not in the log; the run goes on)";
    w.wall_time = unixTimeNow();
    events_->push(std::move(w));
  }
}

std::string RunJournal::appendToLog(const std::string& line) {
  try {
    record_.appendLog(line);
    logFailed_ = false;
    return {};
  } catch (const std::exception& e) {
    if (logFailed_) return {};
    logFailed_ = true;
    return e.what();
  }
}

void RunJournal::detail(const std::string& text) {
  appendToLog("details of the error below:\n" + text);  // the error itself is reported anyway
}

void RunJournal::setState(RunState s, const std::string& reason, const Message& why) {
  events_->push(StateChanged{s, reason, why});
  if (onState_) onState_(s);
}

void RunJournal::recordSkipped(const std::vector<SkippedItem>& items) {
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& s : items) pairs.emplace_back(s.path, s.reason);
  record_.addSkipped(pairs);
}

void RunJournal::recordEnd(RunState s, const std::string& reason, int64_t steps) {
  auto& info = record_.info();
  info["status"] = toString(s);
  info["reason"] = reason;
  info["end_time"] = isoTimeNow();
  info["steps"] = steps;
}

}  // namespace trainscope
