#include "engine/record/tensor_listing.h"

#include "engine/record/h5_columns.h"
#include "engine/record/h5_handle.h"

#include <algorithm>
#include <stdexcept>

namespace trainscope {

namespace {
herr_t collectDataset(hid_t group, const char* name, const H5L_info_t*, void* out) {
  hid_t d;
  H5E_BEGIN_TRY { d = H5Dopen2(group, name, H5P_DEFAULT); }
  H5E_END_TRY;
  if (d < 0) return 0;  // a group
  H5Handle dataset(d, H5Dclose, name);
  StoredTensor s;
  s.path = std::string("/") + name;
  H5Handle space(H5Dget_space(d), H5Sclose, "dataspace");
  const int rank = H5Sget_simple_extent_ndims(space.get());
  std::vector<hsize_t> dims(static_cast<size_t>(std::max(rank, 0)));
  if (rank > 0) H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  s.shape.assign(dims.begin(), dims.end());
  s.dtype = h5ReadStringAttribute(d, "dtype");
  static_cast<std::vector<StoredTensor>*>(out)->push_back(std::move(s));
  return 0;
}
}  // namespace

std::vector<StoredTensor> listStoredTensors(const std::string& file) {
  quietHdf5Errors();
  H5Handle f(H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose, "open " + file);
  std::vector<StoredTensor> out;
  if (H5Lvisit(f.get(), H5_INDEX_NAME, H5_ITER_INC, collectDataset, &out) < 0)
    throw std::runtime_error("HDF5: listing " + file + " failed");
  return out;
}

}  // namespace trainscope
