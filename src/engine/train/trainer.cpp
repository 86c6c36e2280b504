#include "engine/train/trainer.h"

#include "engine/data/data_loader.h"
#include "engine/inspect/nan_guard.h"
#include "engine/inspect/step_inspection.h"
#include "engine/models/model_factory.h"
#include "engine/record/checkpoint_ring.h"
#include "engine/record/metrics_file.h"
#include "engine/system/atomic_file.h"
#include "engine/system/device.h"
#include "engine/system/error_text.h"
#include "engine/system/thread_adaptation.h"
#include "engine/train/best_epoch.h"
#include "engine/train/breakpoints.h"
#include "engine/train/checkpoint.h"
#include "engine/train/distributed/distributed_training.h"
#include "engine/train/embedding_recorder.h"
#include "engine/train/fine_tuning.h"
#include "engine/train/guard_trip.h"
#include "engine/train/lr_schedule.h"
#include "engine/train/optimizers.h"
#include "engine/train/pitfalls.h"
#include "engine/train/precision.h"
#include "engine/train/run_journal.h"
#include "engine/train/run_messages.h"
#include "engine/train/run_start.h"
#include "engine/train/run_task.h"
#include "engine/train/sample_recorder.h"
#include "engine/train/throughput.h"
#include "engine/train/torch_settings.h"
#include "engine/train/training_data.h"
#include "engine/train/training_step.h"
#include "engine/train/validation.h"
#include "engine/train/weight_average.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace trainscope {

namespace {
using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

class Trainer {
 public:
  explicit Trainer(TrainerContext& ctx) : ctx_(ctx), cfg_(ctx.config), record_(ctx.record) {
    if (ctx.group) dist_ = std::make_unique<DistributedTraining>(ctx.group, cfg_.distributed.bucket_mb);
  }

  void run() {
    bool configProblem = false;
    std::string failure = attempt([&] { setUp(); }, &configProblem);
    if (dist_) {  // every rank starts, or none: a rank left alone would wait in a collective
      const std::string others =
          attempt([&] { failure = dist_->startTogether(failure, model_, writer_ ? &record_.info() : nullptr); });
      if (failure.empty()) failure = others;
      if (failure.empty() && writer_) record_.save();  // run.json's "distributed"
    }
    if (!failure.empty()) return abandon(failure, configProblem);
    failure = attempt([&] { loop(); });
    if (!failure.empty()) fail(failure);
  }

 private:
  // "" when `f` returns; otherwise the failure, readable (a config error or a damaged or
  // special input file flagged as a config problem: exit 2; LibTorch's text in the log).
  template <typename F>
  std::string attempt(F&& f, bool* configProblem = nullptr) {
    return failureOf(
        [&] {
          try {
            f();
          } catch (const c10::Error& e) {
            journal_.detail(e.what());
            throw;
          }
        },
        configProblem);
  }

  void setUp() {
    journal_.setState(RunState::Starting);
    configureRuntime();
    TrainingData data = openTrainingData(cfg_, /*pinMemory=*/device_.is_cuda(), dist_ ? dist_->group().rank() : 0,
                                         dist_ ? dist_->group().size() : 1);
    const DatasetSplits& splits = data.splits;
    takeData(std::move(data));
    buildModel();
    inspection_ = std::make_unique<StepInspection>(
        writer_ ? cfg_ : withoutRecordedInspection(cfg_), model_, record_.dir(), ctx_.events, ctx_.control,
        [this](LogLevel level, const std::string& text) { log(level, text); });
    samples_ = std::make_unique<SampleRecorder>(splits, record_.dir().string(), ctx_.resuming);
    samples_->setWriter(writer_);
    if (writer_ && !task_.criterion.regression)  // the feature map of the Mistakes page
      embeddings_ = std::make_unique<EmbeddingRecorder>(splits, cfg_, record_.dir().string(), ctx_.resuming);
    planSteps();
    openRecord();
    announceStart(splits);
  }

  // Threads, device, anomaly detection and determinism: the process's LibTorch state.
  void configureRuntime() {
    threads_ = configureThreads(dist_ ? threadsPerRank(cfg_.threads, dist_->group().spec()) : cfg_.threads);
    adaptation_ = std::make_unique<ThreadAdaptation>(threads_, threadCountRule(cfg_.threads, cfg_.deterministic),
                                                     systemCpuContention(), [](int n) { configureThreads(n); });
    keepFreedMemoryForReuse();
    device_ = resolveDevice(cfg_.device);
    applyTorchSettings(cfg_, device_);
    if (cfg_.training.anomaly_detection) log(LogLevel::Info, run_messages::kAnomalyDetectionOn);
    if (cfg_.pitfalls.any()) log(LogLevel::Warning, describePitfalls(cfg_.pitfalls));
  }

  // The loaders and what the model is built for; the splits stay in `data`.
  void takeData(TrainingData&& data) {
    for (const auto& [level, note] : run_messages::datasetNotes(data.splits)) log(level, note);
    journal_.recordSkipped(data.splits.skipped);
    classes_ = data.splits.train->classes();
    task_ = runTaskOf(cfg_, data.splits, dist_ != nullptr);
    best_ = std::make_unique<BestEpoch>(cfg_.training.early_stopping, task_.criterion.regression,
                                        cfg_.training.ema_decay > 0);
    if (task_.table)
      for (const auto& l : task_.table->left_out)
        log(LogLevel::Info, run_messages::tableColumnLeftOut(l.column, l.reason));
    trainLoader_ = std::move(data.train);
    valLoader_ = std::move(data.val);
    inputShape_ = data.input_shape;
  }

  void buildModel() {
    // Seeded under one lock, so runs started side by side stay reproducible.
    model_ = buildSeededModel(cfg_.model, inputShape_, task_.model.outputs, cfg_.seed, /*restoreGenerator=*/false,
                              task_.model.category_sizes);
    model_->to(device_);
    if (cfg_.training.ema_decay > 0) {  // its own copy of the model, built leaving the run's generator alone
      LayerStack copy =
          buildSeededModel(cfg_.model, inputShape_, task_.model.outputs, cfg_.seed, true, task_.model.category_sizes);
      copy->to(device_);
      average_ = std::make_unique<WeightAverage>(model_, copy, cfg_.training.ema_decay);
    }
    optimizer_ = makeFineTuningOptimizer(cfg_.optimizer, cfg_.model, model_, task_.model.outputs);
    applyFreezing(model_, cfg_.model, task_.model.outputs, 0);  // checks model.freeze early
  }

  void planSteps() {
    const int64_t accum = cfg_.training.grad_accum_steps;
    stepsPerEpoch_ = (trainLoader_->batchesPerEpoch() + accum - 1) / accum;
    totalSteps_ = stepsPerEpoch_ * cfg_.epochs;
    if (cfg_.training.max_steps > 0) totalSteps_ = std::min(totalSteps_, cfg_.training.max_steps);
    schedule_ =
        std::make_unique<LrSchedule>(cfg_.scheduler, cfg_.optimizer.lr, stepsPerEpoch_, stepsPerEpoch_ * cfg_.epochs);
  }

  // A new run's metrics.h5, or a resumed one's checkpoint and metrics reopened at its step.
  void openRecord() {
    auto& info = record_.info();
    if (ctx_.resuming) {
      pos_ = loadCheckpoint(ctx_.checkpoint.empty() ? record_.lastCheckpoint().string() : ctx_.checkpoint, model_,
                            *optimizer_, device_, average_.get());
      if (average_ && pos_.average_updates < 0) log(LogLevel::Info, run_messages::averageStartsAtResume());
      samples_->resumeAt(pos_.epoch, pos_.batch_in_epoch);  // whole epochs to the checkpoint, and its epoch so far
      checkpointTimer_.saved(pos_.global_step);
      std::string warning;
      if (writer_)
        metrics_ =
            MetricsFile::reopen(record_.metricsPath().string(), cfg_.name, pos_.global_step, pos_.epoch, &warning);
      if (!warning.empty()) log(LogLevel::Warning, warning);
      throughput_ = Throughput(pos_.train_seconds);
      recordResume(info, pos_.global_step, pos_.epoch, cfg_.epochs);
      if (const auto note = best_->resume(pos_.best, info.contains("early_stopping"), pos_.epoch))
        log(LogLevel::Info, *note);
      info.erase("early_stopping");  // said again if it stops early again
      log(LogLevel::Info, run_messages::resumedAt(pos_.global_step, pos_.epoch + 1, pos_.batch_in_epoch));
    } else if (writer_) {
      metrics_ = MetricsFile::create(record_.metricsPath().string(), cfg_.name);
      info["start_time"] = isoTimeNow();
    }
    inspection_->openRecord(ctx_.resuming, pos_.global_step, metrics_.get());
  }

  void announceStart(const DatasetSplits& splits) {
    RunStartFacts facts{record_.dir().string(), device_.str(),      threads_, splits.description,
                        splits.train->size(),   splits.val->size(), classes_, inputShape_,
                        stepsPerEpoch_,         totalSteps_,        {},       inspection_->probing(),
                        ctx_.resuming,          pos_.global_step,   {}};
    for (const auto& l : model_->layers()) facts.layers.push_back({l.name, l.type});
    recordRunStart(cfg_, facts, record_.info());
    recordTask(task_, record_.info());
    record_.save();
    ctx_.events->push(runStartedEvent(cfg_, facts));
    log(LogLevel::Info, run_messages::trainingOn(cfg_, splits, device_.str(), threads_));
    if (!adaptation_->policy().empty()) log(LogLevel::Info, adaptation_->policy());
    if (best_->stopsEarly()) log(LogLevel::Info, best_->policy());
    if (average_) log(LogLevel::Info, average_->policy(best_->metric().key));
    for (const auto& note : run_messages::techniqueNotes(cfg_, facts.layers, device_.is_cuda()))
      log(LogLevel::Info, note);
    if (!dist_) return;
    log(LogLevel::Info, run_messages::rankOf(dist_->group().rank(), dist_->group().size(),
                                             dist_->group().spec().launcher, trainLoader_->shardSize()));
    log(LogLevel::Info, dist_->group().listenNote());  // log.txt: rank 0's address, where a multi-host run goes wrong
  }

  void loop() {
    journal_.setState(RunState::Running);
    bool stopped = false, stoppedEarly = false;
    bool maxStepsReached = cfg_.training.max_steps > 0 && pos_.global_step >= cfg_.training.max_steps;
    for (int64_t epoch = pos_.epoch; epoch < cfg_.epochs && !stopped && !maxStepsReached && !stoppedEarly; ++epoch) {
      const auto epochStart = Clock::now();
      double pausedInEpoch = 0;
      model_->train();
      if (const auto note = freezeForEpoch(model_, cfg_.model, task_.model.outputs, epoch, frozenTensors_))
        log(LogLevel::Info, *note);  // model.freeze, when it changes
      trainLoader_->startEpoch(epoch, pos_.batch_in_epoch);
      samples_->startEpoch();
      int64_t batch = pos_.batch_in_epoch;
      const int64_t batchesPerEpoch = trainLoader_->batchesPerEpoch();
      bool epochDone = false;
      while (!epochDone) {
        const auto notify = [&](bool paused) { pauseChanged(paused); };
        if (!dist_) {
          pausedInEpoch += ctx_.control->waitWhilePaused(notify);
        } else if (agreedPause_) {  // all ranks wait together, while rank 0 is paused
          const auto pauseStart = Clock::now();
          agreedStop_ = dist_->pausedTogether(*ctx_.control, notify) || agreedStop_;
          agreedPause_ = false;
          pausedInEpoch += secondsSince(pauseStart);
        }
        if (dist_ ? agreedStop_ : ctx_.control->stopRequested()) {
          stopped = true;
          break;
        }
        const StepOutcome s = trainStep(epoch, batch, batchesPerEpoch);
        stopped = s.abandoned;
        if (s.abandoned || s.batches == 0) break;
        batch += s.batches;
        if (const auto why = adaptation_->betweenSteps()) log(LogLevel::Info, *why);  // other work took or freed CPUs
        epochDone = batch >= batchesPerEpoch;
        if (!epochDone && checkpointTimer_.due(pos_.global_step))
          saveInEpoch(epoch, batch, secondsSince(epochStart) - pausedInEpoch);
        if (cfg_.training.max_steps > 0 && pos_.global_step >= cfg_.training.max_steps) {
          maxStepsReached = true;
          break;
        }
      }
      pos_.epoch = epoch;
      pos_.batch_in_epoch = batch;
      pos_.train_seconds += secondsSince(epochStart) - pausedInEpoch;
      if (stopped) break;
      if (dist_) dist_->endEpoch(model_);  // BatchNorm's statistics, the same on every rank

      std::optional<ValidationResult> averaged;  // the weights' moving average, when kept
      const ValidationResult val = validate(epoch, averaged);
      if (val.interrupted) {
        stopped = true;
        break;
      }
      // A run cut short by max_steps validates its partial epoch, but its checkpoint
      // keeps the position inside the epoch, so a resume trains the rest of it.
      finishEpoch(epoch, val, averaged ? &*averaged : nullptr, secondsSince(epochStart) - pausedInEpoch,
                  /*complete=*/batch >= batchesPerEpoch);
      // Not without a validation split (nothing measured), nor after the last epoch (completed).
      stoppedEarly = !maxStepsReached && val.samples > 0 && epoch + 1 < cfg_.epochs &&
                     best_->shouldStop(epoch + 1, pos_.best) && stopEarly(epoch + 1);
    }
    if (stopped && pos_.global_step > 0) saveLast(pos_);
    if (metrics_) metrics_->flush();
    finish(stopped ? RunState::Stopped : RunState::Finished,
           run_messages::whyEnded(stopped, guardStopped_, guardPaused_, maxStepsReached, stoppedEarly),
           maxStepsReached ? cfg_.training.max_steps
           : stoppedEarly  ? pos_.epoch
                           : cfg_.epochs);
  }

  // A pause begins or ends: the record says so (the run library must not take a paused
  // run for a dead one), and a paused run's record is complete on disk.
  void pauseChanged(bool paused) {
    if (paused && metrics_) metrics_->flush();
    if (paused) inspection_->flush();
    if (!paused) guardPaused_ = breakpointPaused_ = false;
    record_.info()["status"] = paused ? "paused" : "running";
    record_.save();
    journal_.setState(paused ? RunState::Paused : RunState::Running);
    if (!ctx_.control->stepping())
      log(LogLevel::Info, paused ? run_messages::pausedAfter(pos_.global_step) : run_messages::resumed());
    else if (paused) {  // one line for a step taken while paused, not "resumed" + "paused"
      log(LogLevel::Info, run_messages::steppedOneBatch(pos_.global_step));
      ctx_.control->stepTaken();
    }
  }

  // One optimizer step: grad_accum_steps batches, then clip and step.
  StepOutcome trainStep(int64_t epoch, int64_t firstBatch, int64_t batchesPerEpoch) {
    const auto stepStart = Clock::now();
    const double lr = schedule_->lrAt(pos_.global_step);
    setLearningRate(*optimizer_, lr, cfg_.model.backbone_lr_factor);
    // zero_grad(set_to_none=True): PyTorch's default since 2.0, and cheaper. The
    // teaching pitfall leaves it out: each backward adds to the last step's gradients.
    if (!cfg_.pitfalls.skip_zero_grad) dropGradients(model_);
    StepSums sums;
    const StepOutcome out = accumulate(sums, batchesPerEpoch);
    if (out.abandoned || out.batches == 0) return out;
    const int64_t step = pos_.global_step + 1;
    if (dist_) agreeAcrossRanks(sums, step);
    if (sums.bad.empty()) inspection_->afterBackward(step);
    checkGradients(sums);
    if (!sums.bad.empty()) {  // the step is not applied
      dropGradients(model_);
      inspection_->stepNotApplied(step, sums.bad);
      tripGuard(sums.bad, sums.x, sums.y, epoch);
      return out;
    }
    applyStep(step, epoch, sums);
    const double epochPosition = static_cast<double>(epoch) +
                                 static_cast<double>(firstBatch + out.batches) / static_cast<double>(batchesPerEpoch);
    recordStep(epochPosition, lr, sums, secondsSince(stepStart));
    publishProgress(
        epoch, (firstBatch + out.batches + cfg_.training.grad_accum_steps - 1) / cfg_.training.grad_accum_steps, false);
    reportSkipped();
    if (metrics_) metrics_->flushIfDue();
    return out;
  }

  // zero_grad is done; forward, loss and backward for each batch of the step.
  StepOutcome accumulate(StepSums& sums, int64_t batchesPerEpoch) {
    const int64_t accum = cfg_.training.grad_accum_steps;
    StepOutcome out;
    while (out.batches < accum) {
      // A stop between the batches of an accumulation drops the partial step: the
      // checkpoint keeps the position before it, so a resume trains them again.
      if (!dist_ && out.batches > 0 && ctx_.control->stopRequested()) {
        dropGradients(model_);
        out.abandoned = true;
        return out;
      }
      const auto waitStart = Clock::now();
      std::optional<Batch> batch = trainLoader_->next();
      sums.waited += secondsSince(waitStart);
      if (!batch) break;
      ++out.batches;
      // The step's last batch synchronises: its hooks launch the gradient buckets.
      if (dist_ && !sums.syncing && (out.batches == accum || batch->index + 1 == batchesPerEpoch))
        dist_->beginSync(), sums.syncing = true;
      if (!sums.bad.empty()) continue;  // the rest of a bad group is consumed, not trained on
      trainOnBatch({model_, *inspection_, *samples_, cfg_, device_, classes_, task_.criterion}, *batch,
                   pos_.global_step + 1, pos_.global_step * accum + out.batches, sums);
    }
    return out;
  }

  // The mean gradient on every rank, the step's totals over all ranks, and one
  // decision for all (a bad step, a stop, a pause).
  void agreeAcrossRanks(StepSums& sums, int64_t step) {
    const StepAgreement all =
        dist_->agreeOnStep(sums, ctx_.control->stopRequested(), writer_ && ctx_.control->pausesAfter(step));
    agreedStop_ = all.stop, agreedPause_ = all.pause;
  }

  // With probes on, their gradient norm already tells whether all gradients are
  // finite; the parameters are searched only to name the bad one.
  void checkGradients(StepSums& sums) {
    if (cfg_.training.nan_guard == "off" || !sums.bad.empty() || inspection_->gradientsKnownFinite()) return;
    const std::string param = firstNonFiniteGradient(model_);
    if (!param.empty()) sums.bad = "the gradient of " + param + " is not finite";
  }

  // clip → step.
  void applyStep(int64_t step, int64_t epoch, const StepSums& sums) {
    if (cfg_.training.clip_grad_norm > 0)
      torch::nn::utils::clip_grad_norm_(model_->parameters(), cfg_.training.clip_grad_norm);
    inspection_->beforeOptimizerStep(step);
    optimizer_->step();
    if (average_) average_->update();
    ++pos_.global_step;
    inspection_->afterOptimizerStep(step, epoch);
    pos_.epoch_loss_sum += sums.loss_sum, pos_.epoch_correct += sums.correct, pos_.epoch_seen += sums.seen;
  }

  // The step's metrics: metrics.h5, the event queue, the throughput.
  void recordStep(double epochPosition, double lr, const StepSums& sums, double duration) {
    const StepMetrics m = stepMetricsOf(pos_.global_step, epochPosition, lr, sums, duration);
    if (metrics_) metrics_->append(m);
    ctx_.events->push(m);
    throughput_.stepDone(sums.seen, duration, sums.rank_seen);
    ctx_.control->stepDone(pos_.global_step);
    breakAt(breakpoints_.afterStep(m.step, pos_.epoch, m.loss, inspection_->reluOutputsAt(m.step)));
  }

  // The trained weights, and their moving average into `averaged` when kept.
  ValidationResult validate(int64_t epoch, std::optional<ValidationResult>& averaged) {
    const auto start = Clock::now();
    publishProgress(epoch, stepsPerEpoch_, /*validating=*/true);
    ValidationResult r = validate(model_);
    if (average_ && !r.interrupted) averaged = validate(average_->model()), r.interrupted = averaged->interrupted;
    reportSkipped();
    if (!r.interrupted) throughput_.validated(secondsSince(start));
    return r;
  }
  ValidationResult validate(LayerStack& model) {
    const AutocastScope autocast(cfg_.training.precision, device_);  // validated as it trains
    // A data-parallel run's ranks validate their shards to the end: a stop comes after.
    ValidationResult r = validateModel(model, *valLoader_, device_, dist_ ? uninterrupted_ : *ctx_.control,
                                       cfg_.pitfalls.skip_eval, static_cast<int64_t>(classes_.size()), task_.criterion);
    if (dist_) dist_->merge(r);
    return r;
  }

  void finishEpoch(int64_t epoch, const ValidationResult& val, const ValidationResult* averaged, double duration,
                   bool complete) {
    if (dist_ && complete) dist_->merge(*samples_);  // a regression trains in one process
    if (complete) warnIfAny(samples_->endEpoch(val));
    if (complete && embeddings_) warnIfAny(embeddings_->endEpoch(model_, epoch, device_));
    const auto explained = complete && writer_ && task_.text;  // saliency.h5: the text model's mistakes
    if (explained) warnIfAny(recordTokenSaliency(model_, valLoader_->dataset(), val, device_, record_.dir()));
    EpochMetrics e{epoch + 1, pos_.global_step, unixTimeNow()};
    e.train_loss = pos_.epoch_seen > 0 ? pos_.epoch_loss_sum / pos_.epoch_seen : 0;
    e.train_accuracy = pos_.epoch_seen > 0 ? pos_.epoch_correct / pos_.epoch_seen : 0;
    recordValidation(task_, val, averaged, e);
    e.lr = schedule_->lrAt(std::max<int64_t>(0, pos_.global_step - 1)), e.duration = duration;
    e.best = val.samples > 0 && best_->observe(e, pos_.best);  // the early-stopping metric's best
    if (metrics_) metrics_->append(e), metrics_->flush();
    ctx_.events->push(e);
    if (complete) breakAt(breakpoints_.afterEpoch(e, task_.criterion.regression, cfg_.epochs));

    if (complete) pos_ = TrainingPosition{epoch + 1, 0, pos_.global_step, pos_.best, 0, 0, 0, pos_.train_seconds};
    saveLast(pos_);
    if (e.best && writer_) copyFileAtomically(record_.lastCheckpoint(), record_.bestCheckpoint());
    auto& info = record_.info();
    recordEpochInfo(task_, e, {complete ? e.epoch : epoch, pos_.global_step, pos_.best}, info);
    info["samples_seconds"] = samples_->seconds();                         // samples.h5's cost, this session
    if (embeddings_) info["embeddings_seconds"] = embeddings_->seconds();  // embeddings.h5's
    record_.save();
    log(LogLevel::Info, epochSummaryOf(task_, e, cfg_.epochs, pos_.best.metric));
    if (const auto line = averageSummaryOf(e, pos_.best.metric)) log(LogLevel::Info, *line);
    if (!complete)
      log(LogLevel::Info, run_messages::partialEpoch(pos_.batch_in_epoch, trainLoader_->batchesPerEpoch()));
    if (val.samples == 0) log(LogLevel::Warning, run_messages::emptyValidation());
  }

  void tripGuard(const std::string& what, const torch::Tensor& x, const torch::Tensor& y, int64_t epoch) {
    const std::string& action = cfg_.training.nan_guard;
    const GuardTripped g =
        recordGuardTrip({what, action, pos_.global_step + 1, epoch, ++guardTrips_, /*writeEvidence=*/writer_}, model_,
                        x, y, record_, [this](const std::string& warning) { log(LogLevel::Warning, warning); });
    ctx_.events->push(g);
    record_.save();
    if (action == "pause") guardPaused_ = true, ctx_.control->requestPause(), agreedPause_ = true;
    if (action == "stop") guardStopped_ = true, ctx_.control->requestStop(), agreedStop_ = true;
  }

  // Rank 0 watches (its loss is all ranks'); the stop after it adds nothing to the ring.
  void breakAt(const std::optional<BreakpointHit>& hit) {
    if (!hit || !writer_ || pos_.global_step >= totalSteps_) return;  // the run is over: nothing to pause
    log(LogLevel::Warning, breakpointMessage(*hit));
    ctx_.events->push(*hit);
    recordBreakpoint(record_.info(), *hit);  // saved as the pause begins
    ctx_.control->requestPause(), breakpointPaused_ = true;
  }

  // The metric stopped improving: the log and run.json say when and why.
  bool stopEarly(int64_t epochs) {
    log(LogLevel::Info, best_->stopped(epochs, pos_.best));
    record_.info()["early_stopping"] = best_->record(epochs, pos_.best);
    return true;
  }

  void saveLast(const TrainingPosition& p) {
    if (metrics_) metrics_->flush();  // every record at the checkpoint's step first: a kill after it loses none
    if (inspection_) inspection_->flush();
    if (writer_ && !dist_) warnIfAny(samples_->saveInEpoch(p.epoch, p.batch_in_epoch));
    if (writer_) saveCheckpoint(record_.lastCheckpoint().string(), model_, *optimizer_, p, average_.get());
    if (writer_ && !breakpointPaused_)
      keepInRing(record_.lastCheckpoint(), p.global_step, cfg_.training.checkpoint_ring);
    if (metrics_) metrics_->commitResume();  // a resume that fails from now on keeps what it trained
    checkpointTimer_.saved(p.global_step);
    // Where a resume would start; run.json is saved by the caller.
    record_.info()["checkpoint"] = {
        {"step", p.global_step}, {"epochs_done", p.epoch}, {"batch_in_epoch", p.batch_in_epoch}};
  }

  // A checkpoint inside the epoch: the loader's position, so a resume goes on with the
  // next batch, and the record flushed to the same step, so no step is lost or doubled.
  void saveInEpoch(int64_t epoch, int64_t batch, double epochSeconds) {
    TrainingPosition p = pos_;
    p.epoch = epoch;
    p.batch_in_epoch = batch;
    p.train_seconds += epochSeconds;
    saveLast(p);
    auto& info = record_.info();
    info["steps"] = pos_.global_step;
    record_.save();
  }

  void publishProgress(int64_t epoch, int64_t stepInEpoch, bool validating) {
    Progress p = throughput_.progress({epoch, cfg_.epochs, stepInEpoch, stepsPerEpoch_, pos_.global_step, totalSteps_},
                                      validating);
    p.threads = adaptation_->threads(), p.passive_waits = adaptation_->passive();
    ctx_.events->push(p);
  }

  void log(LogLevel level, const Message& message) { journal_.log(level, message); }
  void log(LogLevel level, const std::string& text) { journal_.log(level, text); }
  void warnIfAny(const std::string& warning) { warning.empty() ? void() : log(LogLevel::Warning, warning); }

  void reportSkipped() {
    auto fresh = trainLoader_->takeSkipped();
    auto freshVal = valLoader_->takeSkipped();
    fresh.insert(fresh.end(), freshVal.begin(), freshVal.end());
    if (fresh.empty()) return;
    for (const auto& s : fresh) log(LogLevel::Warning, run_messages::skipped(s));
    journal_.recordSkipped(fresh);
    record_.save();
  }

  void finish(RunState s, run_messages::EndReason endReason, int64_t count) {
    const Message why = run_messages::endReason(endReason, count);
    const std::string reason = why.english();
    journal_.recordEnd(s, reason, pos_.global_step);
    record_.info()["train_seconds"] = pos_.train_seconds;
    if (dist_) dist_->recordThroughput(record_.info(), throughput_.rankSamples(), throughput_.sessionSeconds());
    record_.save();
    if (const Message m = best_->modelChosen(pos_.epoch, pos_.best); !m.empty()) log(LogLevel::Info, m);
    log(LogLevel::Info, run_messages::runEnded(s, endReason, count));
    metrics_.reset();  // closes metrics.h5 before anyone is told the run is over
    if (inspection_) inspection_->close(pos_.global_step);
    journal_.setState(s, reason, why);
  }

  // The run could not start. A new run's folder goes, since nothing was recorded in it
  // (the user is told why); a resumed run's record stays exactly as it was, its
  // checkpoint and status untouched, with the reason in log.txt.
  void abandon(const std::string& message, bool configProblem) {
    log(LogLevel::Error, message);
    ctx_.events->push(RunError{message, configProblem});
    metrics_.reset(), inspection_.reset();
    trainLoader_.reset(), valLoader_.reset();
    std::error_code ec;
    if (!ctx_.resuming && writer_) std::filesystem::remove_all(record_.dir(), ec);
    journal_.setState(RunState::Failed, message);
  }

  void fail(const std::string& message) {
    if (!lastHdf5Detail().empty()) journal_.detail("HDF5's account:\n" + lastHdf5Detail());
    lastHdf5Detail().clear();  // told once
    log(LogLevel::Error, message);
    ctx_.events->push(RunError{message});
    try {
      if (metrics_) metrics_->flush();
    } catch (const std::exception& e) {  // the failure may be the record itself
      ctx_.events->push(RunError{std::string("could not write the last metrics: ") + e.what()});
    }
    try {
      metrics_.reset();
      journal_.recordEnd(RunState::Failed, message, pos_.global_step);
      record_.save();
    } catch (const std::exception& e) {
      ctx_.events->push(RunError{std::string("could not record the failure: ") + e.what()});
    }
    if (inspection_) inspection_->close(pos_.global_step);  // never throws: ProbeFile closes on a best effort
    journal_.setState(RunState::Failed, message);
  }

  TrainerContext& ctx_;
  const ExperimentConfig& cfg_;
  RunRecord& record_;
  const bool writer_ = record_.writer();  // rank 0 of a data-parallel run, or the only process
  RunJournal journal_{record_, ctx_.events, ctx_.onState};
  std::unique_ptr<DistributedTraining> dist_;
  bool agreedStop_ = false, agreedPause_ = false;  // the last step's decisions, on every rank
  RunControl uninterrupted_;                       // what validation obeys on a data-parallel rank
  torch::Device device_{torch::kCPU};
  int threads_ = 1;                               // at the start
  std::unique_ptr<ThreadAdaptation> adaptation_;  // and while other work shares the CPUs
  std::vector<std::string> classes_;
  RunTask task_;
  std::vector<int64_t> inputShape_;
  std::unique_ptr<DataLoader> trainLoader_, valLoader_;
  LayerStack model_{nullptr};
  std::unique_ptr<torch::optim::Optimizer> optimizer_;
  std::unique_ptr<LrSchedule> schedule_;
  std::unique_ptr<MetricsFile> metrics_;
  std::unique_ptr<StepInspection> inspection_;     // probes and tensor saves
  std::unique_ptr<SampleRecorder> samples_;        // per-sample dynamics: samples.h5
  std::unique_ptr<EmbeddingRecorder> embeddings_;  // embeddings.h5
  std::unique_ptr<BestEpoch> best_;                // which epoch is best, and early stopping
  std::unique_ptr<WeightAverage> average_;         // training.ema_decay
  TrainingPosition pos_;
  int64_t stepsPerEpoch_ = 0, totalSteps_ = 0;
  Throughput throughput_;
  int64_t guardTrips_ = 0, frozenTensors_ = -1;
  bool guardStopped_ = false, guardPaused_ = false, breakpointPaused_ = false;
  CheckpointTimer checkpointTimer_{cfg_.training};  // when an in-epoch checkpoint is due
  Breakpoints breakpoints_{cfg_.training.breakpoints, record_.info().value("breakpoints", nlohmann::json::array())};
};

}  // namespace

void runTraining(TrainerContext context) { Trainer(context).run(); }

}  // namespace trainscope
