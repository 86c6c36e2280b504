#include "engine/data/idx_file.h"

#include <zlib.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace trainscope {

namespace {
constexpr size_t kMaxBytes = size_t{16} << 30;
}  // namespace

IdxArray readIdxFile(const std::string& path) {
  // gzopen reads uncompressed files transparently too.
  std::unique_ptr<gzFile_s, int (*)(gzFile)> f(gzopen(path.c_str(), "rb"), &gzclose);
  if (!f) throw std::runtime_error(path + ": cannot open");
  auto readExact = [&](void* buf, size_t n, const char* what) {
    size_t got = 0;
    while (got < n) {
      const int r =
          gzread(f.get(), static_cast<char*>(buf) + got, static_cast<unsigned>(std::min<size_t>(n - got, 1u << 30)));
      if (r <= 0) throw std::runtime_error(path + ": truncated while reading " + what);
      got += static_cast<size_t>(r);
    }
  };
  uint8_t magic[4];
  readExact(magic, 4, "the header");
  if (magic[0] != 0 || magic[1] != 0 || magic[2] != 0x08)
    throw std::runtime_error(path + ": not an unsigned-byte IDX file (bad magic number)");
  const int rank = magic[3];
  if (rank < 1 || rank > 4) throw std::runtime_error(path + ": unsupported IDX rank " + std::to_string(rank));
  IdxArray a;
  size_t count = 1;
  for (int i = 0; i < rank; ++i) {
    uint8_t b[4];
    readExact(b, 4, "the dimensions");
    const int32_t d = (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3];
    if (d <= 0) throw std::runtime_error(path + ": bad dimension " + std::to_string(d));
    a.dims.push_back(d);
    if (count > kMaxBytes / static_cast<size_t>(d))
      throw std::runtime_error(path + ": its header claims more than 16 GiB of data");
    count *= static_cast<size_t>(d);
  }
  // In chunks, growing as the data really arrives: a header that lies about the size
  // ends in "truncated", not in a huge allocation.
  constexpr size_t kChunk = size_t{64} << 20;
  while (a.data.size() < count) {
    const size_t start = a.data.size(), n = std::min(kChunk, count - start);
    a.data.resize(start + n);
    readExact(a.data.data() + start, n, "the data");
  }
  return a;
}

}  // namespace trainscope
