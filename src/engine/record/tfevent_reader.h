// Reading TensorBoard's event files (events.out.tfevents.*) without TensorFlow: the
// TFRecord framing with both CRC32Cs checked, and the Event protocol buffer decoded by
// hand. Scalars come as Summary.Value.simple_value (tensorboardX, torch.utils.tensorboard,
// TF1) or as a scalar TensorProto (TF2's tf.summary.scalar); histograms as HistogramProto
// or as TF2's [k, 3] tensor of (left, right, count). A record whose CRC fails, or whose
// bytes do not decode, is skipped and counted; a cut-short tail ends the file. Never
// throws on content: only a file that cannot be opened is a BadInput.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace trainscope {

struct TfScalarPoint {
  int64_t step = 0;
  double wall_time = 0;
  double value = 0;
};

struct TfHistogramPoint {
  int64_t step = 0;
  double wall_time = 0;
  std::vector<double> edges;   // counts.size() + 1 edges, ascending
  std::vector<double> counts;  // elements per bucket
};

struct TfEventLog {
  std::map<std::string, std::vector<TfScalarPoint>> scalars;        // by tag, in file order
  std::map<std::string, std::vector<TfHistogramPoint>> histograms;  // by tag, in file order
  int64_t records = 0;                                              // records whose CRCs matched
  int64_t damaged_records = 0;  // skipped: a CRC that failed, bytes that did not decode
  bool cut_short = false;       // a file ended inside a record (a writer still writing, or a crash)
};

// Adds the events of one file to `log`. Throws BadInput when the file cannot be opened.
void readTfEventFile(const std::string& path, TfEventLog& log);

// The event files of a folder (its own, not its sub-folders'), by name: TensorBoard's
// names begin with the creation time, so this is the order they were written.
std::vector<std::string> tfEventFiles(const std::string& folder);

}  // namespace trainscope
