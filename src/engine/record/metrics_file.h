// metrics.h5: per-step and per-epoch scalars of a run, as extendible datasets written
// in SWMR mode so readers (the app, h5py) can open it while training appends. Layout:
// docs/run-format.md.
#pragma once

#include "engine/record/fork_guard.h"
#include "engine/record/h5_columns.h"
#include "engine/record/tensorboard_live.h"
#include "engine/run/events.h"

#include <chrono>
#include <map>
#include <memory>
#include <string>

namespace trainscope {

class MetricsFile {
 public:
  // Everything in a metrics.h5 (read in SWMR mode, so a live run's file reads too).
  // A named scalar beyond the declared columns, by step (a script's own metrics, a
  // TensorBoard run's tags): points in the order they were logged.
  struct ScalarSeries {
    std::vector<double> step, wall_time, value;
  };
  struct Contents {
    std::vector<std::string> step_columns, epoch_columns;
    std::vector<H5Columns::Row> steps, epochs;
    std::map<std::string, ScalarSeries> scalars;  // empty in files older than /scalars
  };
  static Contents read(const std::string& path);
  // Creates a new file.
  static std::unique_ptr<MetricsFile> create(const std::string& path, const std::string& run_name);
  // Continues the record of a resumed run: rewrites the file with the rows up to the
  // checkpoint (steps <= keep_steps, epochs <= keep_epochs), so the curve continues
  // without duplicates. Works after a crash too, when HDF5 still marks the file as open
  // for writing: it is read in SWMR mode, which that mark does not block. A file that
  // cannot be read at all is kept as metrics.h5.damaged and a new one is started;
  // `warning` then says so.
  // Until commitResume(), the file as it was stays beside it (metrics.h5.before-resume):
  // a resume that ends before its first checkpoint (it failed, or was killed) puts it
  // back, since the next resume starts from the same checkpoint; the rows it trimmed
  // (a validation row the record still reports) are never lost.
  static std::unique_ptr<MetricsFile> reopen(const std::string& path, const std::string& run_name, int64_t keep_steps,
                                             int64_t keep_epochs, std::string* warning);
  // The resume's first checkpoint is written: the trimmed record is the run's now.
  void commitResume();
  // A .before-resume file left by a resume killed before its first checkpoint goes
  // back over `path` (reopen and repair do this first). True when one did.
  static bool restoreBeforeResume(const std::string& path);
  ~MetricsFile();

  void append(const StepMetrics& m);
  void append(const EpochMetrics& m);
  // A named scalar (a name of at most 255 bytes, without a newline: the caller checks).
  void appendScalar(const std::string& name, int64_t step, double wallTime, double value);
  // Also writes every row to these live TensorBoard events (record.tensorboard).
  void mirrorTo(std::shared_ptr<LiveTensorBoard> events) { tensorboard_ = std::move(events); }
  // Writes buffered rows when `every` has passed since the last write.
  void flushIfDue(std::chrono::milliseconds every = std::chrono::milliseconds(2000));
  void flush();

 private:
  explicit MetricsFile(H5Handle file);
  H5Handle file_;
  ForkGuard forkGuard_{file_.get()};  // a forked child's exit never closes (writes) this file
  std::string path_, beforeResume_;   // beforeResume_: "" once committed, or when not resumed
  std::unique_ptr<H5Columns> steps_, epochs_, scalars_;
  std::unique_ptr<H5Names> scalarNames_;
  std::map<std::string, int64_t> scalarIds_;
  std::shared_ptr<LiveTensorBoard> tensorboard_;
  std::chrono::steady_clock::time_point lastFlush_;
};

}  // namespace trainscope
