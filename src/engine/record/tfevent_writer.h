// TensorBoard's event file (events.out.tfevents.*), written without TensorFlow: a
// TFRecord stream (uint64 length, masked CRC32C of the length, the record, masked
// CRC32C of the record) of Event protocol buffers, encoded by hand. The first event
// names the format ("brain.Event:2"); each later one carries a Summary of scalars
// (simple_value) or histograms (HistogramProto), as tensorboard reads them.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace trainscope {

// CRC-32C (Castagnoli) of `size` bytes, and TFRecord's mask of it.
uint32_t crc32c(const void* data, size_t size);
uint32_t maskedCrc32c(const void* data, size_t size);

// A new event file's name as TensorBoard expects it: events.out.tfevents.<unix time>.
// <host>.<pid>.trainscope (its files sort by time).
std::string tfEventFileName(double unixTime);

struct TfHistogram {
  std::string tag;
  std::vector<double> edges;   // bucket edges, one more than counts
  std::vector<double> counts;  // elements per bucket
};

class TfEventWriter {
 public:
  // Creates (truncates) the file and writes the file_version event.
  TfEventWriter(const std::string& path, double wallTime);
  // One event of several scalars (tag, value) at a step; values are stored as float32,
  // as TensorBoard's simple_value is.
  void writeScalars(int64_t step, double wallTime, const std::vector<std::pair<std::string, double>>& scalars);
  void writeHistograms(int64_t step, double wallTime, const std::vector<TfHistogram>& histograms);
  // Hands what is written to the system, so TensorBoard reading the file sees it.
  void flush();
  // Flushes and closes; throws naming the file when a write failed.
  void close();
  int64_t events() const { return events_; }

 private:
  void writeEvent(const std::string& event);
  std::string path_;
  std::ofstream out_;
  int64_t events_ = 0;
};

}  // namespace trainscope
