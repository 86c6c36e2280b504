// verifyBundle: the first steps of a bundled run, re-run from scratch here.
#include "engine/repro/bundle.h"

#include "engine/config/file_input.h"
#include "engine/record/metrics_file.h"
#include "engine/repro/input_fingerprint.h"
#include "engine/repro/sha256.h"
#include "engine/repro/tar_archive.h"
#include "engine/session.h"
#include "engine/system/host_info.h"
#include "engine/system/versions.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>

namespace fs = std::filesystem;

namespace trainscope {

namespace {

// A folder for the re-run, removed when verification ends (unless kept).
class WorkFolder {
 public:
  WorkFolder() {
    std::random_device random;
    path_ = fs::temp_directory_path() / ("trainscope-verify-" + std::to_string(random()));
    fs::create_directories(path_);
  }
  ~WorkFolder() {
    std::error_code ec;
    if (!keep_) fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }
  void keep() { keep_ = true; }

 private:
  fs::path path_;
  bool keep_ = false;
};

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void compareEnvironment(const nlohmann::json& b, const nlohmann::json& rerunInfo, VerifyReport& r) {
  const LibraryVersions v = libraryVersions();
  const nlohmann::json here = {
      {"trainscope", v.trainscope}, {"libtorch", v.libtorch}, {"opencv", v.opencv}, {"hdf5", v.hdf5}};
  const nlohmann::json recorded = b.value("versions", nlohmann::json::object());
  for (const auto& [name, value] : here.items())
    if (recorded.value(name, "") != value.get<std::string>())
      r.environment.push_back(name + " " + recorded.value(name, std::string("?")) + " recorded, " +
                              value.get<std::string>() + " here");
  const int recordedThreads = b.value("threads", 0), threads = rerunInfo.value("threads", 0);
  if (recordedThreads != threads)
    r.environment.push_back("threads: " + std::to_string(recordedThreads) + " recorded, " + std::to_string(threads) +
                            " here");
  const std::string device = rerunInfo.value("device", "");
  if (b.value("device", "") != device)
    r.environment.push_back("device: " + b.value("device", std::string("?")) + " recorded, " + device + " here");
  const std::string cpu = b.value("machine", nlohmann::json::object()).value("cpu", "");
  if (!cpu.empty() && cpu != cpuModel()) r.environment.push_back("CPU: " + cpu + " recorded, " + cpuModel() + " here");
  if (b.value("world_size", 1) > 1)
    r.environment.push_back("the run trained on " + std::to_string(b.value("world_size", 1)) +
                            " processes; verification re-runs it on one");
}

// The recorded config, made to re-run here: into the work folder, on the recorded
// thread count and device kind.
ExperimentConfig rerunConfig(const nlohmann::json& b, const VerifyOptions& options, const fs::path& work) {
  nlohmann::json j = b.at("config");
  j["runs_dir"] = (work / "runs").string();
  j["run_name"] = "verify";
  if (b.value("threads", 0) > 0) j["threads"] = b.value("threads", 0);
  if (b.value("device", "").rfind("cpu", 0) == 0) j["device"] = "cpu";
  if (!options.dataset_root.empty()) j["dataset"]["root"] = options.dataset_root;
  // The steps verify compares were trained with the epochs the run started with.
  const nlohmann::json schedule = b.value("schedule", nlohmann::json::object());
  if (schedule.contains("epochs_at_start") && schedule["epochs_at_start"].is_number_integer())
    j["epochs"] = schedule["epochs_at_start"];
  return parseConfig(j);
}

// Trains until the run pauses after step `steps` (or ends), then stops it.
std::string rerun(const ExperimentConfig& config, int64_t steps, const VerifyOptions& options) {
  auto session = TrainingSession::start(config);
  session->pauseAtStep(steps);
  int64_t reported = 0, stepped = 0;
  std::string failure;
  for (;;) {
    const bool finished = session->waitFinished(std::chrono::milliseconds(100));
    for (const auto& e : session->events().drain()) {
      if (const auto* error = std::get_if<RunError>(&e); error && failure.empty()) failure = error->message;
      const auto* s = std::get_if<StepMetrics>(&e);
      if (s) stepped = s->step;
      if (s && options.progress && s->step >= reported + 10) {
        reported = s->step;
        options.progress("re-running: step " + std::to_string(s->step) + " of " + std::to_string(steps));
      }
    }
    if (finished) break;
    if (session->paused() || (options.interrupted && options.interrupted())) session->stop();
  }
  if (options.interrupted && options.interrupted()) throw std::runtime_error("verification interrupted");
  if (stepped == 0 && !failure.empty())  // nothing to compare: the bundle cannot run here
    throw BadInput("the bundle's experiment cannot start here: " + failure);
  return session->runDir();
}

void compareLosses(const nlohmann::json& reference, const MetricsFile::Contents& m, int64_t steps, VerifyReport& r) {
  const auto column = [&](const char* name) {
    const auto it = std::find(m.step_columns.begin(), m.step_columns.end(), name);
    return static_cast<size_t>(it - m.step_columns.begin());
  };
  const size_t stepColumn = column("step"), lossColumn = column("loss");
  const auto& recordedLoss = reference.at("loss");
  const auto& recordedStep = reference.at("step");
  const size_t n = std::min({static_cast<size_t>(steps), recordedLoss.size(), m.steps.size()});
  r.bit_exact = n > 0;
  for (size_t i = 0; i < n; ++i) {
    // JSON writes a double with enough digits to read back the same bits; NaN is null.
    const double a = recordedLoss[i].is_number() ? recordedLoss[i].get<double>() : std::nan("");
    const double b = m.steps[i][lossColumn];
    const auto step = static_cast<int64_t>(m.steps[i][stepColumn]);
    r.steps.push_back({step, a, b});
    if (step != recordedStep[i].get<int64_t>()) r.notes.push_back("step numbers differ at row " + std::to_string(i));
    const bool same = sameBits(a, b) || (std::isnan(a) && std::isnan(b));
    if (!same && r.first_difference == 0) r.first_difference = step;
    r.bit_exact = r.bit_exact && same;
    const double relative = same ? 0.0
                            : std::isfinite(a) && std::isfinite(b)
                                ? std::abs(a - b) / std::max({std::abs(a), std::abs(b), 1e-12})
                                : INFINITY;
    if (relative > r.max_relative_difference) r.max_relative_difference = relative, r.worst_step = step;
  }
  r.steps_compared = static_cast<int64_t>(n);
}

// The bundle's manifest; a file that is not a bundle is a bad argument (ConfigError).
nlohmann::json readManifest(TarReader& tar, const std::string& bundle) {
  const TarEntry* manifest = tar.find("bundle.json");
  if (!manifest) throw ConfigError(bundle, "is not a Trainscope bundle (it has no bundle.json)");
  nlohmann::json b = nlohmann::json::parse(tar.readBytes(*manifest), nullptr, false);
  if (!b.is_object() || b.value("format", "") != "trainscope-bundle" || !b.contains("config") ||
      !b.contains("reference") || !b["reference"].contains("loss") || !b["reference"]["loss"].is_array())
    throw ConfigError(bundle, "bundle.json is not a Trainscope bundle's manifest");
  return b;
}

}  // namespace

VerifyReport verifyBundle(const std::string& bundle, const VerifyOptions& options) {
  std::unique_ptr<TarReader> tarFile;
  try {
    tarFile = std::make_unique<TarReader>(bundle);
  } catch (const std::runtime_error& e) {
    throw ConfigError("", e.what());
  }
  TarReader& tar = *tarFile;
  const nlohmann::json b = readManifest(tar, bundle);

  VerifyReport r;
  r.deterministic = b.value("deterministic", false);
  r.tolerance = options.tolerance;
  const nlohmann::json members = b.value("members", nlohmann::json::object());
  for (const auto& [name, hash] : members.items()) {
    const TarEntry* member = tar.find(name);
    if (!member)
      r.notes.push_back(name + " is missing from the bundle");
    else if (sha256Hex(tar.readBytes(*member)) != hash.get<std::string>())
      r.notes.push_back(name + " does not match its recorded SHA-256: the bundle is damaged");
  }

  WorkFolder work;
  const ExperimentConfig config = rerunConfig(b, options, work.path());
  const auto recordedInputs = b.value("inputs", nlohmann::json::object());
  const auto inputs = fingerprintInputs(config);
  for (auto& line : compareFingerprints(recordedInputs, inputs)) r.environment.push_back(std::move(line));
  if (inputs["dataset"].value("missing", false))
    throw ConfigError("", "the dataset is not on this machine (" + inputs["dataset"].value("root", std::string()) +
                              "); give its folder with --dataset");

  int64_t steps = std::max<int64_t>(1, std::min<int64_t>(options.steps, b["reference"]["loss"].size()));
  const int64_t changedAt = b.value("schedule", nlohmann::json::object()).value("epochs_changed_at_step", int64_t{-1});
  if (changedAt > 0 && steps > changedAt) {
    steps = changedAt;
    r.notes.push_back("the run was resumed with other epochs at step " + std::to_string(changedAt) +
                      ", which changed its learning-rate schedule from there: the steps before it are compared");
  }
  if (options.progress)
    options.progress("re-running the first " + std::to_string(steps) + " steps from scratch (seed " +
                     std::to_string(config.seed) + (config.deterministic ? ", deterministic" : "") + ")...");
  const std::string runDir = rerun(config, steps, options);
  nlohmann::json rerunInfo;
  if (std::ifstream in(fs::path(runDir) / "run.json"); in) rerunInfo = nlohmann::json::parse(in, nullptr, false);
  compareEnvironment(b, rerunInfo.is_object() ? rerunInfo : nlohmann::json::object(), r);
  compareLosses(b["reference"], MetricsFile::read((fs::path(runDir) / "metrics.h5").string()), steps, r);
  r.matched = r.steps_compared > 0 &&
              (r.deterministic ? r.bit_exact : r.bit_exact || r.max_relative_difference <= options.tolerance);
  if (options.keep) {
    work.keep();
    r.rerun_dir = runDir;
  }
  return r;
}

}  // namespace trainscope
