#include "engine/config/file_input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iterator>

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

bool isSystemTree(const fs::path& path) {
  std::error_code ec;
  const fs::path resolved = fs::weakly_canonical(fs::absolute(path, ec), ec);
  auto part = resolved.begin();
  if (part == resolved.end() || ++part == resolved.end()) return false;  // "/" alone
  if (*part == "proc" || *part == "sys") return true;
  if (*part != "dev") return false;
  const auto below = std::next(part);  // /dev/shm is memory, a common scratch place for data
  return below == resolved.end() || *below != "shm";
}

bool staysWithin(const fs::path& root, const fs::path& path) {
  std::error_code ec;
  const fs::path resolved = fs::weakly_canonical(path, ec);
  if (ec) return false;
  const fs::path relative = resolved.lexically_relative(root);
  return !relative.empty() && *relative.begin() != "..";
}

std::string whyNotOutputFile(const fs::path& out, bool streams) {
  struct stat st {};
  if (streams && ::stat(out.c_str(), &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) return "";
  if (!streams && ::lstat(out.c_str(), &st) == 0) {
    if (S_ISLNK(st.st_mode)) return "is a symbolic link: name the file itself";
    if (!S_ISREG(st.st_mode)) return kindOf(st.st_mode);
  }
  std::error_code ec;
  fs::path folder = fs::weakly_canonical(fs::absolute(out, ec), ec).parent_path();
  for (; !folder.empty(); folder = folder.parent_path()) {
    if (entryExists(folder / "run.json") && (entryExists(folder / "metrics.h5") || entryExists(folder / "checkpoints")))
      return "is inside the run folder " + folder.string() + ": a run's own files are written by the run alone";
    if (folder == folder.root_path()) break;
  }
  return "";
}

void requireOutputFile(const fs::path& out, const std::string& option, bool streams) {
  const std::string why = whyNotOutputFile(out, streams);
  if (!why.empty()) throw BadInput((option.empty() ? "" : option + " ") + out.string() + " " + why);
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
