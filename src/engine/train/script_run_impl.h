// ScriptRun's state, shared by its three files: script_run.cpp (the folder, log and
// logEpoch, the writer thread, finish), script_probes.cpp (watch) and
// script_predictions.cpp (logPredictions). Files are written on the writer thread
// only; the rest is the caller's (Python holds its GIL around every call).
#pragma once

#include "engine/record/metrics_file.h"
#include "engine/record/prediction_file.h"
#include "engine/record/probe_file.h"
#include "engine/record/run_lock.h"
#include "engine/record/run_record.h"
#include "engine/record/sample_file.h"
#include "engine/record/tensorboard_live.h"
#include "engine/train/script_run.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <thread>

namespace trainscope {

struct ScriptRun::Impl {
  // The writer thread and its jobs.
  std::mutex mutex;
  std::condition_variable wake, idle;
  std::deque<std::function<void()>> jobs;
  bool stopping = false, busy = false;
  std::string error;  // the first failed write
  std::thread thread;
  void post(std::function<void()> job);
  void waitIdle();
  void loop();
  void flushDue();

  // Owned by the writer thread once it runs.
  std::unique_ptr<RunRecord> record;
  std::unique_ptr<RunLock> lock;
  std::unique_ptr<MetricsFile> metrics;
  std::unique_ptr<ProbeFile> probes;
  std::shared_ptr<LiveTensorBoard> tensorboard;

  // The caller's: the step row being filled, epochs, best accuracy.
  double startTime = 0;
  StepMetrics row;
  NamedValues rowScalars;
  bool rowOpen = false;
  int64_t lastStep = 0, epochsDone = 0, lastEpochStep = 0, stepsPerEpoch = 0;
  double lastEpochTime = 0, bestValAccuracy = -1;
  void commitRow();

  // Probes (script_probes.cpp).
  int bins = 64, sample = 512;
  std::set<std::pair<std::string, std::string>> probed;  // the (name, kind) pairs watched
  ProbeSample pendingSample;
  std::vector<Histogram> pendingHistograms;
  double gradSquares = 0;
  bool probing = false;
  struct WeightBefore {
    torch::Tensor live, copy;
  };
  std::map<std::string, WeightBefore> weightsBefore;  // by parameter name

  // Predictions (script_predictions.cpp): each epoch's confusion, the newest epoch's
  // predictions, and the training samples' dynamics by epoch.
  std::vector<std::string> classNames;
  int64_t classes = 0;
  std::map<int64_t, std::vector<int64_t>> valConfusions;  // by epoch
  ValidationPredictions val;                              // the newest epoch's per-sample arrays
  int64_t valEpoch = -1;
  SampleDynamics train;
  std::map<int64_t, size_t> trainRows;  // epoch -> row of train.loss, ...
  bool predictionsDirty = false, samplesDirty = false;
  void writePredictionFiles();
};

}  // namespace trainscope
