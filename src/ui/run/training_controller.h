// Runs the engine for the app. The engine trains on its own thread; a ~30 Hz timer
// drains its event queue here, on the GUI thread, and re-emits the events as signals
// (steps in batches, so a curve is appended once per tick). Neither side ever waits
// for the other.
#pragma once

#include "engine/config/config.h"
#include "engine/run/event_queue.h"
#include "engine/run/events.h"

#include <nlohmann/json.hpp>

#include <QObject>
#include <QString>
#include <QTimer>
#include <QVector>

#include <functional>
#include <memory>

namespace trainscope {
class TrainingSession;
}

namespace trainscope::ui {

class ProcessRun;
class RunFollower;

class TrainingController : public QObject {
  Q_OBJECT
 public:
  explicit TrainingController(QObject* parent = nullptr);
  ~TrainingController() override;

  // Starts a run; false (and the message) when the config cannot start. With
  // processes > 1 it trains data-parallel on that many local processes (ui/process_run.h).
  bool start(const ExperimentConfig& config, QString* error, int processes = 1);
  // Resumes a recorded run from its last checkpoint, in its own folder: its steps and
  // curves go on where the checkpoint stands. `epochs` > 0 trains to that many epochs
  // (more than it was given, or a finished run further). On as many processes as it had.
  // The checkpoint is checked off the GUI thread: the run is active (Starting) at once,
  // and launchFailed says why when it cannot resume after all.
  bool resumeRun(const QString& runDir, int64_t epochs, QString* error);
  // A run on several processes: Pause and Step are not offered (the ranks are stopped
  // together, and resumed from the checkpoint).
  bool multiProcess() const { return process_ != nullptr; }
  // Follows a run folder another writer trains (a script, the CLI, another machine):
  // its events come from the files (ui/run/run_follower.h). Read-only: Pause, Step and
  // Save tensors are not offered; Stop stops following, not the run.
  bool followRun(const QString& runDir, QString* error);
  bool following() const { return follower_ != nullptr && isActive(); }
  void pause();
  void resume();
  void stop();
  // While paused: one more step, then paused again; batchSnapshot shows it.
  void stepOneBatch();
  // Saves tensors to the run's tensors.h5 at the next step (tensorsSaved reports it).
  void saveTensors(const TensorDumpRequest& request);
  // Stops and waits up to timeoutMs, keeping the GUI responsive; true when ended.
  bool stopAndWait(int timeoutMs);

  bool isActive() const;  // started and not yet ended
  RunState state() const { return state_; }
  QString runDir() const { return runDir_; }
  int drainIntervalMs() const { return timer_.interval(); }

 signals:
  void started(const trainscope::RunStarted& info);
  void stepsArrived(const QVector<trainscope::StepMetrics>& steps);
  void epochArrived(const trainscope::EpochMetrics& epoch);
  void progressed(const trainscope::Progress& progress);
  void logLine(const trainscope::LogLine& line);
  void stateChanged(trainscope::RunState state, const QString& reason);
  void failed(const QString& message);
  // A resume that could not begin (a damaged checkpoint, a finished run without more
  // epochs): nothing ran, nothing in the run's folder changed.
  void launchFailed(const QString& message);
  void guardTripped(const trainscope::GuardTripped& trip);
  void breakpointHit(const trainscope::BreakpointHit& hit);  // the run is paused
  void probesArrived(const QVector<trainscope::ProbeSample>& samples);
  void histogramsArrived(const QVector<trainscope::Histogram>& histograms);
  void tensorsSaved(const trainscope::TensorsSaved& saved);
  void batchSnapshot(const trainscope::BatchSnapshot& snapshot);
  // After each drain that delivered something: the moment to redraw.
  void drained();
  void ended(trainscope::RunState state);

 private:
  void drain();
  // Runs `launch` (which starts session_ or process_) unless a run is active; false
  // and the message when it throws or says no.
  bool begin(const std::function<bool()>& launch, QString* error);

  trainscope::EventQueue* source();
  bool sourceFinished();

  std::shared_ptr<TrainingSession> session_;
  std::unique_ptr<ProcessRun> process_;
  std::unique_ptr<RunFollower> follower_;
  QTimer timer_;
  RunState state_ = RunState::Finished;
  bool launching_ = false;         // a resume is being prepared in the background
  bool stopWhenLaunched_ = false;  // and Stop was pressed meanwhile
  QString runDir_;
};

}  // namespace trainscope::ui
