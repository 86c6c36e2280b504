// probes.h5: per-step statistics of every layer and parameter, and the periodic
// histograms, in a few large datasets (SWMR, like metrics.h5; few datasets keep each
// flush cheap). Layout: docs/run-format.md.
#pragma once

#include "engine/record/fork_guard.h"
#include "engine/record/h5_handle.h"
#include "engine/record/tensorboard_live.h"
#include "engine/run/events.h"

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace trainscope {

class H5Rows;

// A probes file read back as untrusted input (record/h5_read.h): the tensors' names and
// kinds, the histogram rows all three of its datasets have (a crash can leave them of
// unequal length) and the gradient norm by step. BadInput names what does not fit.
// /stats is left to the reader that wants it (run_follow.h), read through the same file.
struct ProbeRecords {
  std::vector<std::string> names, kinds;
  size_t stride = 0;   // tensors per row, as stored
  size_t tensors = 0;  // of those, the ones with a name and a kind
  size_t bins = 0;
  std::vector<int64_t> histogram_steps;   // per histogram row
  std::vector<double> counts, edges;      // [row, stride, bins] and [row, stride, bins + 1]
  std::vector<double> steps, grad_norms;  // /step and /grad_norm, of equal length
};
ProbeRecords readProbeRecords(hid_t file);

class ProbeFile {
 public:
  // tensors: (name, kind) pairs as Probes::tensors() lists them; the order of the
  // second axis of /stats and /histograms/counts.
  ProbeFile(const std::string& path, const std::vector<std::pair<std::string, std::string>>& tensors, int bins);
  ~ProbeFile();
  void append(const ProbeSample& sample);
  // Histograms of one step, all tensors: rows are written once a step's set is complete.
  void append(const std::vector<Histogram>& histograms);
  void flushIfDue(std::chrono::milliseconds every = std::chrono::milliseconds(2000));
  // Also writes the gradient norm and histograms to these live TensorBoard events.
  void mirrorTo(std::shared_ptr<LiveTensorBoard> events) { tensorboard_ = std::move(events); }
  void flush();

  static constexpr int kStats = 8;  // mean, std, min, max, zero_fraction, saturation_fraction, norm, update_ratio

 private:
  H5Handle file_;
  ForkGuard forkGuard_;  // a forked child's exit never closes (writes) this file
  int bins_;
  std::map<std::string, size_t> index_;  // "name/kind" -> position
  size_t count_;
  std::unique_ptr<H5Rows> step_, gradNorm_, stats_, histStep_, counts_, edges_;
  std::chrono::steady_clock::time_point lastFlush_;
  std::vector<double> row_;  // one /stats row, reused
  std::shared_ptr<LiveTensorBoard> tensorboard_;
};

}  // namespace trainscope
