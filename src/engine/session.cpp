#include "engine/session.h"

#include "engine/data/dataset_source.h"
#include "engine/data/fashion_mnist.h"
#include "engine/record/run_record.h"
#include "engine/run/run_control.h"
#include "engine/system/threads.h"
#include "engine/train/trainer.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <thread>

namespace trainscope {

struct TrainingSession::Worker {
  std::thread thread;
  std::atomic<RunState> state{RunState::Starting};
  std::mutex mutex;
  std::condition_variable done;
  bool finished = false;
};

namespace {
void checkStartable(const ExperimentConfig& config) {
  std::vector<std::string> problems = checkDatasetAvailable(config.dataset);
  if (config.device == "cuda" && !cudaAvailable())
    problems.push_back(
        "device: \"cuda\" requested, but this LibTorch has no CUDA or no GPU is present (use \"auto\" or \"cpu\")");
  if (!problems.empty()) throw ConfigError(problems);
}
}  // namespace

std::string builtInDatasetDir() { return findFashionMnistDir(); }

std::unique_ptr<TrainingSession> TrainingSession::start(const ExperimentConfig& config) {
  checkStartable(config);
  std::unique_ptr<TrainingSession> s(new TrainingSession());
  RunRecord record = RunRecord::create(config.runs_dir, config.name);
  record.info()["name"] = config.name;
  record.info()["status"] = "starting";
  record.info()["config"] = toJson(config);
  record.save();
  s->runDir_ = record.dir().string();
  s->launch(config, /*resuming=*/false);
  return s;
}

std::unique_ptr<TrainingSession> TrainingSession::resume(const std::string& runDir,
                                                         const std::vector<std::string>& overrides) {
  RunRecord record = RunRecord::open(runDir);
  if (!std::filesystem::exists(record.lastCheckpoint()))
    throw ConfigError({runDir + ": no checkpoints/last.pt to resume from (the run stopped before its first step?)"});
  nlohmann::json configJson = record.info().value("config", nlohmann::json::object());
  for (const auto& o : overrides) applyOverride(configJson, o);
  ExperimentConfig config = parseConfig(configJson);
  checkStartable(config);
  // The checkpoint's position counts batches of the recorded data order: fields that
  // change the order or the batches would make the resumed run skip or repeat samples.
  const nlohmann::json before = toJson(parseConfig(record.info().value("config", nlohmann::json::object())));
  const nlohmann::json after = toJson(config);
  for (const char* field : {"/seed", "/dataset", "/loader/batch_size", "/loader/shuffle", "/loader/drop_last",
                            "/training/grad_accum_steps"}) {
    const nlohmann::json::json_pointer ptr(field);
    if (before.at(ptr) != after.at(ptr)) {
      std::string name = std::string(field).substr(1);
      std::replace(name.begin(), name.end(), '/', '.');
      throw ConfigError({name +
                         ": cannot change when resuming (the checkpoint's position is in the recorded data order); "
                         "start a new run instead"});
    }
  }
  const auto& info = record.info();
  const int64_t epochsDone = info.value("epochs_completed", int64_t{0}), stepsDone = info.value("steps", int64_t{0});
  if (config.epochs <= epochsDone)
    throw ConfigError({"epochs: the run has already completed " + std::to_string(epochsDone) +
                       " epoch(s); resume with --set epochs=N, N > " + std::to_string(epochsDone) +
                       ", to train further"});
  if (config.training.max_steps > 0 && stepsDone >= config.training.max_steps)
    throw ConfigError({"training.max_steps: the run has already reached " + std::to_string(stepsDone) +
                       " steps; resume with a larger training.max_steps (or 0 for no limit)"});
  std::unique_ptr<TrainingSession> s(new TrainingSession());
  s->runDir_ = record.dir().string();
  s->launch(config, /*resuming=*/true);
  return s;
}

void TrainingSession::launch(ExperimentConfig config, bool resuming) {
  events_ = std::make_shared<EventQueue>();
  control_ = std::make_shared<RunControl>();
  worker_ = std::make_unique<Worker>();
  TrainerContext ctx{std::move(config), RunRecord::open(runDir_), resuming, control_, events_, nullptr};
  Worker* w = worker_.get();
  ctx.onState = [w](RunState s) { w->state = s; };
  w->thread = std::thread([w, ctx = std::move(ctx)]() mutable {
    runTraining(std::move(ctx));
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
void TrainingSession::stop() { control_->requestStop(); }
void TrainingSession::saveTensors(const TensorDumpRequest& request) { control_->requestTensorDump(request); }
bool TrainingSession::paused() const { return control_->pauseRequested(); }
RunState TrainingSession::state() const { return worker_->state.load(); }

bool TrainingSession::waitFinished(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(worker_->mutex);
  return worker_->done.wait_for(lock, timeout, [&] { return worker_->finished; });
}

}  // namespace trainscope
