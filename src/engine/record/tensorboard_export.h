// A run as TensorBoard reads it: one event file with every scalar of metrics.h5 (the
// /steps columns at their step, the /epochs columns at the step that ended the epoch)
// and the probes' histograms (probes.h5, and the probes-until-step<N>.h5 of a resumed
// run) with the total gradient norm. `tensorboard --logdir OUT` then shows the run as
// OUT/<run folder name>. Plain C++: no TensorFlow, no torch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct TensorBoardExport {
  std::string file;  // the event file written
  int64_t scalar_values = 0, histogram_values = 0, events = 0;
  std::vector<std::string> notes;  // what was left out and why (no probes.h5, say)
};

// Writes outDir/<run folder name>/events.out.tfevents.<time>.<host>.trainscope,
// replacing the event files of an earlier export of the same run. Throws with a
// readable message when the run has no readable metrics.h5 or the file cannot be
// written (the earlier export is then kept).
TensorBoardExport exportTensorBoard(const std::string& runDir, const std::string& outDir);

// Reads a probes file as the export does; throws BadInput naming the dataset that does
// not fit (`repair` sets such a file aside).
void checkProbeFile(const std::string& path);

}  // namespace trainscope
