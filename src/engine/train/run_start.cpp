#include "engine/train/run_start.h"

#include "engine/record/run_record.h"
#include "engine/system/host_info.h"
#include "engine/system/usable_cores.h"
#include "engine/system/versions.h"

namespace trainscope {

void recordRunStart(const ExperimentConfig& cfg, RunStartFacts& f, nlohmann::json& info) {
  const LibraryVersions v = libraryVersions();
  // The session named the run (config/run_name.h); older records have only the experiment name.
  if (!info.contains("name")) info["name"] = cfg.name;
  f.name = info["name"].get<std::string>();
  info["config"] = toJson(cfg);
  info["seed"] = cfg.seed;
  info["versions"] = {{"trainscope", v.trainscope}, {"libtorch", v.libtorch}, {"opencv", v.opencv}, {"hdf5", v.hdf5}};
  info["device"] = f.device;
  info["threads"] = f.threads;
  const UsableCores cores = usableCores();
  info["cores"] = {{"usable", cores.count},
                   {"host", cores.host},
                   {"affinity", cores.affinity},
                   {"quota", cores.quota},
                   {"reason", cores.reason().english()}};
  info["host"] = hostName();
  info["cpu"] = cpuModel();
  info["dataset"] = {{"description", f.dataset},
                     {"classes", f.classes},
                     {"train_samples", f.train_samples},
                     {"val_samples", f.val_samples},
                     {"input_shape", f.input_shape}};
  info["status"] = "running";
  info["reason"] = "";
  info["steps_per_epoch"] = f.steps_per_epoch;
}

RunStarted runStartedEvent(const ExperimentConfig& cfg, const RunStartFacts& f) {
  RunStarted started;
  started.run_dir = f.run_dir;
  started.name = f.name.empty() ? cfg.name : f.name;
  started.device = f.device;
  started.threads = f.threads;
  started.dataset = f.dataset;
  started.train_samples = f.train_samples;
  started.val_samples = f.val_samples;
  started.classes = f.classes;
  started.steps_per_epoch = f.steps_per_epoch;
  started.total_steps = f.total_steps;
  started.layers = f.layers;
  started.probes = f.probes;
  started.histogram_every = f.probes ? cfg.probes.histogram_every : 0;
  started.resumed = f.resumed;
  started.resumed_at_step = f.resumed_at_step;
  return started;
}

void recordResume(nlohmann::json& info, int64_t step, int64_t epoch, int64_t epochs) {
  // info["config"] is still the config the run had: the new one is recorded at its start.
  const nlohmann::json before = info.value("config", nlohmann::json::object());
  const int64_t epochsBefore = before.is_object() ? before.value("epochs", epochs) : epochs;
  info["resumes"].push_back(
      {{"time", isoTimeNow()}, {"step", step}, {"epoch", epoch}, {"epochs_before", epochsBefore}});
}

}  // namespace trainscope
