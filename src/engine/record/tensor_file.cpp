#include "engine/record/tensor_file.h"

#include "engine/record/h5_columns.h"
#include "engine/record/h5_read.h"

#include <filesystem>
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
    default:
      throw std::invalid_argument(std::string("TensorFile: unsupported dtype ") + c10::toString(t.scalar_type()));
  }
}

// numpy's names, as h5py users will compare them.
std::string numpyName(torch::ScalarType t) {
  switch (t) {
    case torch::kFloat32: return "float32";
    case torch::kFloat64: return "float64";
    case torch::kInt64: return "int64";
    case torch::kInt32: return "int32";
    case torch::kUInt8: return "uint8";
    case torch::kBool: return "bool";
    default: return c10::toString(t);
  }
}

hid_t openOrCreateGroup(hid_t parent, const std::string& name) {
  if (H5Lexists(parent, name.c_str(), H5P_DEFAULT) > 0) return H5Gopen2(parent, name.c_str(), H5P_DEFAULT);
  return H5Gcreate2(parent, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
}
}  // namespace

namespace {
hid_t openFile(const std::string& path, TensorFile::Mode mode) {
  // Append never truncates: a file that exists but will not open is an error, not
  // something to overwrite with an empty one.
  if (mode == TensorFile::Mode::Append && std::filesystem::exists(path)) {
    quietHdf5Errors();
    const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    if (f < 0)
      throw std::runtime_error(path + " exists but cannot be opened for writing (damaged or read-only); nothing saved");
    return f;
  }
  quietHdf5Errors();
  return H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
}
}  // namespace

TensorFile::TensorFile(const std::string& path, Mode mode) : file_(openFile(path, mode), H5Fclose, "create " + path) {}

bool TensorFile::exists(const std::string& path) const {
  // H5Lexists needs every group on the way to exist: walk them.
  std::string sofar;
  std::stringstream parts(path);
  for (std::string part; std::getline(parts, part, '/');) {
    if (part.empty()) continue;
    sofar += "/" + part;
    if (H5Lexists(file_.get(), sofar.c_str(), H5P_DEFAULT) <= 0) return false;
  }
  return !sofar.empty();
}

torch::Tensor TensorFile::read(const std::string& file, const std::string& path) {
  const H5Handle f = h5OpenForReading(file, false);
  const H5Handle d = h5OpenDataset(f.get(), path);
  const std::vector<hsize_t> dims = h5CheckedDims(d.get(), path, -1);
  H5Handle type(H5Dget_type(d.get()), H5Tclose, "type");
  torch::ScalarType scalar;
  hid_t memType;
  const size_t size = H5Tget_size(type.get());
  switch (H5Tget_class(type.get())) {
    case H5T_FLOAT:
      scalar = size == 4 ? torch::kFloat32 : torch::kFloat64;
      memType = size == 4 ? H5T_NATIVE_FLOAT : H5T_NATIVE_DOUBLE;
      break;
    case H5T_INTEGER:
      if (size == 1)
        scalar = torch::kUInt8, memType = H5T_NATIVE_UINT8;
      else if (size == 4)
        scalar = torch::kInt32, memType = H5T_NATIVE_INT32;
      else
        scalar = torch::kInt64, memType = H5T_NATIVE_INT64;
      break;
    default: throw BadInput(file + ": " + path + " is not a numeric dataset");
  }
  std::vector<int64_t> shape(dims.begin(), dims.end());
  torch::Tensor t = torch::empty(shape, torch::TensorOptions().dtype(scalar));
  if (t.numel() > 0 && H5Dread(d.get(), memType, H5S_ALL, H5S_ALL, H5P_DEFAULT, t.data_ptr()) < 0)
    throwDamaged(d.get(), path, "could not be read");
  return t;
}

void TensorFile::write(const std::string& path, const torch::Tensor& tensor,
                       const std::map<std::string, std::string>& attributes) {
  const torch::Tensor t =
      (tensor.scalar_type() == torch::kBool ? tensor.to(torch::kUInt8) : tensor).detach().to(torch::kCPU).contiguous();
  std::vector<hsize_t> dims(t.sizes().begin(), t.sizes().end());
  const auto slash = path.find_last_of('/');
  const std::string parent = slash == std::string::npos ? "/" : path.substr(0, slash);
  const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  H5Handle group(H5Gopen2(file_.get(), "/", H5P_DEFAULT), H5Gclose, "open /");
  std::stringstream parts(parent);
  for (std::string part; std::getline(parts, part, '/');)
    if (!part.empty()) group = H5Handle(openOrCreateGroup(group.get(), part), H5Gclose, "group " + part);
  H5Handle space(
      dims.empty() ? H5Screate(H5S_SCALAR) : H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr),
      H5Sclose, "dataspace");
  const hid_t type = h5TypeOf(t);
  if (H5Lexists(group.get(), name.c_str(), H5P_DEFAULT) > 0)
    H5Ldelete(group.get(), name.c_str(), H5P_DEFAULT);  // rewritten
  H5Handle d(H5Dcreate2(group.get(), name.c_str(), type, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose,
             "create dataset " + path);
  if (t.numel() > 0 && H5Dwrite(d.get(), type, H5S_ALL, H5S_ALL, H5P_DEFAULT, t.data_ptr()) < 0)
    throw std::runtime_error("HDF5: writing " + path + " failed");
  h5WriteAttribute(d.get(), "dtype", numpyName(tensor.scalar_type()));
  for (const auto& [key, value] : attributes) h5WriteAttribute(d.get(), key.c_str(), value);
}

void TensorFile::setAttribute(const std::string& objectPath, const std::string& name, const std::string& value) {
  H5Handle o(H5Oopen(file_.get(), objectPath.c_str(), H5P_DEFAULT), H5Oclose, "open " + objectPath);
  if (H5Aexists(o.get(), name.c_str()) > 0) H5Adelete(o.get(), name.c_str());
  h5WriteAttribute(o.get(), name.c_str(), value);
}

void TensorFile::setAttribute(const std::string& objectPath, const std::string& name, int64_t value) {
  H5Handle o(H5Oopen(file_.get(), objectPath.c_str(), H5P_DEFAULT), H5Oclose, "open " + objectPath);
  if (H5Aexists(o.get(), name.c_str()) > 0) H5Adelete(o.get(), name.c_str());
  h5WriteAttribute(o.get(), name.c_str(), value);
}

void TensorFile::setAttribute(const std::string& objectPath, const std::string& name, double value) {
  H5Handle o(H5Oopen(file_.get(), objectPath.c_str(), H5P_DEFAULT), H5Oclose, "open " + objectPath);
  if (H5Aexists(o.get(), name.c_str()) > 0) H5Adelete(o.get(), name.c_str());
  H5Handle space(H5Screate(H5S_SCALAR), H5Sclose, "dataspace");
  H5Handle attr(H5Acreate2(o.get(), name.c_str(), H5T_IEEE_F64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose,
                "attribute " + name);
  H5Awrite(attr.get(), H5T_NATIVE_DOUBLE, &value);
}

void TensorFile::setAttribute(const std::string& objectPath, const std::string& name,
                              const std::vector<int64_t>& values) {
  H5Handle o(H5Oopen(file_.get(), objectPath.c_str(), H5P_DEFAULT), H5Oclose, "open " + objectPath);
  if (H5Aexists(o.get(), name.c_str()) > 0) H5Adelete(o.get(), name.c_str());
  const hsize_t n = values.size();
  H5Handle space(n ? H5Screate_simple(1, &n, nullptr) : H5Screate(H5S_NULL), H5Sclose, "dataspace");
  H5Handle attr(H5Acreate2(o.get(), name.c_str(), H5T_STD_I64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose,
                "attribute " + name);
  if (n) H5Awrite(attr.get(), H5T_NATIVE_INT64, values.data());
}

}  // namespace trainscope
