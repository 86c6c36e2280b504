#include "engine/record/tfevent_reader.h"

#include "engine/config/file_input.h"
#include "engine/record/tfevent_writer.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <string_view>

namespace trainscope {

namespace fs = std::filesystem;

namespace {

// The largest event file read (TensorBoard's own are rarely over a few hundred MB).
constexpr std::uintmax_t kMaxEventFileBytes = 8ull << 30;
// The largest record accepted: a length over it is damage, not a record to allocate.
constexpr uint64_t kMaxRecordBytes = 256ull << 20;

enum WireType : uint32_t { kVarint = 0, kFixed64 = 1, kBytes = 2, kFixed32 = 5 };

template <typename T>
T littleEndian(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));  // x86 and ARM Linux are little-endian, as the format is
  return v;
}

// The protocol buffer wire format, read field by field. Any malformed byte sets ok()
// false and ends the reading: the message is then damage.
class ProtoReader {
 public:
  explicit ProtoReader(std::string_view bytes) : p_(bytes.data()), end_(bytes.data() + bytes.size()) {}
  bool ok() const { return ok_; }

  // The next field's number and wire type; false at the end or on damage.
  bool next(uint32_t& field, uint32_t& wire) {
    if (!ok_ || p_ == end_) return false;
    const uint64_t key = varint();
    field = static_cast<uint32_t>(key >> 3);
    wire = static_cast<uint32_t>(key & 7);
    return ok_ && field != 0;
  }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (p_ == end_) return fail();
      const auto byte = static_cast<unsigned char>(*p_++);
      v |= uint64_t{byte & 0x7Fu} << shift;
      if (!(byte & 0x80)) return v;
    }
    return fail();
  }
  double fixed64() { return take(8) ? littleEndian<double>(p_ - 8) : 0.0; }
  float fixed32() { return take(4) ? littleEndian<float>(p_ - 4) : 0.0f; }
  std::string_view bytes() {
    const uint64_t n = varint();
    if (!ok_ || n > static_cast<uint64_t>(end_ - p_)) return fail(), std::string_view{};
    p_ += n;
    return {p_ - n, static_cast<size_t>(n)};
  }
  void skip(uint32_t wire) {
    switch (wire) {
      case kVarint: varint(); break;
      case kFixed64: take(8); break;
      case kBytes: bytes(); break;
      case kFixed32: take(4); break;
      default: fail();  // groups (3, 4) are in none of TensorBoard's messages
    }
  }
  // A repeated double or float field, packed (kBytes) or one value per key.
  void repeatedReal(uint32_t wire, bool isDouble, std::vector<double>& out) {
    const size_t width = isDouble ? 8 : 4;
    if (wire == kBytes) {
      const std::string_view packed = bytes();
      if (packed.size() % width != 0) return void(fail());
      for (size_t i = 0; i < packed.size(); i += width)
        out.push_back(isDouble ? littleEndian<double>(packed.data() + i) : littleEndian<float>(packed.data() + i));
    } else if (wire == (isDouble ? kFixed64 : kFixed32)) {
      out.push_back(isDouble ? fixed64() : fixed32());
    } else {
      fail();
    }
  }
  void repeatedInt(uint32_t wire, std::vector<double>& out) {
    if (wire == kVarint) return void(out.push_back(static_cast<double>(static_cast<int64_t>(varint()))));
    if (wire != kBytes) return void(fail());
    ProtoReader packed(bytes());
    while (ok_ && packed.p_ != packed.end_) out.push_back(static_cast<double>(static_cast<int64_t>(packed.varint())));
    if (!packed.ok_) fail();
  }

 private:
  bool take(size_t n) {
    if (static_cast<size_t>(end_ - p_) < n) return fail(), false;
    p_ += n;
    return true;
  }
  uint64_t fail() {
    ok_ = false;
    p_ = end_;
    return 0;
  }
  const char* p_;
  const char* end_;
  bool ok_ = true;
};

// TensorProto, as far as scalars and TF2 histograms need: its values as doubles.
struct Tensor {
  int dtype = 0;
  std::vector<int64_t> shape;
  std::vector<double> values;
};

enum DataType { kFloat = 1, kDouble = 2, kInt32 = 3, kInt64 = 9 };

std::vector<int64_t> tensorShape(std::string_view bytes, bool& ok) {
  std::vector<int64_t> shape;  // TensorShapeProto { repeated Dim dim = 2 { int64 size = 1; } }
  ProtoReader r(bytes);
  for (uint32_t f, w; r.next(f, w);) {
    if (f != 2 || w != kBytes) {
      r.skip(w);
      continue;
    }
    ProtoReader dim(r.bytes());
    int64_t size = 0;
    for (uint32_t df, dw; dim.next(df, dw);)
      df == 1 && dw == kVarint ? void(size = int64_t(dim.varint())) : dim.skip(dw);
    ok = ok && dim.ok();
    shape.push_back(size);
  }
  ok = ok && r.ok();
  return shape;
}

void decodeContent(std::string_view content, int dtype, std::vector<double>& out, bool& ok) {
  const size_t width = dtype == kFloat || dtype == kInt32 ? 4 : 8;
  if (content.size() % width != 0) return void(ok = false);
  for (size_t i = 0; i < content.size(); i += width) {
    const char* p = content.data() + i;
    switch (dtype) {
      case kFloat: out.push_back(littleEndian<float>(p)); break;
      case kDouble: out.push_back(littleEndian<double>(p)); break;
      case kInt32: out.push_back(littleEndian<int32_t>(p)); break;
      default: out.push_back(static_cast<double>(littleEndian<int64_t>(p)));
    }
  }
}

// False when the bytes do not decode; a tensor of a type we do not read has no values.
bool decodeTensor(std::string_view bytes, Tensor& t) {
  ProtoReader r(bytes);
  bool ok = true;
  std::string_view content;
  for (uint32_t f, w; r.next(f, w);) {
    if (f == 1 && w == kVarint)
      t.dtype = static_cast<int>(r.varint());
    else if (f == 2 && w == kBytes)
      t.shape = tensorShape(r.bytes(), ok);
    else if (f == 4 && w == kBytes)
      content = r.bytes();
    else if (f == 5)
      r.repeatedReal(w, false, t.values);
    else if (f == 6)
      r.repeatedReal(w, true, t.values);
    else if (f == 7 || f == 10)
      r.repeatedInt(w, t.values);
    else
      r.skip(w);
  }
  const bool known = t.dtype == kFloat || t.dtype == kDouble || t.dtype == kInt32 || t.dtype == kInt64;
  if (!known)
    t.values.clear();
  else if (!content.empty())
    decodeContent(content, t.dtype, t.values, ok);
  return ok && r.ok();
}

// HistogramProto { min = 1; max = 2; num = 3; sum = 4; sum_squares = 5;
// repeated double bucket_limit = 6; repeated double bucket = 7; }: bucket i spans
// (limit[i-1], limit[i]], the first from min; limits beyond [min, max] (TensorFlow's
// last is DBL_MAX) are clamped to them.
bool decodeHistogram(std::string_view bytes, TfHistogramPoint& h) {
  ProtoReader r(bytes);
  double lo = 0, hi = 0;
  std::vector<double> limits;
  for (uint32_t f, w; r.next(f, w);) {
    if (f == 1 && w == kFixed64)
      lo = r.fixed64();
    else if (f == 2 && w == kFixed64)
      hi = r.fixed64();
    else if (f == 6)
      r.repeatedReal(w, true, limits);
    else if (f == 7)
      r.repeatedReal(w, true, h.counts);
    else
      r.skip(w);
  }
  if (!r.ok() || limits.size() != h.counts.size() || h.counts.empty() || !(lo <= hi) || !std::isfinite(lo) ||
      !std::isfinite(hi) || std::any_of(limits.begin(), limits.end(), [](double v) { return std::isnan(v); }))
    return false;
  h.edges.push_back(lo);
  for (double limit : limits) h.edges.push_back(std::clamp(limit, h.edges.back(), std::max(hi, h.edges.back())));
  return true;
}

// TF2's histogram: a [k, 3] tensor of (left edge, right edge, count).
bool histogramFromTensor(const Tensor& t, TfHistogramPoint& h) {
  // Compared by division: a declared row count near 2^64 / 3 must not wrap around.
  if (t.shape.size() != 2 || t.shape[1] != 3 || t.shape[0] < 1 || t.values.size() % 3 != 0 ||
      t.values.size() / 3 != static_cast<uint64_t>(t.shape[0]))
    return false;
  if (!std::all_of(t.values.begin(), t.values.end(), [](double v) { return std::isfinite(v); })) return false;
  for (int64_t k = 0; k < t.shape[0]; ++k) {
    if (k == 0) h.edges.push_back(t.values[0]);
    h.edges.push_back(std::max(t.values[k * 3 + 1], h.edges.back()));
    h.counts.push_back(t.values[k * 3 + 2]);
  }
  return true;
}

std::string pluginName(std::string_view metadata, bool& ok) {
  ProtoReader r(metadata);  // SummaryMetadata { PluginData plugin_data = 1 { string plugin_name = 1; } }
  std::string name;
  for (uint32_t f, w; r.next(f, w);) {
    if (f != 1 || w != kBytes) {
      r.skip(w);
      continue;
    }
    ProtoReader data(r.bytes());
    for (uint32_t df, dw; data.next(df, dw);) df == 1 && dw == kBytes ? void(name = data.bytes()) : data.skip(dw);
    ok = ok && data.ok();
  }
  ok = ok && r.ok();
  return name;
}

// Summary.Value { tag = 1; simple_value = 2; histo = 5; tensor = 8; metadata = 9; }
bool decodeValue(std::string_view bytes, int64_t step, double wallTime, TfEventLog& log) {
  ProtoReader r(bytes);
  bool ok = true;
  std::string tag, plugin;
  std::string_view histo, tensor;
  float simple = 0;
  bool hasSimple = false;
  for (uint32_t f, w; r.next(f, w);) {
    if (f == 1 && w == kBytes)
      tag = r.bytes();
    else if (f == 2 && w == kFixed32)
      simple = r.fixed32(), hasSimple = true;
    else if (f == 5 && w == kBytes)
      histo = r.bytes();
    else if (f == 8 && w == kBytes)
      tensor = r.bytes();
    else if (f == 9 && w == kBytes)
      plugin = pluginName(r.bytes(), ok);
    else
      r.skip(w);
  }
  if (!ok || !r.ok() || tag.empty()) return false;
  TfHistogramPoint h{step, wallTime, {}, {}};
  if (hasSimple) {
    log.scalars[tag].push_back({step, wallTime, simple});
  } else if (!histo.empty()) {
    if (!decodeHistogram(histo, h)) return false;
    log.histograms[tag].push_back(std::move(h));
  } else if (!tensor.empty()) {
    Tensor t;
    if (!decodeTensor(tensor, t)) return false;
    if (plugin == "histograms" && histogramFromTensor(t, h))
      log.histograms[tag].push_back(std::move(h));
    else if ((plugin.empty() || plugin == "scalars") && t.shape.empty() && t.values.size() == 1)
      log.scalars[tag].push_back({step, wallTime, t.values[0]});
    // Images, audio, text, graphs: kept by TensorBoard, not by us.
  }
  return true;
}

// Event { double wall_time = 1; int64 step = 2; Summary summary = 5 { repeated Value value = 1; } }
bool decodeEvent(std::string_view bytes, TfEventLog& log) {
  ProtoReader r(bytes);
  double wallTime = 0;
  int64_t step = 0;
  std::string_view summary;
  for (uint32_t f, w; r.next(f, w);) {
    if (f == 1 && w == kFixed64)
      wallTime = r.fixed64();
    else if (f == 2 && w == kVarint)
      step = static_cast<int64_t>(r.varint());
    else if (f == 5 && w == kBytes)
      summary = r.bytes();
    else
      r.skip(w);
  }
  if (!r.ok()) return false;
  ProtoReader values(summary);
  bool ok = true;
  for (uint32_t f, w; values.next(f, w);)
    f == 1 && w == kBytes ? void(ok = decodeValue(values.bytes(), step, wallTime, log) && ok) : values.skip(w);
  return ok && values.ok();
}

}  // namespace

void readTfEventFile(const std::string& path, TfEventLog& log) {
  const std::string data = readRegularFile(path, kMaxEventFileBytes);
  size_t at = 0;
  bool resyncing = false;  // after a bad length: look for the next frame, counting the damage once
  while (data.size() - at >= 12) {
    const char* p = data.data() + at;
    const auto length = littleEndian<uint64_t>(p);
    if (maskedCrc32c(p, 8) != littleEndian<uint32_t>(p + 8) || length > kMaxRecordBytes) {
      if (!resyncing) ++log.damaged_records;
      resyncing = true;
      ++at;
      continue;
    }
    resyncing = false;
    if (data.size() - at - 12 < length + 4) {
      log.cut_short = true;
      return;
    }
    const std::string_view record(p + 12, length);
    at += 12 + length + 4;
    if (maskedCrc32c(record.data(), record.size()) != littleEndian<uint32_t>(record.data() + length) ||
        !decodeEvent(record, log)) {
      ++log.damaged_records;
      continue;
    }
    ++log.records;
  }
  if (at < data.size() && !resyncing) log.cut_short = true;
}

std::vector<std::string> tfEventFiles(const std::string& folder) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec))  // a link is never read: it may lead anywhere
    if (entry.path().filename().string().find("tfevents") != std::string::npos && !entry.is_symlink(ec) &&
        entry.is_regular_file(ec))
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace trainscope
