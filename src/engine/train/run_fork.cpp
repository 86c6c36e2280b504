#include "engine/train/run_fork.h"

#include "engine/config/config.h"
#include "engine/config/config_fields.h"
#include "engine/config/file_input.h"
#include "engine/config/problem.h"
#include "engine/config/run_name.h"
#include "engine/record/checkpoint_ring.h"
#include "engine/record/run_lock.h"
#include "engine/record/run_record.h"
#include "engine/system/atomic_file.h"
#include "engine/train/checkpoint_file.h"

#include <algorithm>
#include <filesystem>
#include <memory>

namespace trainscope {

namespace {

namespace fs = std::filesystem;

// The newest readable ring checkpoint at or before `atStep`.
RingCheckpoint chooseCheckpoint(const RunRecord& parent, int64_t atStep) {
  const auto ring = ringCheckpoints(parent.checkpointsDir());
  for (auto it = ring.rbegin(); it != ring.rend(); ++it)
    if (it->step <= atStep && inspectCheckpoint(it->path.string()).readable) return *it;
  std::string steps;
  for (const auto& r : ring) steps += (steps.empty() ? "" : ", ") + std::to_string(r.step);
  const std::string ringKey = configField(&ExperimentConfig::training, &TrainingConfig::checkpoint_ring).key;
  throw ConfigError("--at", ring.empty() ? "the run keeps no checkpoints to rewind to (" + ringKey +
                                               " was 0, or it "
                                               "ended before its first checkpoint)"
                                         : "no readable checkpoint at or before step " + std::to_string(atStep) +
                                               "; its ring has steps " + steps + " (" + ringKey + " sets how many)");
}

// The parent's record files (metrics.h5, samples.h5, ..., log.txt); not its run.json,
// user.json, lock or checkpoints.
void copyRecord(const fs::path& from, const fs::path& to) {
  for (const auto& entry : fs::directory_iterator(from)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file() || name.empty() || name[0] == '.' || name == "run.json" || name == "user.json")
      continue;
    fs::copy_file(entry.path(), to / name);
  }
}

// The child goes on in the parent's data order from the checkpoint's position: what
// decides the order or the batches stays, as for a resume; the rest must validate.
// The changed config, as JSON.
nlohmann::json changedConfig(const ExperimentConfig& parent, nlohmann::json configJson,
                             const std::vector<std::string>& changes) {
  for (const auto& c : changes) applyOverride(configJson, c);
  const ExperimentConfig changed = parseConfig(configJson);
  for (const auto& field : configFields())
    if (field.fixed_on_resume && field.value(parent) != field.value(changed))
      throw ConfigError(field.key,
                        "a fork goes on in the parent's data order from its checkpoint, so this cannot change; "
                        "start a new run instead");
  return toJson(changed);
}

}  // namespace

std::vector<RingCheckpoint> rewindPoints(const std::string& runDir) {
  return ringCheckpoints(RunRecord::checkpointsDirOf(runDir));
}

nlohmann::json recordedConfig(const std::string& runDir) {
  return readJsonObject(fs::path(runDir) / "run.json").value("config", nlohmann::json::object());
}

Problems forkChangeProblems(const nlohmann::json& parentConfig, const std::vector<std::string>& changes) {
  try {
    changedConfig(parseConfig(parentConfig), parentConfig, changes);
    return {};
  } catch (const ConfigError& e) {
    return e.problems();
  } catch (const std::exception& e) {
    return {{"", e.what()}};
  }
}

ForkedRun forkRunFolder(const std::string& parentDir, int64_t atStep, const std::vector<std::string>& changes) {
  RunRecord parent = RunRecord::open(parentDir);
  std::unique_ptr<RunLock> lock;  // held while its record is copied: nobody resumes it meanwhile
  try {
    lock = RunLock::acquire(parent.dir(), "trainscope-cli fork");
  } catch (const RunLockedError& e) {
    throw ConfigError(parentDir, std::string(e.what()) + "; stop it first: the fork copies its record");
  }
  const RingCheckpoint start = chooseCheckpoint(parent, atStep);
  const nlohmann::json configJson = parent.info().value("config", nlohmann::json::object());
  const ExperimentConfig config = parseConfig(configJson);
  const nlohmann::json childConfig = changedConfig(config, configJson, changes);
  const std::string stem = config.run_name.empty() ? modelAndDataset(config) : config.run_name;
  RunRecord child = RunRecord::create(parent.dir().parent_path().string(), stem + "-fork");
  try {
    copyRecord(parent.dir(), child.dir());
    copyFileAtomically(start.path, child.lastCheckpoint());
    const CheckpointSummary at = inspectCheckpoint(child.lastCheckpoint().string());
    nlohmann::json info = parent.info();
    info["name"] = info.value("name", parent.dir().filename().string()) + " fork@" + std::to_string(start.step);
    info["parent"] = {{"run", parent.dir().string()},
                      {"id", parent.dir().filename().string()},
                      {"step", start.step},
                      {"epochs_done", at.epochs_done},
                      {"changes", changes}};
    info["checkpoint"] = {{"step", at.step}, {"epochs_done", at.epochs_done}, {"batch_in_epoch", at.batch_in_epoch}};
    info["config"] = childConfig;
    if (auto& hits = info["breakpoints"]; hits.is_array())  // the parent's after the fork are not the child's
      hits.erase(std::remove_if(hits.begin(), hits.end(),
                                [&](const nlohmann::json& h) { return h.value("step", int64_t{0}) > start.step; }),
                 hits.end());
    else
      info.erase("breakpoints");
    info["status"] = "stopped";
    std::string why;
    if (!writeFileAtomically(child.dir() / "run.json",
                             info.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n", &why))
      throw std::runtime_error((child.dir() / "run.json").string() + ": " + why);
  } catch (...) {
    std::error_code ec;
    fs::remove_all(child.dir(), ec);  // nothing was recorded in it yet
    throw;
  }
  return {child.dir().string(), start.step};
}

}  // namespace trainscope
