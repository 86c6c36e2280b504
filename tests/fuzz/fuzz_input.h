// libFuzzer inputs reach the engine's readers as files, as users' files do: this puts
// the bytes at a fixed path in a private temporary folder (one fuzzer process, one
// input at a time).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace trainscope::fuzz {

inline const std::filesystem::path& scratchDir() {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("trainscope-fuzz-" + std::to_string(getpid()));
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

inline std::string writeInput(const std::string& name, const uint8_t* data, size_t size) {
  const auto path = scratchDir() / name;
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path.string();
}

}  // namespace trainscope::fuzz
