#include "engine/record/h5_columns.h"

#include <stdexcept>

namespace trainscope {

hid_t h5check(hid_t id, const char* what) {
  if (id < 0) throw std::runtime_error(std::string("HDF5: ") + what + " failed");
  return id;
}

namespace {
hid_t typeOf(bool integer) { return integer ? H5T_STD_I64LE : H5T_IEEE_F64LE; }
hid_t memTypeOf(bool integer) { return integer ? H5T_NATIVE_INT64 : H5T_NATIVE_DOUBLE; }

}  // namespace

void h5WriteAttribute(hid_t object, const char* name, const std::string& value) {
  hid_t type = H5Tcopy(H5T_C_S1);
  H5Tset_size(type, value.size() + 1);
  H5Tset_strpad(type, H5T_STR_NULLTERM);
  hid_t space = H5Screate(H5S_SCALAR);
  hid_t attr = h5check(H5Acreate2(object, name, type, space, H5P_DEFAULT, H5P_DEFAULT), "create attribute");
  H5Awrite(attr, type, value.c_str());
  H5Aclose(attr);
  H5Sclose(space);
  H5Tclose(type);
}

void h5WriteAttribute(hid_t object, const char* name, int64_t value) {
  hid_t space = H5Screate(H5S_SCALAR);
  hid_t attr = h5check(H5Acreate2(object, name, H5T_STD_I64LE, space, H5P_DEFAULT, H5P_DEFAULT), "create attribute");
  H5Awrite(attr, H5T_NATIVE_INT64, &value);
  H5Aclose(attr);
  H5Sclose(space);
}

void H5Columns::create(hid_t file, const std::string& group, const std::vector<Column>& columns) {
  hid_t g = h5check(H5Gcreate2(file, group.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), "create group");
  for (const auto& c : columns) {
    hsize_t dims[1] = {0}, maxDims[1] = {H5S_UNLIMITED}, chunk[1] = {1024};
    hid_t space = H5Screate_simple(1, dims, maxDims);
    hid_t props = H5Pcreate(H5P_DATASET_CREATE);
    H5Pset_chunk(props, 1, chunk);
    hid_t d = h5check(H5Dcreate2(g, c.name.c_str(), typeOf(c.integer), space, H5P_DEFAULT, props, H5P_DEFAULT),
                      "create dataset");
    if (!c.description.empty()) h5WriteAttribute(d, "description", c.description);
    H5Dclose(d);
    H5Pclose(props);
    H5Sclose(space);
  }
  H5Gclose(g);
}

H5Columns::H5Columns(hid_t file, const std::string& group, const std::vector<Column>& columns) : columns_(columns) {
  for (const auto& c : columns) {
    const std::string path = group + "/" + c.name;
    datasets_.push_back(h5check(H5Dopen2(file, path.c_str(), H5P_DEFAULT), "open dataset"));
  }
  hid_t space = H5Dget_space(datasets_.at(0));
  hsize_t dims[1];
  H5Sget_simple_extent_dims(space, dims, nullptr);
  H5Sclose(space);
  written_ = static_cast<int64_t>(dims[0]);
}

H5Columns::~H5Columns() {
  try {
    flush();
  } catch (...) {  // a destructor must not throw; the last flush is best effort
  }
  for (hid_t d : datasets_) H5Dclose(d);
}

void H5Columns::append(const std::vector<double>& row) {
  if (row.size() != columns_.size()) throw std::logic_error("H5Columns: row has the wrong number of values");
  pending_.push_back(row);
}

void H5Columns::flush() {
  if (pending_.empty()) return;
  const hsize_t n = pending_.size(), start = static_cast<hsize_t>(written_), total = start + n;
  for (size_t c = 0; c < columns_.size(); ++c) {
    hid_t d = datasets_[c];
    h5check(H5Dset_extent(d, &total), "extend dataset");
    hid_t fileSpace = H5Dget_space(d);
    H5Sselect_hyperslab(fileSpace, H5S_SELECT_SET, &start, nullptr, &n, nullptr);
    hid_t memSpace = H5Screate_simple(1, &n, nullptr);
    herr_t status;
    if (columns_[c].integer) {
      std::vector<int64_t> values(n);
      for (hsize_t i = 0; i < n; ++i) values[i] = static_cast<int64_t>(pending_[i][c]);
      status = H5Dwrite(d, memTypeOf(true), memSpace, fileSpace, H5P_DEFAULT, values.data());
    } else {
      std::vector<double> values(n);
      for (hsize_t i = 0; i < n; ++i) values[i] = pending_[i][c];
      status = H5Dwrite(d, memTypeOf(false), memSpace, fileSpace, H5P_DEFAULT, values.data());
    }
    H5Sclose(memSpace);
    H5Sclose(fileSpace);
    if (status < 0) throw std::runtime_error("HDF5: writing " + columns_[c].name + " failed");
    H5Dflush(d);  // makes the new rows visible to SWMR readers
  }
  written_ = static_cast<int64_t>(total);
  pending_.clear();
}

int64_t H5Columns::countRowsUpTo(hid_t file, const std::string& group, const std::string& key, int64_t limit) {
  const std::string path = group + "/" + key;
  hid_t d = h5check(H5Dopen2(file, path.c_str(), H5P_DEFAULT), "open dataset");
  hid_t space = H5Dget_space(d);
  hsize_t dims[1];
  H5Sget_simple_extent_dims(space, dims, nullptr);
  std::vector<int64_t> values(dims[0]);
  if (dims[0] > 0) H5Dread(d, H5T_NATIVE_INT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data());
  H5Sclose(space);
  H5Dclose(d);
  int64_t n = 0;
  while (n < static_cast<int64_t>(values.size()) && values[n] <= limit) ++n;
  return n;
}

void H5Columns::truncate(hid_t file, const std::string& group, const std::vector<Column>& columns, int64_t n) {
  for (const auto& c : columns) {
    const std::string path = group + "/" + c.name;
    hid_t d = h5check(H5Dopen2(file, path.c_str(), H5P_DEFAULT), "open dataset");
    hsize_t size[1] = {static_cast<hsize_t>(n)};
    h5check(H5Dset_extent(d, size), "shrink dataset");
    H5Dclose(d);
  }
}

}  // namespace trainscope
