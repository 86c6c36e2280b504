#include "engine/system/atomic_file.h"

#include "engine/config/file_input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

namespace trainscope {

namespace {
// "" when `path` is absent or a regular file; else what it is. A rename replaces
// whatever stands at its target (a device node, as root): only a file is replaced.
std::string whyNotReplaceable(const std::filesystem::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return "";
  if (S_ISLNK(st.st_mode)) return "it is a symbolic link, not replaced";
  if (S_ISDIR(st.st_mode)) return "it is a folder";
  return "it is a device, FIFO or socket, not a file: not replaced";
}

// The temporary beside `path`, made new (O_EXCL, never through a link): a planted
// NAME.tmp link cannot redirect the write.
std::FILE* createTemporary(const std::filesystem::path& tmp) {
  ::unlink(tmp.c_str());  // an old one left by a crash, or a link: never written through
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);  // less the umask
  if (fd < 0) return nullptr;
  std::FILE* f = ::fdopen(fd, "wb");
  if (!f) ::close(fd);
  return f;
}
}  // namespace

bool writeFileAtomically(const std::filesystem::path& path, const std::string& bytes, std::string* why) {
  if (std::string no = whyNotReplaceable(path); !no.empty()) {
    *why = no;
    return false;
  }
  const std::filesystem::path tmp = path.string() + ".tmp";
  std::FILE* f = createTemporary(tmp);
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

bool writeOutputFile(const std::filesystem::path& path, const std::string& bytes, std::string* why) {
  if (std::string no = whyNotOutputFile(path); !no.empty()) {
    *why = path.string() + " " + no;
    return false;
  }
  return writeFileAtomically(path, bytes, why);
}

void copyFileAtomically(const std::filesystem::path& from, const std::filesystem::path& to) {
  if (std::string no = whyNotReplaceable(to); !no.empty())
    throw std::filesystem::filesystem_error(no, to, std::make_error_code(std::errc::invalid_argument));
  const std::filesystem::path tmp = to.string() + ".tmp";
  std::filesystem::remove(tmp);  // an old one, or a link planted there: the copy makes its own
  std::filesystem::copy_file(from, tmp);
  std::filesystem::rename(tmp, to);
}

std::filesystem::path partialPathFor(const std::filesystem::path& path) {
  return path.parent_path() / ("." + path.filename().string() + ".partial-" + std::to_string(getpid()));
}

}  // namespace trainscope
