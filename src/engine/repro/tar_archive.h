// A plain POSIX tar (ustar) archive, written and read without libarchive: `tar xf`,
// Python's tarfile and every file manager open it. Only regular files, names up to 255
// bytes; enough for a reproducibility bundle.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace trainscope {

class TarWriter {
 public:
  // Writes beside `path` (system/atomic_file.h) and renames it there when close()
  // succeeds: nothing is under that name before, and two writers never mix.
  explicit TarWriter(const std::string& path);
  ~TarWriter();  // without close(): the partial file is removed
  void addBytes(const std::string& name, const std::string& bytes);
  void addFile(const std::string& name, const std::string& source);
  void close();

 private:
  void header(const std::string& name, uint64_t size);
  void pad(uint64_t size);
  std::string path_, partial_;
  std::ofstream out_;
  bool closed_ = false;
};

struct TarEntry {
  std::string name;
  uint64_t size = 0;
  uint64_t offset = 0;  // of the contents in the archive
};

class TarReader {
 public:
  // Reads the table of entries; throws naming the file when it is not a tar archive.
  explicit TarReader(const std::string& path);
  const std::vector<TarEntry>& entries() const { return entries_; }
  const TarEntry* find(const std::string& name) const;
  std::string readBytes(const TarEntry& entry);
  void extract(const TarEntry& entry, const std::string& destination);

 private:
  std::string path_;
  std::ifstream in_;
  std::vector<TarEntry> entries_;
};

}  // namespace trainscope
