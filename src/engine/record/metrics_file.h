// metrics.h5: per-step and per-epoch scalars of a run, as extendible datasets written
// in SWMR mode so readers (the app, h5py) can open it while training appends. Layout:
// docs/run-format.md.
#pragma once

#include "engine/events.h"
#include "engine/record/h5_columns.h"

#include <chrono>
#include <memory>
#include <string>

namespace trainscope {

class MetricsFile {
 public:
  // Creates a new file.
  static std::unique_ptr<MetricsFile> create(const std::string& path, const std::string& run_name);
  // Reopens for a resumed run, dropping rows recorded after the checkpoint (steps
  // after `keep_steps`, epochs after `keep_epochs`) so the curve continues cleanly.
  static std::unique_ptr<MetricsFile> reopen(const std::string& path, int64_t keep_steps, int64_t keep_epochs);
  ~MetricsFile();

  void append(const StepMetrics& m);
  void append(const EpochMetrics& m);
  // Writes buffered rows when `every` has passed since the last write.
  void flushIfDue(std::chrono::milliseconds every = std::chrono::milliseconds(2000));
  void flush();

 private:
  explicit MetricsFile(hid_t file);
  hid_t file_;
  std::unique_ptr<H5Columns> steps_, epochs_;
  std::chrono::steady_clock::time_point lastFlush_;
};

}  // namespace trainscope
