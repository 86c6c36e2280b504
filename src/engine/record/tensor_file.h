// Tensors to HDF5, readable with h5py and numpy: one dataset per tensor, with its
// dtype and shape, and attributes describing it. Values round-trip exactly.
#pragma once

#include "engine/record/h5_handle.h"

#include <torch/torch.h>

#include <map>
#include <string>

namespace trainscope {

class TensorFile {
 public:
  // Creates (truncates) the file.
  explicit TensorFile(const std::string& path);
  // Writes `tensor` (copied to the CPU; float32/float64/int64/int32/uint8/bool) at `path`
  // inside the file ("/layers/conv1/output"), creating groups on the way.
  void write(const std::string& path, const torch::Tensor& tensor,
             const std::map<std::string, std::string>& attributes = {});
  void setAttribute(const std::string& objectPath, const std::string& name, const std::string& value);
  void setAttribute(const std::string& objectPath, const std::string& name, int64_t value);
  void setAttribute(const std::string& objectPath, const std::string& name, double value);

 private:
  H5Handle file_;
};

}  // namespace trainscope
