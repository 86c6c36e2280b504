#include "cli/search_command.h"

#include "cli/cli_support.h"
#include "cli/trial_process.h"
#include "engine/config/config.h"
#include "engine/record/run_library.h"
#include "engine/record/run_lock.h"
#include "engine/record/run_record.h"
#include "engine/run/event_json.h"
#include "engine/search/search_outcome.h"
#include "engine/search/search_scheduler.h"
#include "engine/system/atomic_file.h"
#include "engine/system/install_paths.h"
#include "engine/system/usable_cores.h"

#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <thread>

namespace trainscope::cli {

namespace {

namespace fs = std::filesystem;

// A folder of its own, even for two searches started in the same second.
std::string newSearchFolder(const std::string& runsDir, const std::string& stem) {
  const fs::path parent = searchesDir(runsDir);
  fs::create_directories(parent);
  fs::path dir = parent / stem;
  for (int n = 2; !fs::create_directory(dir); ++n) dir = parent / (stem + "-" + std::to_string(n));
  fs::create_directories(dir / "trials");
  return dir.string();
}

std::string trialName(const TrialRecord& t) {
  return t.preset ? "trial " + std::to_string(t.index) + " (preset)" : "trial " + std::to_string(t.index);
}

std::string searchTag(const SearchRecord& r) { return "search:" + r.name; }

// A trial's children and what they said last.
struct RunningTrial {
  std::unique_ptr<TrialProcess> process;
  std::string lastError;
};

class SearchDriver {
 public:
  SearchDriver(std::string dir, SearchRecord record, bool quiet)
      : dir_(std::move(dir)), scheduler_(std::move(record)), quiet_(quiet) {}

  int run();

 private:
  void save();
  void stopAll();
  void startTrials();
  bool startTrial(const TrialStart& start);
  void follow(int index, RunningTrial& trial);
  void onEvent(int index, RunningTrial& trial, const nlohmann::json& object);
  void reapEnded();
  void waitForWriters();
  void printSummary();

  std::string dir_;
  SearchScheduler scheduler_;
  bool quiet_;
  std::map<int, RunningTrial> running_;
};

// A search that cannot keep its record cannot be resumed or followed: it stops its
// trials (their runs keep their own records) and says why.
void SearchDriver::save() {
  std::string why;
  if (saveSearchRecord(dir_, scheduler_.record(), &why)) return;
  if (!scheduler_.stopping())
    std::fprintf(stderr, "trainscope-cli: cannot save %s/%s (%s); stopping the search\n", dir_.c_str(), kSearchFile,
                 why.c_str());
  stopAll();
}

void SearchDriver::stopAll() {
  if (!scheduler_.stopping()) scheduler_.stop();
  for (auto& [index, trial] : running_) trial.process->stop();
}

bool SearchDriver::startTrial(const TrialStart& start) {
  const auto& trial = scheduler_.trial(start.index);
  char stem[16];
  std::snprintf(stem, sizeof stem, "%03d", start.index);
  const fs::path trials = fs::path(dir_) / "trials";
  std::vector<std::string> args;
  if (start.resume_dir.empty()) {
    const fs::path config = trials / (std::string(stem) + ".json");
    std::string why;
    if (!writeFileAtomically(config, start.config.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n",
                             &why)) {
      std::fprintf(stderr, "trainscope-cli: %s: %s; stopping the search\n", config.string().c_str(), why.c_str());
      scheduler_.notStarted(start.index);
      stopAll();
      return false;
    }
    args = {"train", "-q", "--events", "-", "--config", config.string()};
  } else {
    args = {"resume", start.resume_dir, "-q", "--events", "-"};
  }
  std::string error;
  auto process = TrialProcess::start(args, (trials / (std::string(stem) + ".log")).string(), &error);
  if (!process) {
    std::fprintf(stderr, "trainscope-cli: %s could not start (%s); stopping the search\n", trialName(trial).c_str(),
                 error.c_str());
    scheduler_.notStarted(start.index);
    stopAll();
    return false;
  }
  running_[start.index] = RunningTrial{std::move(process), ""};
  std::printf("%s %s: %s\n", trialName(trial).c_str(), start.resume_dir.empty() ? "started" : "resumed",
              trial.preset ? "the experiment as it is" : paramsLabel(trial.params).c_str());
  return true;
}

void SearchDriver::startTrials() {
  while (auto start = scheduler_.next(static_cast<int>(running_.size()), usableCores().count)) {
    startTrial(*start);
    save();
  }
}

void SearchDriver::onEvent(int index, RunningTrial& trial, const nlohmann::json& object) {
  if (const auto folder = runFolderFromJson(object)) {
    scheduler_.started(index, *folder);
    try {
      setRunTags(*folder, {searchTag(scheduler_.record())});
    } catch (const std::exception& e) {  // the tag helps finding the trial; its run goes on without
      std::fprintf(stderr, "trainscope-cli: cannot tag %s: %s\n", folder->c_str(), e.what());
    }
    save();
  }
  const auto event = eventFromJson(object);
  if (!event) return;
  if (const auto* error = std::get_if<RunError>(&*event)) trial.lastError = error->message;
  const auto* e = std::get_if<EpochMetrics>(&*event);
  if (!e) return;
  const EpochVerdict verdict = scheduler_.epochEnded(index, *e);
  const std::string& metric = scheduler_.record().metric_key;
  if (!quiet_)
    std::printf("%s epoch %lld: %s %s\n", trialName(scheduler_.trial(index)).c_str(), static_cast<long long>(e->epoch),
                metric.c_str(), metricText(verdict.value).c_str());
  if (verdict.at_rung && verdict.rung.stop) {
    std::printf(
        "%s stops at the rung of epoch %lld: %s %s is not among the best %d of the %d trials there (the "
        "bar: %s)\n",
        trialName(scheduler_.trial(index)).c_str(), static_cast<long long>(verdict.rung_epoch), metric.c_str(),
        metricText(scheduler_.trial(index).rungs.at(verdict.rung_epoch)).c_str(), verdict.rung.top,
        verdict.rung.compared, metricText(verdict.rung.cutoff).c_str());
    trial.process->stop();
  }
  save();
}

void SearchDriver::follow(int index, RunningTrial& trial) {
  for (const auto& line : trial.process->readLines()) {
    const auto object = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    try {
      if (object.is_object()) onEvent(index, trial, object);
    } catch (const std::exception& e) {  // one event the search cannot use ends neither it nor the trial
      std::fprintf(stderr, "trainscope-cli: trial %d: %s\n", index, e.what());
    }
  }
}

void SearchDriver::reapEnded() {
  for (auto it = running_.begin(); it != running_.end();) {
    int code = 0;
    if (!it->second.process->ended(&code)) {
      ++it;
      continue;
    }
    follow(it->first, it->second);  // what it wrote before it ended
    scheduler_.ended(it->first, code, it->second.lastError);
    const auto& t = scheduler_.trial(it->first);
    std::printf(
        "%s %s%s%s\n", trialName(t).c_str(), toString(t.status).c_str(),
        std::isfinite(t.best) ? (": best " + scheduler_.record().metric_key + " " + metricText(t.best)).c_str() : "",
        t.message.empty() ? "" : (" (" + t.message + ")").c_str());
    it = running_.erase(it);
    save();
  }
}

// A killed search's trials got SIGTERM from the kernel and may still be saving.
void SearchDriver::waitForWriters() {
  for (const auto& t : scheduler_.record().trials) {
    if (t.status != TrialStatus::Interrupted || t.run_dir.empty()) continue;
    for (int i = 0; i < 600 && !RunLock::holder(t.run_dir).empty(); ++i) {
      if (i == 0) std::printf("waiting for %s's run to stop writing...\n", trialName(t).c_str());
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
}

void SearchDriver::printSummary() {
  const SearchRecord& r = scheduler_.record();
  std::printf("\n%-18s %-11s %-10s %s\n", "trial", "status", r.metric_key.c_str(), "settings");
  for (const auto& t : r.trials)
    std::printf("%-18s %-11s %-10s %s\n", trialName(t).c_str(), toString(t.status).c_str(), metricText(t.best).c_str(),
                t.preset ? "(preset)" : paramsLabel(t.params).c_str());
  if (r.state != "finished") {
    std::printf("\nthe search stopped; continue it with `trainscope-cli search --resume %s`\n", dir_.c_str());
    return;
  }
  const SearchOutcome o = searchOutcome(r);
  std::printf("\n%s\n", o.verdict.english().c_str());
  for (const auto& reason : o.reasons) std::printf("  - %s\n", reason.english().c_str());
  if (o.best >= 0) std::printf("best run: %s\n", r.trials[static_cast<size_t>(o.best)].run_dir.c_str());
}

int SearchDriver::run() {
  auto previousInt = std::signal(SIGINT, onInterrupt);
  auto previousTerm = std::signal(SIGTERM, onInterrupt);
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  waitForWriters();
  save();
  while (true) {
    if (interruptCount() > 0 && !scheduler_.stopping()) {
      std::fprintf(stderr, "stopping the search after each trial's current step (resume it with --resume)...\n");
      stopAll();
    }
    startTrials();
    if (running_.empty()) break;  // none runs after startTrials(): every trial is done, or the search stops
    for (auto& [index, trial] : running_) follow(index, trial);
    reapEnded();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  scheduler_.close();
  save();
  std::signal(SIGINT, previousInt);
  std::signal(SIGTERM, previousTerm);
  printSummary();
  return scheduler_.record().state == "finished" ? 0 : kInterrupted;
}

SearchSettings settingsFrom(const SearchArgs& a, uint64_t experimentSeed) {
  SearchSettings s;
  s.sampler = a.sampler;
  s.trials = a.trials;
  s.seed = a.seed >= 0 ? static_cast<uint64_t>(a.seed) : experimentSeed;
  s.parallel = a.parallel;
  s.preset = !a.no_preset;
  s.halving = {a.halving, a.min_epochs, a.eta};
  s.metric = a.metric;
  s.mode = a.mode;
  return s;
}

std::string describe(const SearchRecord& r) {
  const auto& s = r.settings;
  std::string text = std::to_string(r.trials.size()) + " trials (" + (s.preset ? "the preset and " : "") +
                     std::to_string(r.trials.size() - (s.preset ? 1 : 0)) + " " + s.sampler + "), " +
                     std::to_string(r.epochs) + " epochs each";
  if (s.halving.on) {
    std::string rungs;
    for (auto e : halvingRungs(s.halving, r.epochs)) rungs += (rungs.empty() ? "" : ", ") + std::to_string(e);
    char eta[16];
    std::snprintf(eta, sizeof eta, "%g", s.halving.eta);
    text += ", successive halving at epochs " + rungs + " (eta " + eta + ")";
  }
  return text + ", " + std::to_string(s.parallel) + " at once";
}

}  // namespace

int searchCommand(const SearchArgs& args) {
  return guarded([&] {
    std::string dir = args.resume;
    std::unique_ptr<RunLock> lock;
    SearchRecord record;
    if (!dir.empty()) {
      dir = runFolderPath(dir).string();
      lock = RunLock::acquire(dir, "trainscope-cli search --resume");
      record = loadSearchRecord(dir);
    } else {
      if (args.config.empty() || args.space.empty())
        throw ConfigError("search", "give --config and --space, or --resume FOLDER");
      const ExperimentConfig parsed = configFromFile(args.config, args.overrides, args.out);
      nlohmann::json base = toJson(parsed);
      const nlohmann::json space = readConfigJson(args.space, "space");
      record = planSearch("", timeStamp("%Y-%m-%dT%H:%M:%S"), base, space, settingsFrom(args, parsed.seed));
      dir = newSearchFolder(runsFolder(parsed.runs_dir), parsed.name + "-" + timeStamp("%Y%m%d-%H%M%S"));
      record.name = fs::path(dir).filename().string();
      lock = RunLock::acquire(dir, "trainscope-cli search");
    }
    if (record.state == "finished") {
      std::printf("search %s has finished; nothing to resume\n", dir.c_str());
      return 0;
    }
    std::printf("search %s: %s\nfolder: %s\n", record.name.c_str(), describe(record).c_str(), dir.c_str());
    return SearchDriver(dir, std::move(record), args.quiet).run();
  });
}

}  // namespace trainscope::cli
