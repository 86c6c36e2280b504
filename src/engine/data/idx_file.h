// The IDX format of MNIST and Fashion-MNIST, plain or gzipped.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct IdxArray {
  std::vector<int32_t> dims;  // e.g. {60000, 28, 28}
  std::vector<uint8_t> data;  // unsigned bytes, row-major
};

// Reads an unsigned-byte IDX file (.gz or not). Throws std::runtime_error naming
// the path and what is wrong (missing, truncated, bad magic).
IdxArray readIdxFile(const std::string& path);

}  // namespace trainscope
