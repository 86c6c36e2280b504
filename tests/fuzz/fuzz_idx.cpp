// The IDX reader (Fashion-MNIST's format, plain or gzipped): any bytes are an array or
// a std::runtime_error naming what is wrong.
#include "engine/data/idx_file.h"
#include "fuzz_input.h"

#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const bool gzipped = size >= 2 && data[0] == 0x1F && data[1] == 0x8B;
  const std::string path = trainscope::fuzz::writeInput(gzipped ? "images.idx.gz" : "images.idx", data, size);
  try {
    const trainscope::IdxArray a = trainscope::readIdxFile(path);
    size_t expected = a.dims.empty() ? 0 : 1;
    for (int32_t d : a.dims) expected *= static_cast<size_t>(d);
    if (a.data.size() != expected) __builtin_trap();  // the array must be as its header says
  } catch (const std::runtime_error&) {
  }
  return 0;
}
