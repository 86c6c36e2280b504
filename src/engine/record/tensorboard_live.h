// TensorBoard events written while a run trains (record.tensorboard, or
// tensorboard=True in Python): <run>/tensorboard/events.out.tfevents.*, with the same
// tags as `export-tensorboard` (steps/<column>, epochs/<column>, a script's own scalars
// by their name, <tensor>/<kind> histograms, probes/grad_norm), flushed at least every
// few seconds so `tensorboard --logdir` shows a running run. Plain C++, one writer
// thread: the caller's.
#pragma once

#include "engine/record/tfevent_writer.h"
#include "engine/run/events.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace trainscope {

class LiveTensorBoard {
 public:
  // Creates runDir/tensorboard/ and a new event file in it (a resumed run adds one:
  // TensorBoard reads a folder's files in order). Throws naming the file it cannot write.
  explicit LiveTensorBoard(const std::string& runDir);
  void write(const StepMetrics& m);
  void write(const EpochMetrics& m);
  void writeScalars(int64_t step, double wallTime, const std::vector<std::pair<std::string, double>>& scalars);
  void write(const ProbeSample& sample, double wallTime);
  void write(const std::vector<Histogram>& histograms, double wallTime);
  // Flushes when `every` has passed since the last flush (TensorBoard polls its files).
  void flushIfDue(std::chrono::milliseconds every = std::chrono::milliseconds(5000));
  void close();
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::unique_ptr<TfEventWriter> writer_;
  std::chrono::steady_clock::time_point lastFlush_;
};

// The folder the live events go to.
std::string liveTensorBoardFolder(const std::string& runDir);

}  // namespace trainscope
