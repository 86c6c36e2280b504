#include "engine/train/script_run.h"

#include "engine/config/problem.h"
#include "engine/run/metric_fields.h"
#include "engine/system/host_info.h"
#include "engine/system/install_paths.h"
#include "engine/system/versions.h"
#include "engine/train/script_run_impl.h"

#include <unistd.h>

#include <cmath>
#include <filesystem>

namespace trainscope {

namespace {
constexpr auto kFlushEvery = std::chrono::milliseconds(1000);  // the app follows within 2 s

}  // namespace

void ScriptRun::Impl::post(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> hold(mutex);
    jobs.push_back(std::move(job));
  }
  wake.notify_one();
}

void ScriptRun::Impl::waitIdle() {
  std::unique_lock<std::mutex> hold(mutex);
  idle.wait(hold, [&] { return jobs.empty() && !busy; });
}

void ScriptRun::Impl::flushDue() {
  if (metrics) metrics->flushIfDue(kFlushEvery);
  if (probes) probes->flushIfDue(kFlushEvery);
  if (tensorboard && metrics) tensorboard->flushIfDue();
}

void ScriptRun::Impl::loop() {
  std::unique_lock<std::mutex> hold(mutex);
  while (true) {
    wake.wait_for(hold, kFlushEvery / 2, [&] { return stopping || !jobs.empty(); });
    if (jobs.empty() && stopping) break;
    busy = true;
    std::deque<std::function<void()>> batch;
    batch.swap(jobs);
    hold.unlock();
    std::string failed;
    for (auto& job : batch) {
      try {
        job();
      } catch (const std::exception& e) {
        if (failed.empty()) failed = e.what();
      }
    }
    try {
      flushDue();
    } catch (const std::exception& e) {
      if (failed.empty()) failed = e.what();
    }
    hold.lock();
    if (error.empty() && !failed.empty()) error = failed;
    busy = false;
    if (jobs.empty()) idle.notify_all();
  }
}

ScriptRun::ScriptRun(const ScriptRunOptions& o) : impl_(std::make_unique<Impl>()), owner_(getpid()) {
  Impl& m = *impl_;
  const std::string name = o.name.empty() ? "python-run" : o.name;
  m.record = std::make_unique<RunRecord>(RunRecord::create(runsFolder(o.runs_dir), name));
  folder_ = m.record->dir().string();
  try {
    open(o, name);
  } catch (...) {  // a run that never began leaves no folder behind (one holding only .lock and checkpoints/)
    m.metrics.reset(), m.tensorboard.reset(), m.lock.reset();
    std::error_code ignored;
    std::filesystem::remove_all(folder_, ignored);
    throw;
  }
  m.row = rowOfNaNs<StepMetrics>();
  m.thread = std::thread([&m] { m.loop(); });
}

void ScriptRun::open(const ScriptRunOptions& o, const std::string& name) {
  Impl& m = *impl_;
  m.lock = RunLock::acquire(m.record->dir(), o.source + " script" + (o.command.empty() ? "" : " " + o.command));
  m.startTime = m.lastEpochTime = unixTimeNow();
  auto& info = m.record->info();
  const LibraryVersions v = libraryVersions();
  info["name"] = name;
  info["source"] = o.source;
  info["command"] = o.command;
  info["config"] = o.config.is_object() ? o.config : nlohmann::json::object();
  info["versions"] = {{"trainscope", v.trainscope}, {"libtorch", v.libtorch}, {"opencv", v.opencv}, {"hdf5", v.hdf5}};
  info["host"] = hostName();
  info["cpu"] = cpuModel();
  info["dataset"] = {{"description", "from a " + o.source + " script"}};
  info["status"] = "running";
  info["reason"] = "";
  info["start_time"] = isoTimeNow();
  m.record->save();
  m.record->keepSpareSpace();
  m.record->appendLog(isoTimeNow() + " started by a " + o.source + " script" +
                      (o.command.empty() ? "" : ": " + o.command));
  m.metrics = MetricsFile::create(m.record->metricsPath().string(), name);
  if (o.tensorboard) {  // the files mirror what they record into the event file
    m.tensorboard = std::make_shared<LiveTensorBoard>(folder_);
    m.metrics->mirrorTo(m.tensorboard);
  }
}

ScriptRun::~ScriptRun() {
  if (getpid() != owner_) {
    // A forked child's copy: the writer thread is not in this process, its mutex may be
    // held and its condition variable waited on (destroying it would wait for ever), and
    // the files and the lock are the parent's. Nothing of it is destroyed, joined or flushed.
    (void)impl_.release();
    return;
  }
  if (!finished_) {
    try {
      finish(RunState::Failed, "the script ended without calling finish()");
    } catch (...) {  // a destructor must not throw; the lock is released below regardless
    }
  }
  if (impl_->thread.joinable()) {
    {
      std::lock_guard<std::mutex> hold(impl_->mutex);
      impl_->stopping = true;
    }
    impl_->wake.notify_one();
    impl_->thread.join();
  }
}

void ScriptRun::Impl::commitRow() {
  if (!rowOpen) return;
  rowOpen = false;
  post([this, r = row, scalars = std::move(rowScalars)] {
    metrics->append(r);
    for (const auto& [name, value] : scalars) metrics->appendScalar(name, r.step, r.wall_time, value);
  });
  rowScalars.clear();
  row = rowOfNaNs<StepMetrics>();
}

void ScriptRun::log(const NamedValues& values, int64_t step) {
  Impl& m = *impl_;
  if (finished_) throw std::logic_error("log: the run has finished");
  if (step < 0) step = m.lastStep + 1;
  if (m.rowOpen && step != m.row.step) m.commitRow();
  if (!m.rowOpen) {
    m.row.step = step;
    m.row.wall_time = unixTimeNow();
    const double into = m.stepsPerEpoch > 0 ? double(step - m.lastEpochStep) / double(m.stepsPerEpoch) : 0.0;
    m.row.epoch = double(m.epochsDone) + into;
    m.rowOpen = true;
  }
  for (const auto& [name, value] : values) {
    const auto* column = metricColumn<StepMetrics>(name);
    if (column && name != "step" && name != "epoch" && name != "wall_time")
      column->set(m.row, value);
    else
      m.rowScalars.emplace_back(name, value);
  }
  m.lastStep = std::max(m.lastStep, step);
}

void ScriptRun::logEpoch(const NamedValues& values, int64_t epoch) {
  Impl& m = *impl_;
  if (finished_) throw std::logic_error("log_epoch: the run has finished");
  m.commitRow();
  if (epoch < 0) epoch = m.epochsDone + 1;
  EpochMetrics e = rowOfNaNs<EpochMetrics>();
  e.epoch = epoch;
  e.step = m.lastStep;
  e.wall_time = unixTimeNow();
  e.duration = e.wall_time - m.lastEpochTime;
  NamedValues scalars;
  for (const auto& [name, value] : values) {
    const auto* column = metricColumn<EpochMetrics>(name);
    if (column && name != "epoch" && name != "step" && name != "wall_time")
      column->set(e, value);
    else
      scalars.emplace_back(name, value);
  }
  if (m.epochsDone == 0 && m.lastStep > 0) m.stepsPerEpoch = m.lastStep;
  m.epochsDone = std::max(m.epochsDone, epoch);
  m.lastEpochStep = m.lastStep;
  m.lastEpochTime = e.wall_time;
  const bool best = std::isfinite(e.val_accuracy) && e.val_accuracy > m.bestValAccuracy;
  if (best) m.bestValAccuracy = e.val_accuracy;
  // Predictions first, then the epoch row: a reader that sees the epoch finds its files.
  m.writePredictionFiles();
  m.post([&m, e, scalars, best, spe = m.stepsPerEpoch] {
    m.metrics->append(e);
    for (const auto& [name, value] : scalars) m.metrics->appendScalar(name, e.step, e.wall_time, value);
    m.metrics->flush();
    auto& info = m.record->info();
    info["epochs_completed"] = e.epoch;
    info["steps"] = e.step;
    info["steps_per_epoch"] = spe;
    if (std::isfinite(e.val_accuracy)) info["final_val_accuracy"] = e.val_accuracy;
    if (std::isfinite(e.val_loss)) info["final_val_loss"] = e.val_loss;
    if (best) info["best_val_accuracy"] = e.val_accuracy, info["best_epoch"] = e.epoch;
    m.record->save();
  });
}

std::string ScriptRun::writeError() const {
  std::lock_guard<std::mutex> hold(impl_->mutex);
  return impl_->error;
}

std::string ScriptRun::finish(RunState state, const std::string& reason) {
  if (finished_) return writeError();
  Impl& m = *impl_;
  std::string failed;
  try {  // the last row, probes and predictions; the run ends even when they fail
    m.commitRow();
    if (m.probing) commitProbes(m.pendingSample.step);
    m.writePredictionFiles();
  } catch (const std::exception& e) {
    failed = e.what();
  }
  finished_ = true;
  m.post([&m] {
    m.metrics.reset();  // flushes and closes: plain h5py opens it now
    m.probes.reset();
    if (m.tensorboard) m.tensorboard->close();
  });
  m.waitIdle();
  if (failed.empty()) failed = writeError();
  const RunState ended = failed.empty() ? state : RunState::Failed;
  const std::string why = failed.empty() ? reason : (reason.empty() ? "" : reason + "; ") + "a write failed: " + failed;
  try {
    auto& info = m.record->info();
    info["status"] = toString(ended);
    info["reason"] = why;
    info["end_time"] = isoTimeNow();
    info["steps"] = m.lastStep;
    info["train_seconds"] = unixTimeNow() - m.startTime;
    m.record->releaseSpareSpace();
    // The log's last line before the status that ends a follower's reading.
    if (!why.empty() && ended == RunState::Failed) m.record->appendLog(isoTimeNow() + " ERROR " + why);
    m.record->save();
  } catch (const std::exception& e) {
    if (failed.empty()) failed = e.what();
  }
  m.lock.reset();
  return failed;
}

}  // namespace trainscope
