// What every trainscope-cli command shares: exit codes, config errors reported as
// the README promises, and reading --config with --set overrides.
#pragma once

#include "engine/config/config.h"

#include <functional>
#include <string>
#include <vector>

namespace trainscope::cli {

class EventStream;

// Exit codes: 0 success, 1 run failed, 2 bad input (config, arguments, or a damaged or
// special file), 130 interrupted.
constexpr int kFailed = 1, kBadConfig = 2, kBadInput = 2, kInterrupted = 130;

int reportConfigError(const std::exception& e);
// A child's exit code from waitpid's status: its own, or 128 + the signal that killed it.
int exitCodeOf(int waitStatus);

// The signal handler of a command that stops cleanly: the first Ctrl+C asks it to
// stop (a run keeps its record; the disk is at most 2 seconds behind, and `resume`
// recovers from that); a second one, a second later or more, quits at once. Signals
// within kSameRequestMs of each other are one request (`timeout` and terminals signal
// the whole process group). SIGTERM asks to stop; a second SIGTERM quits: torchrun's
// SIGTERM after the terminal's Ctrl+C reached every rank is not a second request.
constexpr long long kSameRequestMs = 1000;
void onInterrupt(int sig);
// For other signal handlers: false for a signal within kSameRequestMs of the last one
// (async-signal-safe).
bool isNewSignalRequest();
// How many stops were asked for so far.
int interruptCount();

// Runs a command body, turning exceptions into the message and exit code a user
// expects; with an event stream, the failure is also its last line.
int guarded(const std::function<int()>& body, EventStream* events = nullptr);

// A generated text to stdout (no `out`) or to `out`, written atomically, saying `done`
// on stderr; 1 when the disk refuses.
int printOrWrite(const char* command, const std::string& text, const std::string& out, const std::string& done);

// The config file with --set overrides applied and --out as runs_dir; ConfigError
// names every bad field (a missing image folder first).
ExperimentConfig configFromFile(const std::string& path, const std::vector<std::string>& overrides,
                                const std::string& out);

}  // namespace trainscope::cli
