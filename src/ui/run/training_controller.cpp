#include "ui/run/training_controller.h"

#include "engine/config/config_fields.h"
#include "engine/record/resume_offer.h"
#include "engine/session.h"
#include "engine/system/threads.h"
#include "ui/run/background.h"
#include "ui/run/process_run.h"
#include "ui/run/run_follower.h"
#include "ui/translation.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

#include <algorithm>
#include <optional>

namespace trainscope::ui {

TrainingController::TrainingController(QObject* parent) : QObject(parent) {
  timer_.setInterval(33);  // ~30 Hz: smooth enough to watch, cheap enough to ignore
  connect(&timer_, &QTimer::timeout, this, &TrainingController::drain);
}

TrainingController::~TrainingController() {
  timer_.stop();
  session_.reset();  // stops the run and joins its thread; the record stays complete
  process_.reset();  // stops every rank, each at the same step
  follower_.reset();
}

bool TrainingController::start(const ExperimentConfig& config, QString* error, int processes) {
  return begin(
      [&] {
        if (processes > 1) {  // threads 0: the launched ranks share the cores among them
          process_ = ProcessRun::start(config, processes, error);
          return process_ != nullptr;
        }
        // threads 0 stays 0: the engine counts the usable cores and its log says why.
        setRunThreadNiceness(kRunNiceness);
        session_ = TrainingSession::start(config);
        return true;
      },
      error);
}

namespace {
// What the background half of a resume found: the session, ready to follow, or that
// the run trains on several processes (started from here), or why it cannot resume.
struct PreparedResume {
  std::shared_ptr<TrainingSession> session;
  int processes = 1;
  QString error;
};
}  // namespace

bool TrainingController::resumeRun(const QString& runDir, int64_t epochs, QString* error) {
  if (isActive()) {
    if (error) *error = tr("A run is already in progress.");
    return false;
  }
  std::vector<std::string> overrides;
  if (epochs > 0) overrides.push_back(configField(&ExperimentConfig::epochs).key + "=" + std::to_string(epochs));
  session_.reset();
  process_.reset();
  follower_.reset();
  const RunState before = state_;
  launching_ = true;
  stopWhenLaunched_ = false;
  runDir_ = runDir;
  state_ = RunState::Starting;
  emit stateChanged(state_, {});
  // The checkpoint is loaded and checked before anything changes: a second or more for
  // a large model, so off the GUI thread.
  setRunThreadNiceness(kRunNiceness);
  runInBackground(
      this,
      [dir = runDir.toStdString(), overrides]() -> PreparedResume {
        PreparedResume p;
        try {
          p.processes = resumeOffer(readRunEntry(dir)).processes;
          if (p.processes == 1) p.session = TrainingSession::resume(dir, overrides);
        } catch (const std::exception& e) {
          p.error = QString::fromStdString(e.what());
        }
        return p;
      },
      [this, before, runDir, overrides](PreparedResume p) {
        launching_ = false;
        if (p.error.isEmpty() && p.processes > 1) {
          QStringList set;
          for (const auto& o : overrides) set << QString::fromStdString(o);
          process_ = ProcessRun::resume(runDir, set, p.processes, &p.error);
        }
        session_ = std::move(p.session);
        if (!session_ && !process_) {
          state_ = before;  // listeners saw Starting: tell them it is back
          emit stateChanged(state_, {});
          emit launchFailed(p.error);
          return;
        }
        timer_.start();
        if (stopWhenLaunched_) stop();
      });
  return true;
}

bool TrainingController::begin(const std::function<bool()>& launch, QString* error) {
  if (isActive()) {
    if (error) *error = tr("A run is already in progress.");
    return false;
  }
  try {
    session_.reset();
    process_.reset();
    follower_.reset();
    if (!launch()) return false;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  runDir_ = session_ ? QString::fromStdString(session_->runDir()) : follower_ ? follower_->runDir() : QString();
  state_ = RunState::Starting;
  emit stateChanged(state_, {});
  timer_.start();
  return true;
}

bool TrainingController::followRun(const QString& runDir, QString* error) {
  return begin(
      [&] {
        follower_ = std::make_unique<RunFollower>(runDir);
        return true;
      },
      error);
}

void TrainingController::pause() {
  if (session_) session_->pause();
}
void TrainingController::resume() {
  if (session_) session_->resume();
}
void TrainingController::stepOneBatch() {
  if (session_ && state_ == RunState::Paused) session_->stepOneBatch();
}
void TrainingController::stop() {
  stopWhenLaunched_ = launching_;
  if (session_) session_->stop();
  if (process_) process_->stop();
  if (follower_) follower_->stop();
}
void TrainingController::saveTensors(const TensorDumpRequest& request) {
  if (isActive() && session_) session_->saveTensors(request);
}

bool TrainingController::isActive() const {
  return (launching_ || session_ || process_ || follower_) && !isFinal(state_);
}

EventQueue* TrainingController::source() {
  if (session_) return &session_->events();
  if (follower_) return &follower_->events();
  return process_ ? &process_->events() : nullptr;
}

bool TrainingController::sourceFinished() {
  if (session_) return session_->waitFinished(std::chrono::milliseconds(0));
  if (follower_) return follower_->finished();
  return process_ && process_->finished();
}

bool TrainingController::stopAndWait(int timeoutMs) {
  if (!isActive()) return true;
  stop();
  QElapsedTimer clock;
  clock.start();
  while (clock.elapsed() < timeoutMs) {
    // A resume still being prepared ends, or starts and takes the stop, in an event.
    const bool ended = launching_ ? false
                       : session_ ? session_->waitFinished(std::chrono::milliseconds(20))
                                  : !process_ || process_->waitFinished(20);
    if (ended) {
      drain();
      return true;
    }
    if (launching_) QThread::msleep(20);
    QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
  }
  return false;
}

void TrainingController::drain() {
  EventQueue* queue = source();
  if (!queue) return;
  const bool finished = sourceFinished();
  QVector<StepMetrics> steps;
  QVector<ProbeSample> samples;
  QVector<Histogram> histograms;
  std::optional<Progress> progress;
  // Steps and probe samples go out in batches, one signal each per tick, and of the
  // progress reports (one a step) only the latest; any other event first flushes them,
  // to keep the order (steps before the epoch they end). One signal per step would
  // relayout the Train page's labels hundreds of times a second.
  auto flush = [&] {
    if (!steps.isEmpty()) emit stepsArrived(steps);
    if (!samples.isEmpty()) emit probesArrived(samples);
    if (!histograms.isEmpty()) emit histogramsArrived(histograms);
    if (progress) emit progressed(*progress);
    steps.clear();
    samples.clear();
    histograms.clear();
    progress.reset();
  };
  auto events = queue->drain();
  for (auto& e : events) {
    if (auto* m = std::get_if<StepMetrics>(&e)) {
      steps.push_back(*m);
      continue;
    }
    if (auto* p = std::get_if<ProbeSample>(&e)) {
      samples.push_back(std::move(*p));
      continue;
    }
    if (auto* h = std::get_if<Histogram>(&e)) {
      histograms.push_back(std::move(*h));
      continue;
    }
    if (auto* p = std::get_if<Progress>(&e)) {
      progress = *p;
      continue;
    }
    flush();
    if (auto* s = std::get_if<RunStarted>(&e)) {
      if (runDir_.isEmpty()) runDir_ = QString::fromStdString(s->run_dir);
      emit started(*s);
    } else if (auto* m = std::get_if<EpochMetrics>(&e))
      emit epochArrived(*m);
    else if (auto* l = std::get_if<LogLine>(&e))
      emit logLine(*l);
    else if (auto* st = std::get_if<StateChanged>(&e)) {
      state_ = st->state;
      emit stateChanged(st->state, translatedOr(st->reason_message, st->reason));
    } else if (auto* err = std::get_if<RunError>(&e))
      emit failed(QString::fromStdString(err->message));
    else if (auto* g = std::get_if<GuardTripped>(&e))
      emit guardTripped(*g);
    else if (auto* b = std::get_if<BreakpointHit>(&e))
      emit breakpointHit(*b);
    else if (auto* t = std::get_if<TensorsSaved>(&e))
      emit tensorsSaved(*t);
    else if (auto* b = std::get_if<BatchSnapshot>(&e))
      emit batchSnapshot(*b);
  }
  flush();
  if (!events.empty()) emit drained();
  if (finished && isFinal(state_)) {
    timer_.stop();
    emit ended(state_);
  }
}

}  // namespace trainscope::ui
