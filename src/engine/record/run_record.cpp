#include "engine/record/run_record.h"

#include "engine/config/file_input.h"
#include "engine/system/atomic_file.h"
#include "engine/system/quoting.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <stdexcept>
#include <unordered_set>

namespace fs = std::filesystem;

namespace trainscope {

std::string timeStamp(const char* format) {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

std::string isoTimeNow() { return timeStamp("%Y-%m-%dT%H:%M:%S%z"); }

double unixTimeNow() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string runFolderName(const std::string& name) {
  std::string out;
  for (size_t at = 0; at < name.size();) {
    const int length = utf8SequenceLength(name, at);
    const auto c = static_cast<unsigned char>(name[at]);
    std::string piece = "_";
    if (length == 1 && (std::isalnum(c) || c == '-' || c == '_' || c == '.'))
      piece = name.substr(at, 1);
    else if (length > 1 && terminalText(name.substr(at, length)) == name.substr(at, length))
      piece = name.substr(at, length);  // a letter of another script (no C1 control, no separator or override)
    if (out.size() + piece.size() > kMaxFolderNameBytes) break;
    out += piece;
    at += std::max(1, length);
  }
  if (!out.empty() && out[0] == '.') out.insert(out.begin(), '_');
  return out.empty() ? "run" : out;
}

RunRecord RunRecord::create(const std::string& runsDir, const std::string& name) {
  try {
    fs::create_directories(runsDir);
    const std::string base = runFolderName(name) + "-" + timeStamp("%Y%m%d-%H%M%S");
    fs::path dir = fs::path(runsDir) / base;
    for (int n = 2; !fs::create_directory(dir); ++n) dir = fs::path(runsDir) / (base + "-" + std::to_string(n));
    fs::create_directories(dir / "checkpoints");
    return RunRecord(dir);
  } catch (const fs::filesystem_error& e) {  // runs_dir=/dev/null, a read-only disk: a sentence, not errno text
    throw BadInput("cannot make a run folder in " + runsDir + ": " + e.code().message());
  }
}

fs::path RunRecord::namedCheckpoint(const std::string& name) const {
  fs::path chosen(name);
  if (!chosen.has_parent_path()) chosen = checkpointsDir() / chosen;
  if (chosen.extension().empty()) chosen += ".pt";
  return chosen;
}

RunRecord RunRecord::open(const std::string& dirText) {
  RunRecord r{fs::path(dirText)};
  if (!entryExists(r.dir_ / "run.json")) throw BadInput(dirText + ": no run.json (not a run folder?)");
  r.info_ = readJsonObject(r.dir_ / "run.json");
  fs::create_directories(r.checkpointsDir());
  return r;
}

RunRecord RunRecord::follower(const std::string& dir, int rank) {
  RunRecord r{fs::path(dir)};
  r.rank_ = rank;
  std::error_code ec;
  fs::create_directories(r.dir_, ec);
  return r;
}

void RunRecord::save() const {
  if (!writer()) return;
  const std::string text = info_.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  std::string why;
  if (writeFileAtomically(dir_ / "run.json", text, &why)) return;
  // A full disk must not keep the run from recording how it ended: give back the space
  // set aside for that, and try once more.
  std::error_code ec;
  if (fs::remove(sparePath(), ec) && writeFileAtomically(dir_ / "run.json", text, &why)) return;
  throw std::runtime_error("cannot write " + (dir_ / "run.json").string() + ": " + why);
}

void RunRecord::keepSpareSpace() const {
  if (!writer()) return;
  std::FILE* f = std::fopen(sparePath().c_str(), "w");
  if (!f) return;  // no room even for this: save() reports the failure when it comes
  static const std::string zeros(64 * 1024, '\0');
  for (int i = 0; i < 4; ++i) std::fwrite(zeros.data(), 1, zeros.size(), f);
  std::fclose(f);
}

void RunRecord::releaseSpareSpace() const {
  if (!writer()) return;
  std::error_code ec;
  fs::remove(sparePath(), ec);
}

void RunRecord::addSkipped(const std::vector<std::pair<std::string, std::string>>& items) {
  nlohmann::json& list = info_["skipped"];
  if (!list.is_array()) list = nlohmann::json::array();
  std::unordered_set<std::string> known;
  for (const auto& s : list)
    if (s.is_object()) known.insert(s.value("path", ""));
  for (const auto& [path, reason] : items)
    if (known.insert(path).second) list.push_back({{"path", path}, {"reason", reason}});
}

void RunRecord::appendLog(const std::string& line) const {
  // O_NONBLOCK: a FIFO put in log.txt's place must not stop the run; fstat refuses it.
  const int fd = ::open(logPath().c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error("cannot write " + logPath().string() + ": " + std::strerror(errno));
  struct stat st {};
  std::string why;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) why = "it is not a regular file";
  const std::string text = line + "\n";
  for (size_t done = 0; why.empty() && done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) why = n < 0 ? std::strerror(errno) : "nothing written";
    done += n > 0 ? static_cast<size_t>(n) : 0;
  }
  ::close(fd);
  if (!why.empty()) throw std::runtime_error("cannot write " + logPath().string() + ": " + why);
}

}  // namespace trainscope
