#include "engine/record/h5_heap_check.h"

#include "engine/config/file_input.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <vector>

namespace trainscope {

namespace fs = std::filesystem;

namespace {

uint64_t littleEndian(const std::string& bytes, size_t at, size_t n) {
  uint64_t v = 0;
  for (size_t k = n; k-- > 0;) v = (v << 8) | static_cast<unsigned char>(bytes[at + k]);
  return v;
}

struct FileVersion {
  std::string path;
  uintmax_t size = 0;
  fs::file_time_type time;
  bool operator==(const FileVersion& o) const { return path == o.path && size == o.size && time == o.time; }
};

// The collection starting at `offset` (its declared size, clipped to the file).
std::string collectionAt(std::ifstream& in, uintmax_t offset, uintmax_t fileSize, size_t lengthBytes) {
  std::string header(8 + lengthBytes, '\0');
  in.clear();
  in.seekg(static_cast<std::streamoff>(offset));
  if (!in.read(header.data(), static_cast<std::streamsize>(header.size()))) return {};
  const uint64_t size = std::min<uint64_t>(littleEndian(header, 8, lengthBytes), fileSize - offset);
  std::string bytes(static_cast<size_t>(size), '\0');
  in.clear();
  in.seekg(static_cast<std::streamoff>(offset));
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  return bytes;
}

// Each "GCOL" in the file walked; "" or where and why one would not end.
std::string findLoopingHeap(const std::string& path, size_t lengthBytes) {
  std::error_code ec;
  const uintmax_t fileSize = fs::file_size(path, ec);
  if (ec) return {};
  std::ifstream in(path, std::ios::binary), collections(path, std::ios::binary);
  constexpr uintmax_t kChunk = uintmax_t{4} << 20;
  std::string chunk;
  for (uintmax_t at = 0; at < fileSize; at += kChunk) {
    chunk.assign(static_cast<size_t>(std::min(kChunk + 3, fileSize - at)), '\0');  // 3: a signature across chunks
    in.seekg(static_cast<std::streamoff>(at));
    if (!in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()))) return {};
    for (size_t pos = chunk.find("GCOL"); pos != std::string::npos && pos < kChunk; pos = chunk.find("GCOL", pos + 1)) {
      const std::string why =
          whyGlobalHeapLoops(collectionAt(collections, at + pos, fileSize, lengthBytes), lengthBytes);
      if (!why.empty()) return "a global heap at byte " + std::to_string(at + pos) + " " + why;
    }
  }
  return {};
}

}  // namespace

std::string whyGlobalHeapLoops(const std::string& c, size_t lengthBytes) {
  const size_t header = 8 + lengthBytes, objectHeader = 8 + lengthBytes;
  if (c.size() < header || c.compare(0, 4, "GCOL") != 0 || c[4] != 1) return {};  // HDF5 refuses these itself
  for (size_t p = header; p < c.size() && p + objectHeader <= c.size();) {
    const auto index = littleEndian(c, p, 2);
    const uint64_t size = littleEndian(c, p + 8, lengthBytes), left = c.size() - p;
    if (size > left) return "holds an object larger than the heap (damaged)";
    const uint64_t step = index > 0 ? objectHeader + (size + 7) / 8 * 8 : size;
    if (step == 0) return "holds an empty free-space object: HDF5 would read it for ever (damaged)";
    p += static_cast<size_t>(std::min<uint64_t>(step, left));
  }
  return {};
}

void requireSafeGlobalHeaps(hid_t object) {
  const ssize_t length = H5Fget_name(object, nullptr, 0);
  if (length <= 0) return;
  std::string path(static_cast<size_t>(length) + 1, '\0');
  H5Fget_name(object, path.data(), path.size());
  path.resize(static_cast<size_t>(length));
  std::error_code ec;
  FileVersion version{path, fs::file_size(path, ec), fs::last_write_time(path, ec)};
  if (ec) return;
  static std::mutex mutex;
  static std::vector<FileVersion> safe;  // the last files found safe
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (std::find(safe.begin(), safe.end(), version) != safe.end()) return;
  }
  size_t lengthBytes = 8;
  const hid_t file = H5Iget_file_id(object);
  if (file >= 0) {
    const hid_t plist = H5Fget_create_plist(file);
    size_t addressBytes = 8;
    if (plist >= 0 && H5Pget_sizes(plist, &addressBytes, &lengthBytes) < 0) lengthBytes = 8;
    if (plist >= 0) H5Pclose(plist);
    H5Fclose(file);
  }
  const std::string why = findLoopingHeap(path, std::clamp<size_t>(lengthBytes, 2, 8));
  if (!why.empty()) throw BadInput(path + ": " + why);
  std::lock_guard<std::mutex> lock(mutex);
  if (safe.size() >= 64) safe.erase(safe.begin());
  safe.push_back(std::move(version));
}

}  // namespace trainscope
