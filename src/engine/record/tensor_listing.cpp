#include "engine/record/tensor_listing.h"

#include "engine/record/h5_columns.h"
#include "engine/record/h5_handle.h"
#include "engine/record/h5_read.h"

#include <algorithm>
#include <stdexcept>

namespace trainscope {

namespace {
struct Listing {
  std::vector<StoredTensor> tensors;
  std::string error;  // an exception must not cross HDF5's C frames: kept, thrown after
};

void collect(hid_t group, const char* name, Listing& out) {
  hid_t d;
  H5E_BEGIN_TRY { d = H5Dopen2(group, name, H5P_DEFAULT); }
  H5E_END_TRY;
  if (d < 0) return;  // a group
  H5Handle dataset(d, H5Dclose, name);
  StoredTensor s;
  s.path = std::string("/") + name;
  const std::vector<hsize_t> dims = h5CheckedDims(d, name, -1);
  s.shape.assign(dims.begin(), dims.end());
  s.dtype = h5ReadStringAttribute(d, "dtype");
  out.tensors.push_back(std::move(s));
}

herr_t collectDataset(hid_t group, const char* name, const H5L_info_t*, void* data) {
  auto& out = *static_cast<Listing*>(data);
  try {
    collect(group, name, out);
    return 0;
  } catch (const std::exception& e) {
    out.error = e.what();
    return -1;
  }
}
}  // namespace

std::vector<StoredTensor> listStoredTensors(const std::string& file) {
  const H5Handle f = h5OpenForReading(file, false);
  Listing out;
  if (H5Lvisit(f.get(), H5_INDEX_NAME, H5_ITER_INC, collectDataset, &out) < 0)
    throw BadInput(out.error.empty() ? file + " could not be listed (damaged?)" : out.error);
  return out.tensors;
}

}  // namespace trainscope
