// A run's folder: run.json (config, versions, device, times, status), metrics.h5,
// checkpoints/, log.txt. Layout: docs/run-format.md.
#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace trainscope {

class RunRecord {
 public:
  // Makes a new folder runs_dir/<name>-<YYYYmmdd-HHMMSS>[-N].
  static RunRecord create(const std::string& runs_dir, const std::string& name);
  // Opens an existing run folder (throws std::runtime_error when run.json is unreadable).
  static RunRecord open(const std::string& dir);
  // The record as rank `rank` > 0 of a data-parallel run sees it: rank 0 writes the run,
  // so save() and the spare space do nothing here and the log is log.rank-N.txt. The
  // folder need not exist yet (a machine without the shared filesystem gets its own).
  static RunRecord follower(const std::string& dir, int rank);
  bool writer() const { return rank_ == 0; }

  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path metricsPath() const { return dir_ / "metrics.h5"; }
  std::filesystem::path checkpointsDir() const { return checkpointsDirOf(dir_); }
  static std::filesystem::path checkpointsDirOf(const std::filesystem::path& runDir) { return runDir / "checkpoints"; }
  std::filesystem::path lastCheckpoint() const { return checkpointsDir() / "last.pt"; }
  std::filesystem::path bestCheckpoint() const { return checkpointsDir() / "best.pt"; }
  // A checkpoint as a user names it (--from, --checkpoint): "best" or "best.pt" is in
  // checkpoints/, a path stays itself; a name without an extension gets ".pt".
  std::filesystem::path namedCheckpoint(const std::string& name) const;
  std::filesystem::path logPath() const {
    return dir_ / (rank_ == 0 ? std::string("log.txt") : "log.rank-" + std::to_string(rank_) + ".txt");
  }

  nlohmann::json& info() { return info_; }
  // Writes run.json atomically (temporary file, then rename). Throws naming the file
  // when the disk refuses, after trying once more with the spare space given back.
  void save() const;
  // Sets 256 KiB aside (.spare) while the run is written, so that a full disk can
  // still record how it ended; released when the writer is done.
  void keepSpareSpace() const;
  void releaseSpareSpace() const;
  std::filesystem::path sparePath() const { return dir_ / ".spare"; }
  // Appends a line to log.txt; throws naming the file when the disk refuses it.
  void appendLog(const std::string& line) const;
  // Adds (path, reason) pairs to run.json's "skipped" list, each path once (a resumed
  // run keeps what its earlier sessions listed). Saved with the next save().
  void addSkipped(const std::vector<std::pair<std::string, std::string>>& items);

 private:
  explicit RunRecord(std::filesystem::path dir) : dir_(std::move(dir)) {}
  std::filesystem::path dir_;
  int rank_ = 0;
  nlohmann::json info_ = nlohmann::json::object();
};

// Local time by strftime's `format`, e.g. "%Y%m%d-%H%M%S" for a folder's name.
std::string timeStamp(const char* format);
// A name as a folder name: letters, digits, '-', '_', '.' and (valid UTF-8) letters of
// any script are kept (张三 stays 张三), anything else becomes '_'; a leading '.' gets a
// '_' before it (never a hidden folder, never "..") and the result is cut, on a
// character's boundary, to kMaxFolderNameBytes. "run" for an empty name.
std::string runFolderName(const std::string& name);
constexpr size_t kMaxFolderNameBytes = 120;
// The longest run name a config may give (run_name): longer is refused with the limit.
// Generous: grids, searches and lessons add what they change to the name they were given.
constexpr size_t kMaxRunNameBytes = 4096;  // NAME_MAX is 255: room for "-YYYYmmdd-HHMMSS-N" and ".bundle.tar"
// Local time as ISO 8601 with offset, e.g. 2026-11-30T08:15:02+0000.
std::string isoTimeNow();
double unixTimeNow();

}  // namespace trainscope
