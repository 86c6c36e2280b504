#include "engine/record/run_record.h"

#include <chrono>
#include <ctime>
#include <fstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace trainscope {

namespace {
std::string timeStamp(const char* format) {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

// Folder names keep letters, digits, '-', '_' and '.'; anything else becomes '_'.
std::string safeName(const std::string& name) {
  std::string s;
  for (unsigned char c : name) s += (std::isalnum(c) || c == '-' || c == '_' || c == '.') ? static_cast<char>(c) : '_';
  return s.empty() ? "run" : s;
}
}  // namespace

std::string isoTimeNow() { return timeStamp("%Y-%m-%dT%H:%M:%S%z"); }

double unixTimeNow() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

RunRecord RunRecord::create(const std::string& runsDir, const std::string& name) {
  fs::create_directories(runsDir);
  const std::string base = safeName(name) + "-" + timeStamp("%Y%m%d-%H%M%S");
  fs::path dir = fs::path(runsDir) / base;
  for (int n = 2; !fs::create_directory(dir); ++n) dir = fs::path(runsDir) / (base + "-" + std::to_string(n));
  fs::create_directories(dir / "checkpoints");
  return RunRecord(dir);
}

RunRecord RunRecord::open(const std::string& dirText) {
  RunRecord r{fs::path(dirText)};
  std::ifstream in(r.dir_ / "run.json");
  if (!in) throw std::runtime_error(dirText + ": no run.json (not a run folder?)");
  try {
    r.info_ = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(dirText + "/run.json: " + e.what());
  }
  fs::create_directories(r.checkpointsDir());
  return r;
}

void RunRecord::save() const {
  const fs::path tmp = dir_ / "run.json.tmp";
  {
    std::ofstream out(tmp);
    out << info_.dump(2) << "\n";
    if (!out) throw std::runtime_error("cannot write " + tmp.string());
  }
  fs::rename(tmp, dir_ / "run.json");
}

void RunRecord::appendLog(const std::string& line) const {
  std::ofstream out(logPath(), std::ios::app);
  out << line << "\n";
}

}  // namespace trainscope
