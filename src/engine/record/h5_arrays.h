// Whole n-dimensional HDF5 datasets written and read in one call: for the small files
// rewritten whole at each epoch's end (samples.h5, predictions.h5).
#pragma once

#include "engine/record/h5_handle.h"

#include <algorithm>
#include <string>
#include <vector>

namespace trainscope {

// Writes `data` (row-major, `dims`) as dataset `name` of `where`; throws naming the file.
inline void h5WriteArray(hid_t where, const char* name, hid_t type, const std::vector<hsize_t>& dims,
                         const void* data) {
  H5Handle space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), H5Sclose, "dataspace");
  H5Handle set(H5Dcreate2(where, name, type, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose, name);
  if (H5Dwrite(set.get(), type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data) < 0) throwHdf5WriteError(where, name);
}

// Reads dataset `name` whole, row-major, with its dimensions.
template <typename T>
std::vector<T> h5ReadArray(hid_t file, const char* name, hid_t type, std::vector<hsize_t>* dims) {
  H5Handle set(H5Dopen2(file, name, H5P_DEFAULT), H5Dclose, std::string("opening ") + name);
  H5Handle space(H5Dget_space(set.get()), H5Sclose, "dataspace");
  dims->assign(static_cast<size_t>(std::max(H5Sget_simple_extent_ndims(space.get()), 0)), 0);
  H5Sget_simple_extent_dims(space.get(), dims->data(), nullptr);
  hsize_t count = 1;
  for (hsize_t d : *dims) count *= d;
  std::vector<T> out(count);
  if (count > 0 && H5Dread(set.get(), type, H5S_ALL, H5S_ALL, H5P_DEFAULT, out.data()) < 0)
    throw std::runtime_error(std::string("cannot read ") + name);
  return out;
}

}  // namespace trainscope
