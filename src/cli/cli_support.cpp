#include "cli/cli_support.h"

#include "cli/event_stream.h"
#include "engine/config/config_fields.h"
#include "engine/config/file_input.h"
#include "engine/data/dataset_source.h"
#include "engine/system/atomic_file.h"

#include <sys/wait.h>
#include <time.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>

namespace trainscope::cli {

namespace {
std::atomic<int> interrupts{0}, repeats{0};
std::atomic<long long> lastSignalMs{-1000000};

long long monotonicMs() {  // clock_gettime is async-signal-safe
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<long long>(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
}
}  // namespace

bool isNewSignalRequest() {
  // `timeout -s INT`, a terminal and a launcher signal the process and its group: the
  // same request arrives twice within microseconds. One request per second counts.
  const long long now = monotonicMs();
  if (now - lastSignalMs.load() < kSameRequestMs) return false;  // the window never slides on repeats
  lastSignalMs = now;
  return true;
}

void onInterrupt(int sig) {
  if (!isNewSignalRequest()) return;
  ++interrupts;
  // A second request quits at once: Ctrl+C twice, or SIGTERM twice (torchrun's
  // SIGTERM after a terminal's Ctrl+C is the first request, not the second).
  static std::atomic<int> lastKind{0};
  if (++repeats >= 2 && (sig == SIGINT || lastKind.load() == sig)) std::_Exit(sig == SIGINT ? 130 : 143);
  lastKind = sig;
}

int interruptCount() { return interrupts.load(); }

int exitCodeOf(int waitStatus) {
  if (WIFEXITED(waitStatus)) return WEXITSTATUS(waitStatus);
  return 128 + (WIFSIGNALED(waitStatus) ? WTERMSIG(waitStatus) : 0);
}

int reportConfigError(const std::exception& e) {
  std::fprintf(stderr, "config error:\n");
  const std::string text = e.what();
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = text.find('\n', start);
    std::fprintf(stderr, "  %s\n", text.substr(start, end - start).c_str());
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return kBadConfig;
}

int guarded(const std::function<int()>& body, EventStream* events) {
  try {
    return body();
  } catch (const ConfigError& e) {
    if (events && events->enabled()) events->write(RunError{std::string("config error: ") + e.what()});
    return reportConfigError(e);
  } catch (const BadInput& e) {  // a damaged or special file: bad input, as a bad config is
    if (events && events->enabled()) events->write(RunError{e.what()});
    std::fprintf(stderr, "error: %s\n", e.what());
    return kBadInput;
  } catch (const std::exception& e) {
    if (events && events->enabled()) events->write(RunError{e.what()});
    std::fprintf(stderr, "error: %s\n", e.what());
    return kFailed;
  }
}

ExperimentConfig configFromFile(const std::string& path, const std::vector<std::string>& overrides,
                                const std::string& out) {
  nlohmann::json j = readConfigJson(path, "--config");
  for (const auto& o : overrides) applyOverride(j, o);
  if (!out.empty()) j[configField(&ExperimentConfig::runs_dir).key] = out;
  try {
    return parseConfig(j);
  } catch (const ConfigError& e) {
    // A missing dataset folder explains the other problems (transforms that do not
    // fit "these" images): it is said first, with them.
    DatasetConfig dataset;
    const auto& kind = configField(&ExperimentConfig::dataset, &DatasetConfig::kind);
    const auto& root = configField(&ExperimentConfig::dataset, &DatasetConfig::root);
    const auto at = [&](const ConfigField& f) {
      const nlohmann::json* v = f.in(j);
      return v && v->is_string() ? v->get<std::string>() : std::string();
    };
    if (at(kind) == "image-folder" && !at(root).empty()) dataset.kind = at(kind), dataset.root = at(root);
    Problems problems = dataset.kind == "image-folder" ? checkDatasetAvailable(dataset) : Problems{};
    if (problems.empty()) throw;
    problems.insert(problems.end(), e.problems().begin(), e.problems().end());
    throw ConfigError(problems);
  }
}

// A generated text to stdout (no `out`) or to `out`, written atomically; 1 when the disk refuses.
int printOrWrite(const char* command, const std::string& text, const std::string& out, const std::string& done) {
  if (out.empty()) {
    std::fputs(text.c_str(), stdout);
    return 0;
  }
  if (const std::string no = whyNotOutputFile(out); !no.empty()) {
    std::fprintf(stderr, "%s: --out %s %s\n", command, out.c_str(), no.c_str());
    return 2;
  }
  std::string why;
  if (!writeFileAtomically(out, text, &why)) {
    std::fprintf(stderr, "%s: cannot write %s: %s\n", command, out.c_str(), why.c_str());
    return 1;
  }
  std::fprintf(stderr, "%s: wrote %s; %s\n", command, out.c_str(), done.c_str());
  return 0;
}

}  // namespace trainscope::cli
