#include "engine/session.h"

#include "engine/config/config_fields.h"
#include "engine/config/file_input.h"
#include "engine/config/run_name.h"
#include "engine/data/dataset_source.h"
#include "engine/data/fashion_mnist.h"
#include "engine/record/run_lock.h"
#include "engine/record/run_record.h"
#include "engine/record/run_repair.h"
#include "engine/run/run_control.h"
#include "engine/system/install_paths.h"
#include "engine/system/threads.h"
#include "engine/train/checkpoint_file.h"
#include "engine/train/distributed/process_group.h"
#include "engine/train/trainer.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <unistd.h>

namespace trainscope {

struct TrainingSession::Worker {
  std::thread thread;
  std::unique_ptr<RunLock> lock;  // the run folder's one writer, until training ends
  std::atomic<RunState> state{RunState::Starting};
  std::mutex mutex;
  std::condition_variable done;
  bool finished = false;
};

namespace {
nlohmann::json problemsJson(const Problems& problems) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& p : problems) out.push_back({{"field", p.field}, {"message", p.message}});
  return out;
}

void checkStartable(const ExperimentConfig& config) {
  Problems problems = checkDatasetAvailable(config.dataset);
  if (config.device == "cuda" && !cudaAvailable())
    problems.push_back({configField(&ExperimentConfig::device).key,
                        "\"cuda\" requested, but this LibTorch has no CUDA or no GPU is present (use \"auto\" or "
                        "\"cpu\")"});
  // Where the run folder goes: a folder that can be one (not /dev/null, not the kernel's trees).
  const std::string runs = runsFolder(config.runs_dir);
  std::error_code ec;
  const std::string runsKey = configField(&ExperimentConfig::runs_dir).key;
  if (entryExists(runs) && !std::filesystem::is_directory(runs, ec))
    problems.push_back({runsKey, runs + " is not a folder: runs are recorded in a folder"});
  else if (isSystemTree(runs))
    problems.push_back({runsKey, runs + " is a system folder (/proc, /sys, /dev): runs are never written there"});
  if (config.run_name.size() > kMaxRunNameBytes)
    problems.push_back({configField(&ExperimentConfig::run_name).key,
                        "is " + std::to_string(config.run_name.size()) + " bytes long; a run's name is at most " +
                            std::to_string(kMaxRunNameBytes) + " bytes (it names the run's folder too)"});
  if (!problems.empty()) throw ConfigError(problems);
}
// What the lock file says of this writer: "trainscope-cli resume".
std::string writerName(const std::string& what) {
#ifdef __GLIBC__
  return std::string(program_invocation_short_name) + " " + what;
#else
  return "trainscope " + what;
#endif
}

// The checkpoint file a resume starts from, checked: it exists and loads. Otherwise
// a ConfigError names it, says why, and offers the newest good one of the run.
std::string checkpointToResume(const RunRecord& record, const std::string& requested) {
  namespace fs = std::filesystem;
  const fs::path dir = record.lastCheckpoint().parent_path();
  const fs::path chosen = requested.empty() ? record.lastCheckpoint() : record.namedCheckpoint(requested);
  const std::string name = chosen.parent_path() == dir ? "checkpoints/" + chosen.filename().string() : chosen.string();
  std::string problem;
  if (!fs::exists(chosen)) {
    problem = requested.empty()
                  ? "no checkpoint to resume from: the run ended before its first checkpoint (" +
                        configField(&ExperimentConfig::training, &TrainingConfig::checkpoint_every_seconds).key +
                        " and " +
                        configField(&ExperimentConfig::training, &TrainingConfig::checkpoint_every_steps).key +
                        " set how often one is written)"
                  : "--from: " + name + " does not exist";
  } else if (const CheckpointSummary c = inspectCheckpoint(chosen.string()); !c.readable) {
    problem = name + " " + c.problem;
  }
  if (problem.empty()) return chosen.string();
  // The newest good checkpoint of the run, to offer instead.
  std::string offer;
  int64_t newest = -1;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() != ".pt" || entry.path() == chosen) continue;
    const CheckpointSummary c = inspectCheckpoint(entry.path().string());
    if (c.readable && c.step > newest) {
      newest = c.step;
      offer = entry.path().filename().string();
    }
  }
  if (!offer.empty())
    problem += "; the newest good checkpoint is checkpoints/" + offer + " (step " + std::to_string(newest) +
               "): resume from it with --from " + offer;
  throw ConfigError(record.dir().string(), problem);
}
}  // namespace

std::string builtInDatasetDir() { return findFashionMnistDir(); }

struct TrainingSession::Prepared {
  ExperimentConfig config;
  bool resuming = false;
  std::string checkpoint, runDir;
  std::unique_ptr<RunLock> lock;
  int followerRank = 0;             // > 0: a data-parallel follower, whose record rank 0 writes
  std::string temporaryCheckpoint;  // a follower's copy of rank 0's, removed at the end
};

namespace {

TrainingSession::Prepared prepareStart(const ExperimentConfig& config) {
  checkStartable(config);
  RunRecord record = RunRecord::create(runsFolder(config.runs_dir),
                                       config.run_name.empty() ? modelAndDataset(config) : config.run_name);
  std::unique_ptr<RunLock> lock;
  try {
    lock = RunLock::acquire(record.dir(), writerName("train"));
    record.info()["name"] = runDisplayName(config, record.dir().filename().string());
    record.info()["experiment"] = config.name;
    record.info()["status"] = "starting";
    record.info()["config"] = toJson(config);
    record.save();
  } catch (...) {  // a run that never began leaves no folder behind (one holding only .lock and checkpoints/)
    lock.reset();
    std::error_code ignored;
    std::filesystem::remove_all(record.dir(), ignored);
    throw;
  }
  TrainingSession::Prepared p;
  p.config = config;
  p.runDir = record.dir().string();
  p.lock = std::move(lock);
  return p;
}

TrainingSession::Prepared prepareResume(const std::string& runDir, const std::vector<std::string>& overrides,
                                        const std::string& checkpoint, int worldSize) {
  RunRecord record = RunRecord::open(runDir);
  // First the lock: a second writer is refused before it reads or changes anything.
  auto lock = RunLock::acquire(record.dir(), writerName("resume"));
  const std::string chosen = checkpointToResume(record, checkpoint);
  nlohmann::json configJson = record.info().value("config", nlohmann::json::object());
  for (const auto& o : overrides) applyOverride(configJson, o);
  ExperimentConfig config = parseConfig(configJson);
  checkStartable(config);
  // The checkpoint's position counts batches of the recorded data order: fields that
  // change the order or the batches would make the resumed run skip or repeat samples.
  const ExperimentConfig before = parseConfig(record.info().value("config", nlohmann::json::object()));
  for (const auto& field : configFields())
    if (field.fixed_on_resume && field.value(before) != field.value(config))
      throw ConfigError(field.key,
                        "cannot change when resuming (the checkpoint's position is in the recorded data order); "
                        "start a new run instead");
  // Where the checkpoint stands, not what run.json last said: they differ for best.pt.
  const CheckpointSummary at = inspectCheckpoint(chosen);
  const int64_t epochsDone = at.epochs_done, stepsDone = at.step;
  if (config.epochs <= epochsDone)
    throw ConfigError(configField(&ExperimentConfig::epochs).key,
                      "the run has already completed " + std::to_string(epochsDone) + " epoch(s); resume with --set " +
                          configField(&ExperimentConfig::epochs).key + "=N, N > " + std::to_string(epochsDone) +
                          ", to train further");
  if (config.training.max_steps > 0 && stepsDone >= config.training.max_steps)
    throw ConfigError(configField(&ExperimentConfig::training, &TrainingConfig::max_steps).key,
                      "the run has already reached " + std::to_string(stepsDone) +
                          " steps; resume with a larger limit (or 0 for no limit)");
  // Each rank's shard and batch count depend on the number of processes: the
  // checkpoint's position means the same batches only with as many.
  const int recorded = record.info().value("world_size", 1);
  if (recorded != worldSize)
    throw ConfigError(record.dir().string(),
                      "trained on " + std::to_string(recorded) + " process(es); resume it on as many (now " +
                          std::to_string(worldSize) + "): the checkpoint's position counts the batches of " +
                          std::to_string(recorded) + " shard(s). docs/distributed.md says how");
  // The checkpoint loads: now the crashed writer's HDF5 marks may go (probes.h5 is
  // kept as probes-until-stepN.h5, which plain h5py must open too).
  clearRunWriteMarks(record.dir().string());
  TrainingSession::Prepared p;
  p.config = config;
  p.resuming = true;
  p.checkpoint = chosen;
  p.runDir = record.dir().string();
  p.lock = std::move(lock);
  return p;
}

std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace

std::unique_ptr<TrainingSession> TrainingSession::start(const ExperimentConfig& config) {
  return launchPrepared(prepareStart(config), nullptr);
}

std::unique_ptr<TrainingSession> TrainingSession::start(const ExperimentConfig& config, const ProcessGroupSpec& group) {
  if (!group.distributed()) return start(config);
  return startRank(group, config.distributed.timeout_seconds, [&] { return prepareStart(config); });
}

std::unique_ptr<TrainingSession> TrainingSession::resume(const std::string& runDir,
                                                         const std::vector<std::string>& overrides,
                                                         const std::string& checkpoint, const ProcessGroupSpec& group) {
  if (!group.distributed()) return launchPrepared(prepareResume(runDir, overrides, checkpoint, 1), nullptr);
  return startRank(group, recordedDistributedTimeout(runDir),
                   [&] { return prepareResume(runDir, overrides, checkpoint, group.world_size); });
}

double recordedDistributedTimeout(const std::string& runDir) {
  try {
    return parseConfig(RunRecord::open(runDir).info().value("config", nlohmann::json::object()))
        .distributed.timeout_seconds;
  } catch (const std::exception&) {  // resume itself says what is wrong with the run
    return DistributedConfig{}.timeout_seconds;
  }
}

std::unique_ptr<TrainingSession> TrainingSession::startRank(const ProcessGroupSpec& spec, double timeoutSeconds,
                                                            const std::function<Prepared()>& prepare) {
  std::shared_ptr<DistributedGroup> group = DistributedGroup::join(spec, timeoutSeconds);
  if (group->leader()) {
    // Whatever happens here, the others hear of it: they wait for these facts.
    Prepared p;
    nlohmann::json facts;
    try {
      p = prepare();
      facts = {{"run_dir", std::filesystem::absolute(p.runDir).string()},
               {"config", toJson(p.config)},
               {"resuming", p.resuming}};
    } catch (const ConfigError& e) {
      facts = {{"error", problemsJson(e.problems())}, {"config_problem", true}};
      group->broadcastText(facts.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
      throw;
    } catch (const std::exception& e) {
      facts = {{"error", problemsJson({{"", e.what()}})}};
      group->broadcastText(facts.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
      throw;
    }
    group->broadcastText(facts.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    if (p.resuming) group->broadcastText(readBytes(p.checkpoint));
    return launchPrepared(std::move(p), group);
  }
  const nlohmann::json facts = nlohmann::json::parse(group->broadcastText(""));
  if (facts.contains("error")) {
    Problems problems;
    for (const auto& p : facts["error"])
      problems.push_back({p.value("field", ""), "rank 0: " + p.value("message", std::string())});
    if (facts.value("config_problem", false)) throw ConfigError(problems);
    throw std::runtime_error(problems.empty() ? "rank 0 could not start" : problems.front().message);
  }
  Prepared p;
  p.config = parseConfig(facts.at("config"));
  p.resuming = facts.value("resuming", false);
  p.runDir = facts.at("run_dir").get<std::string>();
  p.followerRank = group->rank();
  if (p.resuming) {
    const std::string bytes = group->broadcastText("");
    p.temporaryCheckpoint =
        (std::filesystem::temp_directory_path() /
         ("trainscope-rank" + std::to_string(group->rank()) + "-" + std::to_string(getpid()) + ".pt"))
            .string();
    std::ofstream(p.temporaryCheckpoint, std::ios::binary) << bytes;
    p.checkpoint = p.temporaryCheckpoint;
  }
  return launchPrepared(std::move(p), group);
}

std::unique_ptr<TrainingSession> TrainingSession::launchPrepared(Prepared p, std::shared_ptr<DistributedGroup> group) {
  std::unique_ptr<TrainingSession> s(new TrainingSession());
  s->runDir_ = p.runDir;
  s->launch(std::move(p.config), p.resuming, std::move(p.checkpoint), std::move(p.lock), std::move(group),
            p.followerRank, std::move(p.temporaryCheckpoint));
  return s;
}

void TrainingSession::launch(ExperimentConfig config, bool resuming, std::string checkpoint,
                             std::unique_ptr<RunLock> lock, std::shared_ptr<DistributedGroup> group, int followerRank,
                             std::string temporaryCheckpoint) {
  events_ = std::make_shared<EventQueue>();
  control_ = std::make_shared<RunControl>();
  worker_ = std::make_unique<Worker>();
  worker_->lock = std::move(lock);
  TrainerContext ctx{
      std::move(config), followerRank > 0 ? RunRecord::follower(runDir_, followerRank) : RunRecord::open(runDir_),
      resuming,          std::move(checkpoint),
      control_,          events_,
      nullptr,           std::move(group)};
  Worker* w = worker_.get();
  ctx.onState = [w](RunState s) { w->state = s; };
  w->thread = std::thread([w, ctx = std::move(ctx), temporaryCheckpoint]() mutable {
    applyRunThreadNiceness();  // before any worker thread is started from this one
    const RunRecord record = ctx.record;
    record.keepSpareSpace();
    runTraining(std::move(ctx));
    record.releaseSpareSpace();
    std::error_code ec;
    if (!temporaryCheckpoint.empty()) std::filesystem::remove(temporaryCheckpoint, ec);
    w->lock.reset();  // the run's record is complete: another writer may take it
    std::lock_guard<std::mutex> lock(w->mutex);
    w->finished = true;
    w->done.notify_all();
  });
}

TrainingSession::~TrainingSession() {
  if (!worker_) return;
  control_->requestStop();
  if (worker_->thread.joinable()) worker_->thread.join();
}

void TrainingSession::pause() { control_->requestPause(); }
void TrainingSession::pauseAtStep(int64_t step) { control_->pauseAtStep(step); }
void TrainingSession::resume() { control_->requestResume(); }
void TrainingSession::stepOneBatch() { control_->stepOnce(); }
void TrainingSession::stop() { control_->requestStop(); }
void TrainingSession::saveTensors(const TensorDumpRequest& request) { control_->requestTensorDump(request); }
bool TrainingSession::paused() const { return control_->pauseRequested(); }
RunState TrainingSession::state() const { return worker_->state.load(); }

bool TrainingSession::waitFinished(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(worker_->mutex);
  return worker_->done.wait_for(lock, timeout, [&] { return worker_->finished; });
}

}  // namespace trainscope
