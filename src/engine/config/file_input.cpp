#include "engine/config/file_input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace trainscope {

namespace fs = std::filesystem;

namespace {
std::string kindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "is a folder, not a file";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a regular file";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "is a device, not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "is not a regular file";
}

std::string errnoReason(int error) {
  if (error == ENOENT) return "does not exist";
  if (error == ELOOP) return "is a symlink loop";
  if (error == EACCES) return "cannot be read (permission denied)";
  return std::string("cannot be opened (") + std::strerror(error) + ")";
}

// Closes a descriptor on every way out.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};
}  // namespace

std::string whyNotRegularFile(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return errnoReason(errno);
  return S_ISREG(st.st_mode) ? std::string() : kindOf(st.st_mode);
}

void requireRegularFile(const fs::path& path) {
  const std::string why = whyNotRegularFile(path);
  if (!why.empty()) throw BadInput(path.string() + " " + why);
}

std::string readRegularFile(const fs::path& path, std::uintmax_t maxBytes) {
  // O_NONBLOCK: opening a FIFO for reading would wait for a writer; fstat then refuses it.
  const Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (file.fd < 0) throw BadInput(path.string() + " " + errnoReason(errno));
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) throw BadInput(path.string() + " " + errnoReason(errno));
  if (!S_ISREG(st.st_mode)) throw BadInput(path.string() + " " + kindOf(st.st_mode));
  const auto size = static_cast<std::uintmax_t>(st.st_size);
  if (size > maxBytes)
    throw BadInput(path.string() + " is " + std::to_string(size >> 20) + " MB, more than the " +
                   std::to_string(maxBytes >> 20) + " MB such a file can be");
  std::string bytes(size, '\0');
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::read(file.fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw BadInput(path.string() + " could not be read (" + std::strerror(errno) + ")");
    if (n == 0) break;  // shrank while read: what there is
    done += static_cast<size_t>(n);
  }
  bytes.resize(done);
  return bytes;
}

int jsonNestingDepth(const std::string& text) {
  int depth = 0, deepest = 0;
  bool inString = false, escaped = false;
  for (const char c : text) {
    if (inString) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

nlohmann::json parseJsonText(const std::string& text, const std::string& what) {
  if (jsonNestingDepth(text) > kMaxJsonDepth)
    throw BadInput(what + " nests objects or arrays more than " + std::to_string(kMaxJsonDepth) +
                   " levels deep (damaged, or not written by Trainscope)");
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw BadInput(what + " is not valid JSON: " + e.what());
  }
}

nlohmann::json readJsonFile(const fs::path& path) {
  return parseJsonText(readRegularFile(path, kMaxJsonBytes), path.string());
}

nlohmann::json readJsonObject(const fs::path& path) {
  nlohmann::json j = readJsonFile(path);
  if (!j.is_object()) throw BadInput(path.string() + " does not hold a JSON object ({ ... })");
  return j;
}

bool entryExists(const fs::path& path) {
  std::error_code ec;
  return fs::exists(fs::symlink_status(path, ec));
}

fs::path firstUnusedPath(const fs::path& dir, const std::string& stem, const std::string& extension) {
  fs::path path = dir / (stem + extension);
  for (int n = 2; entryExists(path); ++n) path = dir / (stem + "-" + std::to_string(n) + extension);
  return path;
}

fs::path setAsideDamaged(const fs::path& file) {
  const fs::path target = firstUnusedPath(file.parent_path(), file.filename().string() + ".damaged", "");
  fs::rename(file, target);
  return target;
}

std::string expandHome(const std::string& path) {
  const char* home = std::getenv("HOME");
  if (!home || !*home || !(path == "~" || path.rfind("~/", 0) == 0)) return path;
  return (fs::path(home) / path.substr(std::min<size_t>(2, path.size()))).string();
}

}  // namespace trainscope
