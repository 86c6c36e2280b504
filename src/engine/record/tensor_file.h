// Tensors to HDF5, readable with h5py and numpy: one dataset per tensor, with its
// dtype and shape, and attributes describing it. Values round-trip exactly.
#pragma once

#include "engine/record/h5_handle.h"
#include "engine/record/tensor_listing.h"

#include <torch/torch.h>

#include <map>
#include <string>
#include <vector>

namespace trainscope {

class TensorFile {
 public:
  enum class Mode { Truncate, Append };
  // Creates (truncates) the file, or with Append opens it to add to it (creating it
  // when it does not exist yet).
  explicit TensorFile(const std::string& path, Mode mode = Mode::Truncate);
  // Writes `tensor` (copied to the CPU; float32/float64/int64/int32/uint8/bool) at `path`
  // inside the file ("/layers/conv1/output"), creating groups on the way.
  void write(const std::string& path, const torch::Tensor& tensor,
             const std::map<std::string, std::string>& attributes = {});
  void setAttribute(const std::string& objectPath, const std::string& name, const std::string& value);
  void setAttribute(const std::string& objectPath, const std::string& name, int64_t value);
  void setAttribute(const std::string& objectPath, const std::string& name, double value);
  void setAttribute(const std::string& objectPath, const std::string& name, const std::vector<int64_t>& values);
  bool exists(const std::string& path) const;

  // Reads a dataset back as a CPU tensor of the dtype it was written with (bool comes
  // back as uint8). Throws std::runtime_error naming the file and path.
  static torch::Tensor read(const std::string& file, const std::string& path);

 private:
  H5Handle file_;
};

}  // namespace trainscope
