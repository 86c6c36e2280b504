#include "engine/record/run_lock.h"
#include "engine/system/host_info.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <map>
#include <mutex>
#include <thread>

namespace trainscope {

namespace {
std::filesystem::path lockPath(const std::filesystem::path& runDir) { return runDir / ".lock"; }

std::string readAll(int fd) {
  std::string text;
  char buffer[512];
  lseek(fd, 0, SEEK_SET);
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) text.append(buffer, static_cast<size_t>(n));
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

std::string now() {
  const std::time_t t = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", std::localtime(&t));
  return text;
}

// The runs this process writes, with what the lock file says. flock alone would do on
// a local disk, but on NFS Linux emulates it with POSIX locks, which are per process:
// a second look from this process would succeed, and closing its descriptor would
// drop the writer's lock. So this process asks itself first.
std::mutex heldMutex;
std::map<std::string, std::string>& heldHere() {
  static std::map<std::string, std::string> held;
  return held;
}

std::string keyOf(const std::filesystem::path& runDir) {
  std::error_code ec;
  const auto canonical = std::filesystem::weakly_canonical(runDir, ec);
  return (ec ? runDir : canonical).string();
}
}  // namespace

std::unique_ptr<RunLock> RunLock::acquire(const std::filesystem::path& runDir, const std::string& purpose) {
  {
    std::lock_guard<std::mutex> lock(heldMutex);
    const auto it = heldHere().find(keyOf(runDir));
    if (it != heldHere().end())
      throw RunLockedError(runDir.string() + " is being written by " + it->second +
                           "; one writer per run: wait for it to end, or stop it first");
  }
  // O_CLOEXEC: the app's child processes (queued runs) must not inherit the app's locks.
  // O_NOFOLLOW and O_NONBLOCK: a .lock that is a link or a FIFO is never truncated through
  // nor waited on; fstat refuses anything but a plain file.
  const int fd = open(lockPath(runDir).c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
  if (fd < 0) throw std::runtime_error("cannot lock " + runDir.string() + " for writing: " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    throw std::runtime_error("cannot lock " + runDir.string() + " for writing: its .lock is not a plain file");
  }
  for (int attempt = 0;; ++attempt) {
    if (flock(fd, LOCK_EX | LOCK_NB) == 0) break;
    if (errno != EWOULDBLOCK || attempt == 20) {
      const std::string who = readAll(fd);
      close(fd);
      throw RunLockedError(runDir.string() + " is being written by " + (who.empty() ? "another process" : who) +
                           "; one writer per run: wait for it to end, or stop it first");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // a holder() look, most likely
  }
  const std::string who =
      "pid " + std::to_string(getpid()) + " on " + hostName() + ", " + purpose + ", since " + now() + "\n";
  if (ftruncate(fd, 0) != 0 || pwrite(fd, who.data(), who.size(), 0) != static_cast<ssize_t>(who.size())) {
    // The lock holds without the note; only the message to a second writer is poorer.
  }
  std::lock_guard<std::mutex> lock(heldMutex);
  auto held = std::unique_ptr<RunLock>(new RunLock(fd));
  held->key_ = keyOf(runDir);
  heldHere()[held->key_] = who.substr(0, who.size() - 1);
  return held;
}

std::string RunLock::holder(const std::filesystem::path& runDir) {
  {
    std::lock_guard<std::mutex> lock(heldMutex);
    const auto it = heldHere().find(keyOf(runDir));
    if (it != heldHere().end()) return it->second;  // this process writes it: no look at the file
  }
  // O_NOFOLLOW and O_NONBLOCK: a .lock that is a link or a FIFO (a handed-in folder) is
  // never followed nor waited on; a plain lock file is the only kind a writer makes.
  const int fd = open(lockPath(runDir).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return "";  // never locked
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return "";
  }
  std::string who;
  // A shared lock conflicts only with a writer's exclusive one; it is released at once.
  if (flock(fd, LOCK_SH | LOCK_NB) == 0) {
    flock(fd, LOCK_UN);
  } else if (errno == EWOULDBLOCK) {
    who = readAll(fd);
    if (who.empty()) who = "another process";
  }
  close(fd);
  return who;
}

RunLock::~RunLock() {
  {
    std::lock_guard<std::mutex> lock(heldMutex);
    heldHere().erase(key_);
  }
  // Unlocked before the close: a child forked meanwhile (a script's DataLoader
  // workers) shares the descriptor, and only an explicit unlock frees it for all.
  if (fd_ >= 0) flock(fd_, LOCK_UN), close(fd_);
}

}  // namespace trainscope
