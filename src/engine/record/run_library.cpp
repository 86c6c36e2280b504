#include "engine/record/run_library.h"

#include "engine/config/file_input.h"
#include "engine/record/run_lock.h"
#include "engine/record/run_repair.h"
#include "engine/system/atomic_file.h"
#include "engine/system/usable_cores.h"

#include "engine/config/config.h"
#include "engine/config/config_fields.h"

#include "engine/record/h5_columns.h"
#include "engine/record/metrics_file.h"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_map>

namespace fs = std::filesystem;

namespace trainscope {

namespace {
// Whether `d` holds a run's files (a symlink loop in run.json's place counts: the run
// is listed as damaged, and must not end the listing of the others).
bool holdsRunFiles(const fs::path& d) {
  for (const char* name : {"run.json", "metrics.h5", "checkpoints"})
    if (entryExists(d / name)) return true;
  return false;
}

template <typename T>
T get(const nlohmann::json& j, const nlohmann::json::json_pointer& p, T fallback) {
  if (!j.contains(p)) return fallback;
  const auto& v = j.at(p);
  if constexpr (std::is_same_v<T, std::string>)
    return v.is_string() ? v.get<std::string>() : fallback;
  else
    return v.is_number() ? v.get<T>() : fallback;
}

// Finished runs as last read, by folder, with the times and sizes of the files they were
// read from: a runs folder of 10,000 lists again by looking at 20,000 file times. A run
// still running (or left so) is read every time: its status depends on the clock.
struct FileStamp {
  int64_t modified_ns = -1, size = -1;
  bool operator==(const FileStamp& o) const { return modified_ns == o.modified_ns && size == o.size; }
};
FileStamp stampOf(const fs::path& p) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return {};
  return {static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec, st.st_size};
}
struct CachedEntry {
  FileStamp run, user;
  RunEntry entry;
};
std::mutex cacheMutex;
std::unordered_map<std::string, CachedEntry> entryCache;

void forgetCachedEntry(const fs::path& dir) {
  std::lock_guard<std::mutex> lock(cacheMutex);
  entryCache.erase(dir.string());
}

RunEntry cachedRunEntry(const fs::path& dir) {
  const FileStamp run = stampOf(dir / "run.json"), user = stampOf(dir / "user.json");
  {
    std::lock_guard<std::mutex> lock(cacheMutex);
    const auto it = entryCache.find(dir.string());
    if (it != entryCache.end() && it->second.run == run && it->second.user == user) return it->second.entry;
  }
  RunEntry entry = readRunEntry(dir.string());
  const bool settled = entry.status == "finished" || entry.status == "stopped" || entry.status == "failed";
  std::lock_guard<std::mutex> lock(cacheMutex);
  if (settled && run.modified_ns >= 0)
    entryCache[dir.string()] = {run, user, entry};
  else
    entryCache.erase(dir.string());
  return entry;
}

void writeUserJson(const fs::path& dir, const std::function<void(nlohmann::json&)>& change) {
  forgetCachedEntry(dir);  // a second change within the clock's resolution keeps the file's time
  const fs::path path = dir / "user.json";
  nlohmann::json j = nlohmann::json::object();
  if (fs::exists(path)) {
    try {
      j = readJsonObject(path);
    } catch (const std::exception&) {  // a damaged user.json is replaced
    }
  }
  change(j);
  std::string why;
  const bool written = writeFileAtomically(path, j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n",
                                           &why);  // else the old file stays
  forgetCachedEntry(dir);                          // a listing between the first forget and the write read the old one
  if (!written) throw std::runtime_error("cannot write " + path.string() + ": " + why);
}

double ageSeconds(const fs::path& p) {
  std::error_code ec;
  const auto t = fs::last_write_time(p, ec);
  if (ec) return 1e18;
  return std::chrono::duration<double>(fs::file_time_type::clock::now() - t).count();
}
}  // namespace

namespace {
// The user's name, note and tags for the run (user.json), when there are any.
void readAnnotations(const fs::path& dir, RunEntry& e) {
  std::error_code missing;  // the throwing exists() would escape into the app's slots
  if (!fs::exists(dir / "user.json", missing)) return;
  try {
    const nlohmann::json user = readJsonObject(dir / "user.json");
    if (user.contains("name") && user["name"].is_string() && !user["name"].get<std::string>().empty())
      e.name = user["name"].get<std::string>();
    if (user.contains("note") && user["note"].is_string()) e.note = user["note"].get<std::string>();
    if (user.contains("tags") && user["tags"].is_array())
      for (const auto& t : user["tags"])
        if (t.is_string()) e.tags.push_back(t.get<std::string>());
  } catch (const std::exception&) {  // annotations are optional; the run still lists
  }
}
}  // namespace

RunEntry readRunEntry(const std::string& dirText, double staleAfterSeconds) {
  RunEntry e;
  const fs::path dir(dirText);
  e.dir = dir.string();
  e.id = dir.filename().string();
  e.name = e.id;
  try {
    const nlohmann::json run = readJsonObject(dir / "run.json");
    using P = nlohmann::json::json_pointer;
    e.name = get<std::string>(run, P("/name"), e.id);
    e.status = get<std::string>(run, P("/status"), "unknown");
    e.source = get<std::string>(run, P("/source"), "");
    e.config = run.contains("config") && run["config"].is_object() ? run["config"] : nlohmann::json::object();
    e.model = get<std::string>(e.config, P(configField(&ExperimentConfig::model, &ModelConfig::name).pointer()), "");
    e.dataset = get<std::string>(
        run, P("/dataset/description"),
        get<std::string>(e.config, P(configField(&ExperimentConfig::dataset, &DatasetConfig::kind).pointer()), ""));
    e.optimizer =
        get<std::string>(e.config, P(configField(&ExperimentConfig::optimizer, &OptimizerConfig::name).pointer()), "");
    e.scheduler =
        get<std::string>(e.config, P(configField(&ExperimentConfig::scheduler, &SchedulerConfig::name).pointer()), "");
    e.lr = get<double>(e.config, P(configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr).pointer()),
                       std::nan(""));
    e.weight_decay = get<double>(
        e.config, P(configField(&ExperimentConfig::optimizer, &OptimizerConfig::weight_decay).pointer()), std::nan(""));
    e.batch_size =
        get<int64_t>(e.config, P(configField(&ExperimentConfig::loader, &LoaderConfig::batch_size).pointer()), 0);
    e.epochs = get<int64_t>(e.config, P(configField(&ExperimentConfig::epochs).pointer()), 0);
    if (!e.source.empty()) {  // a script's own config: the names its users give these
      e.model =
          get<std::string>(e.config, P("/model"), e.source == "tensorboard" ? "TensorBoard" : e.source + " script");
      e.optimizer = get<std::string>(e.config, P("/optimizer"), "");
      e.lr = get<double>(e.config, P("/lr"), get<double>(e.config, P("/learning_rate"), std::nan("")));
      e.batch_size = get<int64_t>(e.config, P("/batch_size"), 0);
      e.epochs = get<int64_t>(e.config, P("/epochs"), 0);
    }
    e.seed = get<uint64_t>(run, P("/seed"), 0);
    e.epochs_completed = get<int64_t>(run, P("/epochs_completed"), 0);
    e.steps = get<int64_t>(run, P("/steps"), 0);
    e.stopped_early_after = get<int64_t>(run, P("/early_stopping/stopped_after_epoch"), 0);
    e.world_size = std::max(1, get<int>(run, P("/world_size"), 1));
    e.parent = get<std::string>(run, P("/parent/id"), "");
    e.fork_step = get<int64_t>(run, P("/parent/step"), 0);
    e.best_val_accuracy = get<double>(run, P("/best_val_accuracy"), std::nan(""));
    e.final_val_accuracy = get<double>(run, P("/final_val_accuracy"), std::nan(""));
    e.train_seconds = get<double>(run, P("/train_seconds"), 0.0);
    e.start_time = get<std::string>(run, P("/start_time"), "");
    // A run that says it trains but whose writer is gone: its lock is free (runs of
    // older versions, without a lock file, by the age of their files).
    const bool active = e.status == "running" || e.status == "paused" || e.status == "starting";
    std::error_code ec;
    const bool locked = fs::exists(dir / ".lock", ec);
    if (active && locked && RunLock::holder(dir).empty()) {
      e.status = "interrupted";
      try {  // its writer is gone: make its HDF5 files open plainly again (run_repair.h)
        repairRun(dir.string(), /*setAsideDamage=*/false);
      } catch (const std::exception&) {  // a writer took it meanwhile, or read-only: list it as it is
      }
    } else if (active && !locked && e.status == "running" && ageSeconds(dir / "metrics.h5") > staleAfterSeconds &&
               ageSeconds(dir / "run.json") > staleAfterSeconds) {
      e.status = "interrupted";
    }
  } catch (const std::exception& ex) {
    e.status = "damaged";
    e.damage = ex.what();
  }
  readAnnotations(dir, e);
  return e;
}

std::filesystem::path runFolderPath(const std::string& dir) {
  std::filesystem::path p = std::filesystem::absolute(dir).lexically_normal();
  return p.has_filename() ? p : p.parent_path();
}

std::vector<RunEntry> listRuns(const std::string& runsDir) {
  std::vector<fs::path> dirs;
  std::error_code ec;
  for (const auto& item : fs::directory_iterator(runsDir, ec))
    if (item.is_directory(ec) && holdsRunFiles(item.path())) dirs.push_back(item.path());
  // Read on the usable cores: a first listing of 10,000 runs parses 10,000 run.json files.
  std::vector<RunEntry> out(dirs.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < dirs.size(); i = next++) out[i] = cachedRunEntry(dirs[i]);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < (dirs.size() < 64 ? 1 : usableCores().count); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  // Newest first: run folders end in -YYYYmmdd-HHMMSS, start times sort as text.
  std::sort(out.begin(), out.end(), [](const RunEntry& a, const RunEntry& b) {
    return a.start_time != b.start_time ? a.start_time > b.start_time : a.id > b.id;
  });
  return out;
}

void setRunName(const std::string& dir, const std::string& name) {
  writeUserJson(dir, [&](nlohmann::json& j) { j["name"] = name; });
}
void setRunTags(const std::string& dir, const std::vector<std::string>& tags) {
  writeUserJson(dir, [&](nlohmann::json& j) { j["tags"] = tags; });
}
void setRunNote(const std::string& dir, const std::string& note) {
  writeUserJson(dir, [&](nlohmann::json& j) { j["note"] = note; });
}

void deleteRun(const std::string& dir) {
  const fs::path d(dir);
  // A guard against deleting something that is not a run folder.
  if (!holdsRunFiles(d)) throw std::runtime_error(dir + " is not a run folder");
  if (const std::string who = RunLock::holder(d); !who.empty())
    throw RunLockedError(dir + " is being written by " + who + ": stop it before deleting it");
  std::error_code ec;
  forgetCachedEntry(d);
  fs::remove_all(d, ec);
  if (ec) throw std::runtime_error("cannot delete " + dir + ": " + ec.message());
}

RunCurves readRunCurves(const std::string& dir) {
  const MetricsFile::Contents c = MetricsFile::read((fs::path(dir) / "metrics.h5").string());
  RunCurves out;
  auto toColumns = [](const std::vector<std::string>& names, const std::vector<H5Columns::Row>& rows,
                      std::map<std::string, std::vector<double>>& columns) {
    for (size_t i = 0; i < names.size(); ++i) {
      auto& col = columns[names[i]];
      col.reserve(rows.size());
      for (const auto& r : rows) col.push_back(i < r.size() ? r[i] : std::nan(""));
    }
  };
  toColumns(c.step_columns, c.steps, out.steps);
  toColumns(c.epoch_columns, c.epochs, out.epochs);
  for (const auto& [name, s] : c.scalars) out.scalars[name] = NamedCurve{s.step, s.wall_time, s.value};
  const fs::path probes = fs::path(dir) / "probes.h5";
  if (fs::exists(probes)) {
    try {
      out.probes["step"] = h5ReadDoubles(probes.string(), "/step");
      out.probes["grad_norm"] = h5ReadDoubles(probes.string(), "/grad_norm");
      const size_t n =
          std::min(out.probes["step"].size(), out.probes["grad_norm"].size());  // a live writer may be mid-row
      out.probes["step"].resize(n);
      out.probes["grad_norm"].resize(n);
    } catch (const std::exception&) {  // the curves still show; only the gradient norm is missing
      out.probes.clear();
    }
  }
  return out;
}

nlohmann::json fieldValue(const nlohmann::json& config, const std::string& dotted) {
  const nlohmann::json* at = &config;
  size_t start = 0;
  while (start <= dotted.size()) {
    const size_t dot = dotted.find('.', start);
    const std::string key = dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (!at->is_object() || !at->contains(key)) return nullptr;
    at = &(*at)[key];
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return *at;
}

std::vector<std::string> differingFields(const std::vector<nlohmann::json>& configs) {
  std::vector<std::string> order;
  std::set<std::string> seen;
  // Leaves of every config, in key order (nlohmann::json objects are sorted).
  std::function<void(const nlohmann::json&, const std::string&)> collect = [&](const nlohmann::json& j,
                                                                               const std::string& prefix) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string path = prefix.empty() ? it.key() : prefix + "." + it.key();
      if (it->is_object())
        collect(*it, path);
      else if (seen.insert(path).second)
        order.push_back(path);
    }
  };
  for (const auto& c : configs)
    if (c.is_object()) collect(c, "");
  std::vector<std::string> out;
  for (const auto& f : order) {
    bool differs = false;
    for (size_t i = 1; i < configs.size() && !differs; ++i)
      differs = fieldValue(configs[i], f) != fieldValue(configs[0], f);
    if (differs) out.push_back(f);
  }
  return out;
}

}  // namespace trainscope
