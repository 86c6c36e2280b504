// A reproducibility bundle: one tar archive with what it takes to re-run a run and
// check it — the resolved config, versions, seed, device and threads, the machine,
// a fingerprint of the inputs (input_fingerprint.h), the first steps' losses as
// recorded, run.json, and the last checkpoint. `verifyBundle` re-runs the first steps
// from scratch here and compares the losses: bit for bit in deterministic mode, within
// a stated tolerance otherwise, and names what differs when they do not match.
// Layout: docs/reproducibility.md.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace trainscope {

struct BundleWritten {
  std::string file;
  uint64_t bytes = 0;
  int64_t dataset_files = 0, reference_steps = 0;
  std::string checkpoint;  // the member name, "" when the run had none
};

// Writes `out` (default: <run folder>.bundle.tar beside the run folder). Throws with a
// readable message when the run cannot be bundled (no run.json, no recorded step).
BundleWritten writeBundle(const std::string& runDir, const std::string& out = "");

struct VerifyOptions {
  int64_t steps = 20;                                // the first N optimizer steps (at most those recorded)
  double tolerance = 1e-3;                           // largest relative difference of a loss outside deterministic mode
  std::string dataset_root;                          // an image folder's root on this machine, when it moved
  bool keep = false;                                 // keep the re-run's folder (the report names it)
  std::function<void(const std::string&)> progress;  // a line now and then
  std::function<bool()> interrupted;                 // polled: true stops the re-run (Ctrl+C)
};

struct StepComparison {
  int64_t step;
  double recorded, rerun;
};

struct VerifyReport {
  bool deterministic = false;  // the run asked for deterministic algorithms
  bool matched = false;        // bit for bit when deterministic, else within tolerance
  bool bit_exact = false;      // every compared loss equal to the last bit
  int64_t steps_compared = 0;
  int64_t first_difference = 0;  // first step whose loss is not bit-equal; 0 = none
  double max_relative_difference = 0;
  int64_t worst_step = 0;
  double tolerance = 0;
  std::vector<StepComparison> steps;
  std::vector<std::string> environment;  // what differs from the recorded run (versions, threads, dataset, …)
  std::vector<std::string> notes;        // the bundle's own integrity and such
  std::string rerun_dir;                 // kept only with VerifyOptions::keep
};

// Throws with a readable message when the bundle cannot be read or the run cannot
// start here (the dataset is missing, say).
VerifyReport verifyBundle(const std::string& bundle, const VerifyOptions& options = {});

}  // namespace trainscope
