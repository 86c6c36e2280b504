#include "engine/system/host_info.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

namespace trainscope {

std::string hostName() {
  char name[256] = {};
  return gethostname(name, sizeof name - 1) == 0 && *name ? name : "unknown";
}

std::string cpuModel() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    const auto colon = line.find(':');
    return colon == std::string::npos ? "" : line.substr(line.find_first_not_of(' ', colon + 1));
  }
  return {};
}

std::vector<std::string> bf16InstructionsIn(const std::string& flags) {
  std::vector<std::string> found;
  std::istringstream words(flags);
  for (std::string w; words >> w;)
    if (w == "avx512_bf16" || w == "amx_bf16" || w == "bf16") found.push_back(w);
  return found;
}

std::vector<std::string> nativeBf16Instructions() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {  // x86 says "flags", ARM "Features"
    if (line.rfind("flags", 0) != 0 && line.rfind("Features", 0) != 0) continue;
    const auto colon = line.find(':');
    return colon == std::string::npos ? std::vector<std::string>{} : bf16InstructionsIn(line.substr(colon + 1));
  }
  return {};
}

}  // namespace trainscope
