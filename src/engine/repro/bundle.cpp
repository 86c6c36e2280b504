#include "engine/repro/bundle.h"

#include "engine/config/config.h"
#include "engine/config/file_input.h"
#include "engine/record/metrics_file.h"
#include "engine/record/run_library.h"
#include "engine/repro/input_fingerprint.h"
#include "engine/repro/sha256.h"
#include "engine/repro/tar_archive.h"
#include "engine/system/host_info.h"
#include "engine/system/versions.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;

namespace trainscope {

namespace {

constexpr size_t kReferenceSteps = 1000;  // losses kept for verify --steps (at most)

// The epochs a run started with, and the step where a resume changed them (-1: never).
// A resume with more epochs changes the learning-rate schedule from there on: verify
// re-runs the steps before it with the epochs they were trained with.
nlohmann::json scheduleHistory(const nlohmann::json& info, int64_t finalEpochs) {
  const nlohmann::json resumes = info.value("resumes", nlohmann::json::array());
  int64_t atStart = finalEpochs, changedAt = -1;
  for (size_t k = resumes.size(); k-- > 0;) {  // backwards: the epochs in force after each resume are known
    const nlohmann::json& r = resumes[k];
    if (!r.is_object() || !r.contains("epochs_before") || !r["epochs_before"].is_number_integer()) continue;
    const int64_t before = r["epochs_before"].get<int64_t>();
    if (before != atStart) changedAt = r.value("step", int64_t{0});
    atStart = before;
  }
  return {{"epochs_at_start", atStart}, {"epochs_changed_at_step", changedAt}};
}

std::string isoTimeNow() {
  const std::time_t t = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", std::localtime(&t));
  return text;
}

// The first recorded steps: step, loss and accuracy columns of metrics.h5's /steps.
nlohmann::json referenceSteps(const fs::path& metrics) {
  const MetricsFile::Contents m = MetricsFile::read(metrics.string());
  auto column = [&](const char* name) {
    const auto it = std::find(m.step_columns.begin(), m.step_columns.end(), name);
    if (it == m.step_columns.end()) throw std::runtime_error(metrics.string() + " has no steps/" + name);
    return static_cast<size_t>(it - m.step_columns.begin());
  };
  const size_t step = column("step"), loss = column("loss"), accuracy = column("accuracy");
  nlohmann::json r{
      {"step", nlohmann::json::array()}, {"loss", nlohmann::json::array()}, {"accuracy", nlohmann::json::array()}};
  for (size_t i = 0; i < m.steps.size() && i < kReferenceSteps; ++i) {
    r["step"].push_back(static_cast<int64_t>(m.steps[i][step]));
    r["loss"].push_back(m.steps[i][loss]);
    r["accuracy"].push_back(m.steps[i][accuracy]);
  }
  return r;
}

}  // namespace

BundleWritten writeBundle(const std::string& runDir, const std::string& out) {
  const fs::path run = runFolderPath(runDir);
  const fs::path runName = run.filename();
  // A bundle packs the run's own files: a link among them (checkpoints/last.pt ->
  // /etc/passwd in a handed-in run) is refused by name, never followed.
  for (const fs::path& member :
       {run, run / "run.json", run / "metrics.h5", run / "checkpoints", run / "checkpoints" / "last.pt"})
    if (fs::is_symlink(fs::symlink_status(member)))
      throw BadInput(member.string() +
                     " is a symbolic link: a bundle packs the run's own files, never what a link points to");
  const nlohmann::json info = readJsonObject(run / "run.json");
  if (!info.contains("config") || !info["config"].is_object())
    throw BadInput((run / "run.json").string() + " records no config");
  if (!fs::exists(run / "metrics.h5")) throw BadInput(runDir + " has no metrics.h5: the run never stepped");
  const ExperimentConfig config = parseConfig(info["config"]);

  BundleWritten w;
  w.file = out.empty() ? (run.parent_path() / (runName.string() + ".bundle.tar")).string() : out;
  requireOutputFile(w.file, out.empty() ? "" : "--out");
  nlohmann::json b;
  b["format"] = "trainscope-bundle";
  b["format_version"] = 1;
  b["created"] = isoTimeNow();
  b["run"] = {{"name", info.value("name", runName.string())},
              {"folder", runName.string()},
              {"status", info.value("status", "")},
              {"steps", info.value("steps", 0)}};
  b["config"] = info["config"];
  b["schedule"] = scheduleHistory(info, config.epochs);
  b["seed"] = config.seed;
  b["deterministic"] = config.deterministic;
  b["device"] = info.value("device", "");
  b["threads"] = info.value("threads", 0);
  b["world_size"] = info.value("world_size", 1);
  b["versions"] = info.value("versions", nlohmann::json::object());
  const LibraryVersions v = libraryVersions();
  b["bundled_by"] = {{"trainscope", v.trainscope}, {"host", hostName()}};
  // The machine the run started on (run.json), else this one: a bundle is made where the run was.
  b["machine"] = {{"host", info.value("host", hostName())},
                  {"cpu", info.value("cpu", cpuModel())},
                  {"cores", std::thread::hardware_concurrency()}};
  b["inputs"] = fingerprintInputs(config);
  b["reference"] = referenceSteps(run / "metrics.h5");
  w.dataset_files = datasetFileCount(b["inputs"]);
  w.reference_steps = static_cast<int64_t>(b["reference"]["loss"].size());
  if (w.reference_steps == 0) throw BadInput(runDir + ": metrics.h5 records no step yet");

  const std::string configText = info["config"].dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const std::string runText = info.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  b["members"] = {{"config.json", sha256Hex(configText)}, {"run.json", sha256Hex(runText)}};
  const fs::path last = run / "checkpoints" / "last.pt";
  if (entryExists(last)) {
    requireRegularFile(last);
    w.checkpoint = "checkpoints/last.pt";
    b["members"][w.checkpoint] = sha256File(last.string());
  }
  TarWriter tar(w.file);
  tar.addBytes("bundle.json", b.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
  tar.addBytes("config.json", configText);
  tar.addBytes("run.json", runText);
  if (!w.checkpoint.empty()) tar.addFile(w.checkpoint, last.string());
  tar.close();
  w.bytes = fs::file_size(w.file);
  return w;
}

}  // namespace trainscope
