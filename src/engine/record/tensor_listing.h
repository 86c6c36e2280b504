// What a tensors.h5 holds, without reading the tensors: path, shape and dtype of
// every dataset. HDF5 only, no torch, so the CLI can list a run's tensors cheaply.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct StoredTensor {
  std::string path;  // "/step_000002/conv1/activation"
  std::vector<int64_t> shape;
  std::string dtype;  // the "dtype" attribute (float32, ...)
};

// Every dataset in the file, in name order. Throws std::runtime_error naming the file.
std::vector<StoredTensor> listStoredTensors(const std::string& file);

}  // namespace trainscope
