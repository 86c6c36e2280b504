#include "engine/system/install_paths.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

namespace trainscope {

std::string sharedResourceDir(const std::string& name) {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  for (const char* up : {"..", "../.."}) {
    const fs::path candidate = exe.parent_path() / up / "share" / "trainscope" / name;
    if (fs::is_directory(candidate, ec)) return fs::weakly_canonical(candidate, ec).string();
  }
  return {};
}

std::string defaultRunsDir() {
  const char* home = std::getenv("HOME");
  if (!home || !*home) return "runs";
  return (fs::path(home) / "Trainscope" / "runs").string();
}

std::string userCacheDir() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && *xdg == '/') return (fs::path(xdg) / "trainscope").string();  // relative: ignored, as the spec says
  const char* home = std::getenv("HOME");
  if (!home || !*home) return {};
  return (fs::path(home) / ".cache" / "trainscope").string();
}

std::string runsFolder(const std::string& configured) {
  if (configured.empty()) return defaultRunsDir();
  const char* home = std::getenv("HOME");
  if (home && *home && (configured == "~" || configured.rfind("~/", 0) == 0))
    return (fs::path(home) / configured.substr(std::min<size_t>(2, configured.size()))).string();
  return configured;
}

std::string resolveShippedFile(const std::string& argument, const std::string& kind) {
  std::error_code ec;
  if (argument.empty() || fs::exists(argument, ec) || argument.find('/') != std::string::npos) return argument;
  const std::string dir = sharedResourceDir(kind);
  if (dir.empty()) return argument;
  for (const std::string& file : {argument, argument + ".json"}) {
    const fs::path candidate = fs::path(dir) / file;
    if (fs::is_regular_file(candidate, ec)) return candidate.string();
  }
  return argument;
}

std::vector<std::string> shippedNames(const std::string& kind) {
  std::vector<std::string> names;
  const std::string dir = sharedResourceDir(kind);
  std::error_code ec;
  if (dir.empty()) return names;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".json") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace trainscope
