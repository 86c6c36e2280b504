// Queued runs for the app: experiments (a lesson's variants, a grid from the Model
// page) trained one after another, or two at once with the cores split between them.
// Each run is a trainscope-cli child process: separate processes keep LibTorch's
// global state (RNG, thread pool, deterministic flag) apart, and a crash takes one
// run down, not the app. The queue follows each child through its event stream
// (run/cli_child.h); their curves reach the Compare page through metrics.h5.
#pragma once

#include "engine/config/config.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <deque>
#include <vector>

namespace trainscope::ui {

class CliChild;

class RunQueue : public QObject {
  Q_OBJECT
 public:
  explicit RunQueue(QObject* parent = nullptr);
  ~RunQueue() override;

  // Adds runs; they start when a slot is free. `config` is a full experiment JSON.
  void enqueue(const ExperimentConfig& config, const QString& label);
  // 1: one after another; 2: two at once, each with half the cores.
  void setParallel(int runs);
  int parallel() const { return parallel_; }
  // Stops the running ones (their records are kept) and drops the waiting ones.
  void cancel();

  int waiting() const { return static_cast<int>(waiting_.size()); }
  int running() const { return static_cast<int>(running_.size()); }
  bool idle() const { return waiting_.empty() && running_.empty(); }
  // Since the queue last became busy: how many runs were queued, how many have ended.
  int batchSize() const { return batchSize_; }
  int batchDone() const { return batchDone_; }
  // The batch's runs that ended early, each as "label: why" (the NaN guard's evidence
  // in full: step, what, the first bad layer, the file with the batch).
  QStringList endedEarly() const { return endedEarly_; }
  QStringList runningLabels() const;

 signals:
  void runStarted(const QString& label, const QString& runDir);
  // exitCode 0: finished; otherwise `message` is the run's last error line.
  void runEnded(const QString& label, const QString& runDir, int exitCode, const QString& message);
  void failedToStart(const QString& label, const QString& message);
  void changed();  // waiting/running counts
  // The last queued run has ended: `failed` of the batch's `runs` did not finish.
  void batchFinished(int runs, int failed);

 private:
  struct Job {
    ExperimentConfig config;
    QString label, runDir;
    QString lastError;  // from the event stream (noteError)
    int errorRank = 0;  // 3 the run's first error, 2 the NaN guard, 1 an error log line
    void noteError(int rank, const QString& text) {
      if (rank > errorRank || (rank == errorRank && rank < 3)) lastError = text, errorRank = rank;
    }
    CliChild* child = nullptr;  // deleted later: it may be the one emitting
  };
  void startNext();
  bool startJob(Job job);
  Job* runningJob(CliChild* child);
  // Takes a child's job off the running list and returns it.
  Job finish(CliChild* child);

  std::deque<Job> waiting_;
  std::vector<Job> running_;
  int parallel_ = 1;
  int batchSize_ = 0, batchDone_ = 0, batchFailed_ = 0;
  QStringList endedEarly_;
  void jobEnded(bool ok);
};

}  // namespace trainscope::ui
