#include "engine/record/tensor_file.h"

#include "engine/record/h5_columns.h"

#include <sstream>

namespace trainscope {

namespace {
hid_t h5TypeOf(const torch::Tensor& t) {
  switch (t.scalar_type()) {
    case torch::kFloat32: return H5T_NATIVE_FLOAT;
    case torch::kFloat64: return H5T_NATIVE_DOUBLE;
    case torch::kInt64: return H5T_NATIVE_INT64;
    case torch::kInt32: return H5T_NATIVE_INT32;
    case torch::kUInt8: return H5T_NATIVE_UINT8;
    case torch::kBool: return H5T_NATIVE_UINT8;  // numpy reads it as uint8 0/1
    default: throw std::invalid_argument(std::string("TensorFile: unsupported dtype ") + c10::toString(t.scalar_type()));
  }
}

hid_t openOrCreateGroup(hid_t parent, const std::string& name) {
  if (H5Lexists(parent, name.c_str(), H5P_DEFAULT) > 0) return H5Gopen2(parent, name.c_str(), H5P_DEFAULT);
  return H5Gcreate2(parent, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
}
}  // namespace

TensorFile::TensorFile(const std::string& path)
    : file_(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "create " + path) {}

void TensorFile::write(const std::string& path, const torch::Tensor& tensor,
                       const std::map<std::string, std::string>& attributes) {
  const torch::Tensor t = (tensor.scalar_type() == torch::kBool ? tensor.to(torch::kUInt8) : tensor).detach().to(torch::kCPU).contiguous();
  std::vector<hsize_t> dims(t.sizes().begin(), t.sizes().end());
  const auto slash = path.find_last_of('/');
  const std::string parent = slash == std::string::npos ? "/" : path.substr(0, slash);
  const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  H5Handle group(H5Gopen2(file_.get(), "/", H5P_DEFAULT), H5Gclose, "open /");
  std::stringstream parts(parent);
  for (std::string part; std::getline(parts, part, '/');)
    if (!part.empty()) group = H5Handle(openOrCreateGroup(group.get(), part), H5Gclose, "group " + part);
  H5Handle space(dims.empty() ? H5Screate(H5S_SCALAR) : H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr),
                 H5Sclose, "dataspace");
  const hid_t type = h5TypeOf(t);
  H5Handle d(H5Dcreate2(group.get(), name.c_str(), type, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose,
             "create dataset " + path);
  if (t.numel() > 0 && H5Dwrite(d.get(), type, H5S_ALL, H5S_ALL, H5P_DEFAULT, t.data_ptr()) < 0)
    throw std::runtime_error("HDF5: writing " + path + " failed");
  h5WriteAttribute(d.get(), "dtype", std::string(c10::toString(tensor.scalar_type())));
  for (const auto& [key, value] : attributes) h5WriteAttribute(d.get(), key.c_str(), value);
}

void TensorFile::setAttribute(const std::string& objectPath, const std::string& name, const std::string& value) {
  H5Handle o(H5Oopen(file_.get(), objectPath.c_str(), H5P_DEFAULT), H5Oclose, "open " + objectPath);
  h5WriteAttribute(o.get(), name.c_str(), value);
}

void TensorFile::setAttribute(const std::string& objectPath, const std::string& name, int64_t value) {
  H5Handle o(H5Oopen(file_.get(), objectPath.c_str(), H5P_DEFAULT), H5Oclose, "open " + objectPath);
  h5WriteAttribute(o.get(), name.c_str(), value);
}

void TensorFile::setAttribute(const std::string& objectPath, const std::string& name, double value) {
  H5Handle o(H5Oopen(file_.get(), objectPath.c_str(), H5P_DEFAULT), H5Oclose, "open " + objectPath);
  H5Handle space(H5Screate(H5S_SCALAR), H5Sclose, "dataspace");
  H5Handle attr(H5Acreate2(o.get(), name.c_str(), H5T_IEEE_F64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose,
                "attribute " + name);
  H5Awrite(attr.get(), H5T_NATIVE_DOUBLE, &value);
}

}  // namespace trainscope
