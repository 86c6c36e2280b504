// TensorBoard runs as Trainscope runs (`trainscope-cli import-tensorboard`, File ▸
// Import TensorBoard Runs…): each folder under a log folder that holds event files
// becomes a run folder with its scalars by step and wall time, and its histograms, so
// old TensorBoard runs sit in Compare beside new ones. Tags as `export-tensorboard`
// writes them come back to their place (steps/<column>, epochs/<column>, <tensor>/
// <kind> histograms, probes/grad_norm); any other scalar tag is a named scalar, any
// other histogram a weight's (a gradient's when its tag ends in "grad"). Damaged
// records are skipped and counted (record/tfevent_reader.h). Plain C++.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct ImportedRun {
  std::string source;  // the TensorBoard run's folder
  std::string folder;  // the run folder written ("" when nothing was imported)
  int64_t scalar_values = 0, histogram_values = 0, records = 0, damaged_records = 0;
  bool cut_short = false;
  std::string note;  // why it was not imported, or what was left out
};

// Imports every TensorBoard run under logDir into runsDir ("" = the default runs
// folder). A run folder appears whole or not at all (written under a hidden name, then
// renamed). Throws BadInput when logDir is not a folder or holds no event files.
std::vector<ImportedRun> importTensorBoard(const std::string& logDir, const std::string& runsDir);

}  // namespace trainscope
