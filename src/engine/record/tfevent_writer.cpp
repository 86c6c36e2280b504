#include "engine/record/tfevent_writer.h"

#include "engine/system/host_info.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace trainscope {

namespace {

std::array<uint32_t, 256> crcTable() {
  std::array<uint32_t, 256> table{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0x82F63B78u ^ (c >> 1) : c >> 1;  // reflected Castagnoli polynomial
    table[i] = c;
  }
  return table;
}

// Protocol buffer wire format: only what Event, Summary and HistogramProto need.
enum WireType : uint32_t { kVarint = 0, kFixed64 = 1, kBytes = 2, kFixed32 = 5 };

void putVarint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void putKey(std::string& out, uint32_t field, WireType type) { putVarint(out, (uint64_t{field} << 3) | type); }

template <typename T>
void putLittleEndian(std::string& out, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));  // x86 and ARM Linux are little-endian, as the format is
  out.append(bytes, sizeof(T));
}

void putDouble(std::string& out, uint32_t field, double v) {
  putKey(out, field, kFixed64);
  putLittleEndian(out, v);
}

void putFloat(std::string& out, uint32_t field, float v) {
  putKey(out, field, kFixed32);
  putLittleEndian(out, v);
}

void putBytes(std::string& out, uint32_t field, const std::string& bytes) {
  putKey(out, field, kBytes);
  putVarint(out, bytes.size());
  out += bytes;
}

void putPackedDoubles(std::string& out, uint32_t field, const std::vector<double>& values) {
  std::string packed;
  for (double v : values) putLittleEndian(packed, v);
  putBytes(out, field, packed);
}

// Event { double wall_time = 1; int64 step = 2; string file_version = 3; Summary summary = 5; }
std::string event(double wallTime, int64_t step) {
  std::string e;
  putDouble(e, 1, wallTime);
  putKey(e, 2, kVarint);
  putVarint(e, static_cast<uint64_t>(step));
  return e;
}

// HistogramProto { min = 1; max = 2; num = 3; sum = 4; sum_squares = 5;
// repeated double bucket_limit = 6 [packed]; repeated double bucket = 7 [packed]; }
// bucket_limit holds each bucket's right edge; the first bucket starts at min.
std::string histogramProto(const TfHistogram& h) {
  double num = 0, sum = 0, squares = 0;
  for (size_t i = 0; i < h.counts.size(); ++i) {
    const double center = 0.5 * (h.edges[i] + h.edges[i + 1]);
    num += h.counts[i];
    sum += h.counts[i] * center;
    squares += h.counts[i] * center * center;
  }
  std::string p;
  putDouble(p, 1, h.edges.front());
  putDouble(p, 2, h.edges.back());
  putDouble(p, 3, num);
  putDouble(p, 4, sum);
  putDouble(p, 5, squares);
  putPackedDoubles(p, 6, std::vector<double>(h.edges.begin() + 1, h.edges.end()));
  putPackedDoubles(p, 7, h.counts);
  return p;
}

}  // namespace

std::string tfEventFileName(double unixTime) {
  std::string host = hostName();
  std::replace(host.begin(), host.end(), '/', '_');
  return "events.out.tfevents." + std::to_string(static_cast<int64_t>(unixTime)) + "." + host + "." +
         std::to_string(getpid()) + ".trainscope";
}

uint32_t crc32c(const void* data, size_t size) {
  static const std::array<uint32_t, 256> table = crcTable();
  uint32_t c = 0xFFFFFFFFu;
  const auto* bytes = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < size; ++i) c = table[(c ^ bytes[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

uint32_t maskedCrc32c(const void* data, size_t size) {
  const uint32_t c = crc32c(data, size);
  return ((c >> 15) | (c << 17)) + 0xA282EAD8u;
}

TfEventWriter::TfEventWriter(const std::string& path, double wallTime)
    : path_(path), out_(path, std::ios::binary | std::ios::trunc) {
  if (!out_) throw std::runtime_error("cannot create " + path);
  std::string e = event(wallTime, 0);
  putBytes(e, 3, "brain.Event:2");
  writeEvent(e);
}

void TfEventWriter::writeScalars(int64_t step, double wallTime,
                                 const std::vector<std::pair<std::string, double>>& scalars) {
  std::string summary;
  for (const auto& [tag, value] : scalars) {
    std::string v;  // Summary.Value { string tag = 1; float simple_value = 2; }
    putBytes(v, 1, tag);
    putFloat(v, 2, static_cast<float>(value));
    putBytes(summary, 1, v);
  }
  std::string e = event(wallTime, step);
  putBytes(e, 5, summary);
  writeEvent(e);
}

void TfEventWriter::writeHistograms(int64_t step, double wallTime, const std::vector<TfHistogram>& histograms) {
  std::string summary;
  for (const auto& h : histograms) {
    if (h.counts.empty() || h.edges.size() != h.counts.size() + 1) continue;
    std::string v;  // Summary.Value { string tag = 1; HistogramProto histo = 5; }
    putBytes(v, 1, h.tag);
    putBytes(v, 5, histogramProto(h));
    putBytes(summary, 1, v);
  }
  std::string e = event(wallTime, step);
  putBytes(e, 5, summary);
  writeEvent(e);
}

void TfEventWriter::writeEvent(const std::string& record) {
  std::string header;
  putLittleEndian(header, static_cast<uint64_t>(record.size()));
  const uint32_t lengthCrc = maskedCrc32c(header.data(), header.size());
  std::string framed = header;
  putLittleEndian(framed, lengthCrc);
  framed += record;
  putLittleEndian(framed, maskedCrc32c(record.data(), record.size()));
  out_.write(framed.data(), static_cast<std::streamsize>(framed.size()));
  if (!out_) throw std::runtime_error("cannot write " + path_ + " (disk full or I/O error)");
  ++events_;
}

void TfEventWriter::flush() {
  out_.flush();
  if (!out_) throw std::runtime_error("cannot write " + path_ + " (disk full or I/O error)");
}

void TfEventWriter::close() {
  out_.flush();
  if (!out_) throw std::runtime_error("cannot write " + path_ + " (disk full or I/O error)");
  out_.close();
}

}  // namespace trainscope
