// Whole n-dimensional HDF5 datasets written and read in one call: for the small files
// rewritten whole at each epoch's end (samples.h5, predictions.h5). Reading them is
// h5_read.h's h5ReadChecked.
#pragma once

#include "engine/record/h5_handle.h"

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

}  // namespace trainscope
