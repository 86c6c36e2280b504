#include "engine/system/host_info.h"

#include <unistd.h>

#include <fstream>

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

}  // namespace trainscope
