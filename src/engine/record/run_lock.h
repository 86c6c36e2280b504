// One writer per run folder. Training and resuming hold an advisory lock (flock) on
// <run>/.lock, which records the writer's pid, host and what it does; a second
// writer is refused with a message naming the holder. The kernel drops the lock when
// its process dies, so a crashed writer's lock is simply taken over.
#pragma once

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

namespace trainscope {

// Another process (or run in this one) writes the run.
class RunLockedError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class RunLock {
 public:
  // Takes the lock for `purpose` ("trainscope-cli train", ...), waiting up to a second
  // for a reader's brief look to end. Throws RunLockedError naming the holder.
  static std::unique_ptr<RunLock> acquire(const std::filesystem::path& runDir, const std::string& purpose);
  // Who writes the run now ("pid 1234 on host, trainscope-cli resume, since ..."), or
  // "" when nobody does. Never blocks a writer for long.
  static std::string holder(const std::filesystem::path& runDir);
  ~RunLock();
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

 private:
  explicit RunLock(int fd) : fd_(fd) {}
  int fd_ = -1;
  std::string key_;  // the run folder, canonical, in this process's list of runs it writes
};

}  // namespace trainscope
