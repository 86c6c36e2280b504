// `--events FILE`: the run's events as JSON Lines (engine/run/event_json.h), for
// programs rather than people; the app's run queue reads it. "-" is stdout, and the
// human-readable output then goes to stderr so the two never mix. A reader that goes
// away (a closed pipe) or a full disk ends the stream, never the run.
#pragma once

#include "engine/run/events.h"

#include <cstdio>
#include <string>

namespace trainscope::cli {

class EventStream {
 public:
  EventStream() = default;  // off until open()
  ~EventStream();
  // "" leaves the stream off. Throws std::runtime_error when the file cannot be created.
  void open(const std::string& target);
  EventStream(const EventStream&) = delete;
  EventStream& operator=(const EventStream&) = delete;

  bool enabled() const { return out_ != nullptr; }
  bool onStdout() const { return out_ == stdout; }
  // Where human-readable output goes: stderr when the events take stdout.
  std::FILE* humanOutput() const { return onStdout() ? stderr : stdout; }
  // One line per event, flushed, so a reader sees it at once. Probe samples and
  // histograms are left out: they are many per step, and probes.h5 has them all.
  void write(const Event& event);
  // The stream's first line for a started run: its folder.
  void writeRunFolder(const std::string& runDir);

 private:
  void writeLine(const std::string& line);

  std::FILE* out_ = nullptr;
  std::string target_;
};

}  // namespace trainscope::cli
