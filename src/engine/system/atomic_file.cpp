#include "engine/system/atomic_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

namespace trainscope {

bool writeFileAtomically(const std::filesystem::path& path, const std::string& bytes, std::string* why) {
  const std::filesystem::path tmp = path.string() + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  bool ok = f && std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size() && std::fflush(f) == 0 &&
            fsync(fileno(f)) == 0;  // on disk before the rename: a power cut leaves the old or the new
  const int error = errno;
  if (f && std::fclose(f) != 0) ok = false;
  std::error_code ec;
  if (ok) std::filesystem::rename(tmp, path, ec);
  if (ok && !ec) return true;
  *why = ok ? ec.message() : std::strerror(error);  // ok: the rename failed
  std::filesystem::remove(tmp, ec);
  return false;
}

void copyFileAtomically(const std::filesystem::path& from, const std::filesystem::path& to) {
  const std::filesystem::path tmp = to.string() + ".tmp";
  std::filesystem::copy_file(from, tmp, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::rename(tmp, to);
}

std::filesystem::path partialPathFor(const std::filesystem::path& path) {
  return path.parent_path() / ("." + path.filename().string() + ".partial-" + std::to_string(getpid()));
}

}  // namespace trainscope
