#include "engine/record/h5_columns.h"

#include "engine/config/file_input.h"
#include "engine/record/h5_heap_check.h"
#include "engine/record/h5_read.h"

#include <cmath>

namespace trainscope {

namespace {
// Failures are checked at every call and reported with the path; HDF5's own printing
// of its error stack (e.g. when probing whether a group exists) is noise.
const bool kQuietHdf5 = (H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr), true);

hid_t fileTypeOf(bool integer) { return integer ? H5T_STD_I64LE : H5T_IEEE_F64LE; }
hid_t memTypeOf(bool integer) { return integer ? H5T_NATIVE_INT64 : H5T_NATIVE_DOUBLE; }

hsize_t lengthOf(hid_t dataset, const std::string& name) { return h5CheckedDims(dataset, name, 1).at(0); }

void writeScalarAttribute(hid_t object, const char* name, hid_t fileType, hid_t memType, const void* value) {
  H5Handle space(H5Screate(H5S_SCALAR), H5Sclose, "create dataspace");
  H5Handle attr(H5Acreate2(object, name, fileType, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose,
                std::string("create attribute ") + name);
  if (H5Awrite(attr.get(), memType, value) < 0)
    throw std::runtime_error(std::string("HDF5: write attribute ") + name + " failed");
}
}  // namespace

void h5WriteAttribute(hid_t object, const char* name, const std::string& value) {
  // Variable-length UTF-8: h5py reads it as str (fixed-length strings come back as bytes).
  H5Handle type(H5Tcopy(H5T_C_S1), H5Tclose, "copy string type");
  H5Tset_size(type.get(), H5T_VARIABLE);
  H5Tset_cset(type.get(), H5T_CSET_UTF8);
  const char* text = value.c_str();
  writeScalarAttribute(object, name, type.get(), type.get(), &text);
}

void h5WriteAttribute(hid_t object, const char* name, int64_t value) {
  writeScalarAttribute(object, name, H5T_STD_I64LE, H5T_NATIVE_INT64, &value);
}

std::string h5ReadStringAttribute(hid_t object, const char* name) {
  if (H5Aexists(object, name) <= 0) return {};
  H5Handle attr(H5Aopen(object, name, H5P_DEFAULT), H5Aclose, name);
  H5Handle type(H5Aget_type(attr.get()), H5Tclose, "type");
  // One string of a sane size, as the writer makes it: a damaged file can declare an
  // attribute of a billion elements (read into one pointer) or a string of gigabytes.
  H5Handle space(H5Aget_space(attr.get()), H5Sclose, "space");
  constexpr size_t kMaxFixedBytes = size_t{1} << 24;
  if (H5Tget_class(type.get()) != H5T_STRING || H5Sget_simple_extent_npoints(space.get()) != 1 ||
      (H5Tis_variable_str(type.get()) <= 0 && H5Tget_size(type.get()) > kMaxFixedBytes))
    throw BadInput(std::string("the attribute ") + name + " is not one string: the file is damaged");
  if (H5Tis_variable_str(type.get()) > 0) {
    // Read as a C string in memory: with the file's own type as the memory type HDF5
    // converts disk to disk, writing into the file's global heap (and, on a damaged
    // length, for ever).
    requireSafeGlobalHeaps(object);
    H5Handle memory(H5Tcopy(H5T_C_S1), H5Tclose, "string type");
    H5Tset_size(memory.get(), H5T_VARIABLE);
    H5Tset_cset(memory.get(), H5Tget_cset(type.get()));
    char* text = nullptr;
    std::string out;
    if (H5Aread(attr.get(), memory.get(), &text) >= 0 && text) {
      out = text;
      H5free_memory(text);
    }
    return out;
  }
  std::string text(H5Tget_size(type.get()), '\0');
  H5Aread(attr.get(), type.get(), text.data());
  return text.c_str();
}

void H5Columns::create(hid_t file, const std::string& group, const std::vector<Column>& columns) {
  H5Handle g(H5Gcreate2(file, group.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose, "create group " + group);
  for (const auto& c : columns) {
    hsize_t dims[1] = {0}, maxDims[1] = {H5S_UNLIMITED}, chunk[1] = {1024};
    H5Handle space(H5Screate_simple(1, dims, maxDims), H5Sclose, "create dataspace");
    H5Handle props(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "create properties");
    H5Pset_chunk(props.get(), 1, chunk);
    H5Handle d(
        H5Dcreate2(g.get(), c.name.c_str(), fileTypeOf(c.integer), space.get(), H5P_DEFAULT, props.get(), H5P_DEFAULT),
        H5Dclose, "create dataset " + c.name);
    if (!c.description.empty()) h5WriteAttribute(d.get(), "description", c.description);
  }
}

H5Handle h5SwmrFileAccess() {
  H5Handle fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, "create file access properties");
  H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_LATEST, H5F_LIBVER_LATEST);
  return fapl;
}

std::vector<double> h5ReadDoubles(const std::string& file, const std::string& dataset) {
  const H5Handle f = h5OpenForReading(file, true);
  std::vector<hsize_t> dims;
  return h5ReadChecked<double>(f.get(), dataset, H5T_NATIVE_DOUBLE, 1, &dims);
}

std::vector<H5Columns::Row> H5Columns::readRows(hid_t file, const std::string& group,
                                                const std::vector<Column>& columns) {
  std::vector<Row> rows;
  for (size_t c = 0; c < columns.size(); ++c) {
    const std::string path = group + "/" + columns[c].name;
    // A column newer than the file (an older build wrote it) reads as NaN, "not recorded".
    if (c > 0 && H5Lexists(file, path.c_str(), H5P_DEFAULT) <= 0) {
      for (auto& r : rows) r[c] = std::nan("");
      continue;
    }
    std::vector<hsize_t> dims;
    const auto values = h5ReadChecked<double>(file, path, H5T_NATIVE_DOUBLE, 1, &dims);
    if (c == 0) rows.assign(values.size(), Row(columns.size(), 0.0));
    rows.resize(std::min(values.size(), rows.size()));  // a crash can leave columns of unequal length
    for (size_t i = 0; i < rows.size(); ++i) rows[i][c] = values[i];
  }
  return rows;
}

H5Columns::H5Columns(hid_t file, const std::string& group, const std::vector<Column>& columns) : columns_(columns) {
  for (const auto& c : columns) {
    const std::string path = group + "/" + c.name;
    datasets_.emplace_back(H5Dopen2(file, path.c_str(), H5P_DEFAULT), H5Dclose, "open " + path);
  }
  written_ = static_cast<int64_t>(lengthOf(datasets_.at(0).get(), group + "/" + columns.at(0).name));
}

H5Columns::~H5Columns() {
  try {
    flush();
  } catch (...) {  // a destructor must not throw; the last flush is best effort
  }
}

void H5Columns::append(Row row) {
  if (row.size() != columns_.size()) throw std::logic_error("H5Columns: row has the wrong number of values");
  pending_.push_back(std::move(row));
}

void H5Columns::flush() {
  if (pending_.empty()) return;
  const hsize_t n = pending_.size(), start = static_cast<hsize_t>(written_), total = start + n;
  for (size_t c = 0; c < columns_.size(); ++c) {
    const hid_t d = datasets_[c].get();
    if (H5Dset_extent(d, &total) < 0) throwHdf5WriteError(d, "extending " + columns_[c].name + " failed");
    H5Handle fileSpace(H5Dget_space(d), H5Sclose, "get dataspace");
    H5Sselect_hyperslab(fileSpace.get(), H5S_SELECT_SET, &start, nullptr, &n, nullptr);
    H5Handle memSpace(H5Screate_simple(1, &n, nullptr), H5Sclose, "create dataspace");
    herr_t status;
    if (columns_[c].integer) {
      std::vector<int64_t> values(n);
      for (hsize_t i = 0; i < n; ++i) values[i] = static_cast<int64_t>(pending_[i][c]);
      status = H5Dwrite(d, memTypeOf(true), memSpace.get(), fileSpace.get(), H5P_DEFAULT, values.data());
    } else {
      std::vector<double> values(n);
      for (hsize_t i = 0; i < n; ++i) values[i] = pending_[i][c];
      status = H5Dwrite(d, memTypeOf(false), memSpace.get(), fileSpace.get(), H5P_DEFAULT, values.data());
    }
    if (status < 0) throwHdf5WriteError(d, "writing " + columns_[c].name + " failed");
    H5Dflush(d);  // makes the new rows visible to SWMR readers
  }
  written_ = static_cast<int64_t>(total);
  pending_.clear();
}

namespace {
H5Handle fixedStringType() {
  H5Handle type(H5Tcopy(H5T_C_S1), H5Tclose, "string type");
  H5Tset_size(type.get(), H5Names::kWidth);
  H5Tset_cset(type.get(), H5T_CSET_UTF8);
  return type;
}
}  // namespace

void H5Names::create(hid_t file, const std::string& path, const std::string& description) {
  hsize_t dims[1] = {0}, maxDims[1] = {H5S_UNLIMITED}, chunk[1] = {64};
  H5Handle space(H5Screate_simple(1, dims, maxDims), H5Sclose, "create dataspace");
  H5Handle props(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "create properties");
  H5Pset_chunk(props.get(), 1, chunk);
  H5Handle d(
      H5Dcreate2(file, path.c_str(), fixedStringType().get(), space.get(), H5P_DEFAULT, props.get(), H5P_DEFAULT),
      H5Dclose, "create dataset " + path);
  h5WriteAttribute(d.get(), "description", description);
}

H5Names::H5Names(hid_t file, const std::string& path)
    : dataset_(H5Dopen2(file, path.c_str(), H5P_DEFAULT), H5Dclose, "open " + path) {
  written_ = h5CheckedDims(dataset_.get(), path, 1).at(0);
}

void H5Names::append(const std::string& name) { pending_.push_back(name.substr(0, kWidth - 1)); }

void H5Names::flush() {
  if (pending_.empty()) return;
  const hsize_t n = pending_.size(), total = written_ + n;
  std::vector<char> buffer(n * kWidth, '\0');
  for (size_t i = 0; i < n; ++i) std::copy(pending_[i].begin(), pending_[i].end(), buffer.begin() + i * kWidth);
  const hid_t d = dataset_.get();
  if (H5Dset_extent(d, &total) < 0) throwHdf5WriteError(d, "extending it failed");
  H5Handle fileSpace(H5Dget_space(d), H5Sclose, "get dataspace");
  H5Sselect_hyperslab(fileSpace.get(), H5S_SELECT_SET, &written_, nullptr, &n, nullptr);
  H5Handle memSpace(H5Screate_simple(1, &n, nullptr), H5Sclose, "create dataspace");
  if (H5Dwrite(d, fixedStringType().get(), memSpace.get(), fileSpace.get(), H5P_DEFAULT, buffer.data()) < 0)
    throwHdf5WriteError(d, "a write failed");
  H5Dflush(d);
  written_ = total;
  pending_.clear();
}

}  // namespace trainscope
