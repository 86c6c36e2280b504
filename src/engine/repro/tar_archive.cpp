#include "engine/repro/tar_archive.h"

#include "engine/config/file_input.h"
#include "engine/system/atomic_file.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace fs = std::filesystem;

namespace trainscope {

namespace {
constexpr size_t kBlock = 512;

void putOctal(char* field, size_t width, uint64_t value) {
  std::snprintf(field, width, "%0*llo", static_cast<int>(width - 1), static_cast<unsigned long long>(value));
}

uint64_t readOctal(const char* field, size_t width) {
  uint64_t v = 0;
  for (size_t i = 0; i < width && field[i]; ++i) {
    if (field[i] == ' ') continue;
    if (field[i] < '0' || field[i] > '7') break;
    v = v * 8 + static_cast<uint64_t>(field[i] - '0');
  }
  return v;
}

uint64_t checksumOf(const char* block) {
  uint64_t sum = 0;
  for (size_t i = 0; i < kBlock; ++i)
    sum += (i >= 148 && i < 156) ? ' ' : static_cast<unsigned char>(block[i]);  // the field counts as spaces
  return sum;
}
}  // namespace

TarWriter::TarWriter(const std::string& path)
    : path_(path), partial_(partialPathFor(path).string()), out_(partial_, std::ios::binary | std::ios::trunc) {
  if (!out_) throw std::runtime_error("cannot create " + partial_);
}

TarWriter::~TarWriter() {
  if (closed_) return;
  out_.close();
  std::error_code ec;
  fs::remove(partial_, ec);
}

void TarWriter::header(const std::string& name, uint64_t size) {
  char h[kBlock] = {0};
  std::string prefix, base = name;
  if (name.size() > 100) {  // ustar splits a long name at a slash: prefix (155) / name (100)
    const size_t slash = name.rfind('/', 155);
    if (slash == std::string::npos || name.size() - slash - 1 > 100)
      throw std::runtime_error("tar: the name " + name + " is too long");
    prefix = name.substr(0, slash), base = name.substr(slash + 1);
  }
  std::memcpy(h, base.data(), base.size());
  putOctal(h + 100, 8, 0644);
  putOctal(h + 108, 8, 0);
  putOctal(h + 116, 8, 0);
  putOctal(h + 124, 12, size);
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch());
  putOctal(h + 136, 12, static_cast<uint64_t>(now.count()));
  h[156] = '0';  // a regular file
  std::memcpy(h + 257, "ustar", 6);
  std::memcpy(h + 263, "00", 2);
  std::memcpy(h + 345, prefix.data(), prefix.size());
  std::snprintf(h + 148, 8, "%06llo", static_cast<unsigned long long>(checksumOf(h)));
  h[155] = ' ';
  out_.write(h, kBlock);
}

void TarWriter::pad(uint64_t size) {
  static const char zeros[kBlock] = {0};
  if (size % kBlock) out_.write(zeros, static_cast<std::streamsize>(kBlock - size % kBlock));
  if (!out_) throw std::runtime_error("cannot write " + partial_ + " (disk full or I/O error)");
}

void TarWriter::addBytes(const std::string& name, const std::string& bytes) {
  header(name, bytes.size());
  out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  pad(bytes.size());
}

void TarWriter::addFile(const std::string& name, const std::string& source) {
  requireRegularFile(source);
  std::ifstream in(source, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + source);
  const uint64_t size = fs::file_size(source);
  header(name, size);
  std::vector<char> buffer(1 << 20);
  uint64_t copied = 0;
  while (copied < size && in) {
    in.read(buffer.data(), static_cast<std::streamsize>(std::min<uint64_t>(buffer.size(), size - copied)));
    out_.write(buffer.data(), in.gcount());
    copied += static_cast<uint64_t>(in.gcount());
  }
  if (copied != size) throw std::runtime_error(source + " changed while it was archived");
  pad(size);
}

void TarWriter::close() {
  static const char zeros[2 * kBlock] = {0};
  out_.write(zeros, sizeof zeros);  // the end: two empty blocks
  out_.flush();
  if (!out_) throw std::runtime_error("cannot write " + partial_ + " (disk full or I/O error)");
  out_.close();
  fs::rename(partial_, path_);
  closed_ = true;
}

namespace {
// `path` once it is known to be a regular file: a FIFO would block the open for ever.
const std::string& regularFile(const std::string& path) {
  requireRegularFile(path);
  return path;
}
}  // namespace

TarReader::TarReader(const std::string& path) : path_(path), in_(regularFile(path), std::ios::binary) {
  if (!in_) throw std::runtime_error("cannot read " + path);
  const uint64_t total = fs::file_size(path);
  // Whole blocks, ending in (at least) two empty ones: shorter is not a tar archive.
  if (total < 2 * kBlock || total % kBlock != 0) throw std::runtime_error(path + " is not a tar archive");
  uint64_t at = 0;
  char h[kBlock];
  while (at + kBlock <= total) {
    in_.seekg(static_cast<std::streamoff>(at));
    in_.read(h, kBlock);
    if (std::all_of(h, h + kBlock, [](char c) { return c == 0; })) break;  // the end
    if (std::memcmp(h + 257, "ustar", 5) != 0 || readOctal(h + 148, 8) != checksumOf(h))
      throw std::runtime_error(path + " is not a tar archive (or it is damaged at byte " + std::to_string(at) + ")");
    TarEntry e;
    const std::string prefix(h + 345, strnlen(h + 345, 155)), base(h, strnlen(h, 100));
    e.name = prefix.empty() ? base : prefix + "/" + base;
    e.size = readOctal(h + 124, 12);
    e.offset = at + kBlock;
    if (e.offset + e.size > total) throw std::runtime_error(path + " is cut short (" + e.name + " is incomplete)");
    if (h[156] == '0' || h[156] == '\0') entries_.push_back(e);
    at = e.offset + (e.size + kBlock - 1) / kBlock * kBlock;
  }
}

const TarEntry* TarReader::find(const std::string& name) const {
  for (const auto& e : entries_)
    if (e.name == name) return &e;
  return nullptr;
}

std::string TarReader::readBytes(const TarEntry& entry) {
  std::string bytes(entry.size, '\0');
  in_.clear();
  in_.seekg(static_cast<std::streamoff>(entry.offset));
  in_.read(bytes.data(), static_cast<std::streamsize>(entry.size));
  if (!in_) throw std::runtime_error("cannot read " + entry.name + " from " + path_);
  return bytes;
}

void TarReader::extract(const TarEntry& entry, const std::string& destination) {
  std::ofstream out(destination, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot create " + destination);
  in_.clear();
  in_.seekg(static_cast<std::streamoff>(entry.offset));
  std::vector<char> buffer(1 << 20);
  for (uint64_t left = entry.size; left > 0;) {
    const auto n = static_cast<std::streamsize>(std::min<uint64_t>(buffer.size(), left));
    in_.read(buffer.data(), n);
    if (in_.gcount() != n) throw std::runtime_error("cannot read " + entry.name + " from " + path_);
    out.write(buffer.data(), n);
    left -= static_cast<uint64_t>(n);
  }
  if (!out.flush()) throw std::runtime_error("cannot write " + destination);
}

}  // namespace trainscope
