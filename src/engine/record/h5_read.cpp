#include "engine/record/h5_read.h"

#include <algorithm>
#include <cstring>

#include <cstdint>

namespace trainscope {

namespace {
// 2^24 ns ≈ 17 ms of doubling sleeps in all per metadata object: a live writer's
// update takes far less; a damaged file is reported instead of waited on.
constexpr unsigned kMetadataReadAttempts = 24;

std::string describeDims(const std::vector<hsize_t>& dims) {
  std::string text;
  for (const hsize_t d : dims) text += (text.empty() ? "" : "x") + std::to_string(d);
  return std::to_string(dims.size()) + "-D" + (dims.empty() ? "" : " (" + text + ")");
}

// A live writer extends a dataset a moment before it writes the rows (at most a chunk).
constexpr hsize_t kUnwrittenSlackBytes = hsize_t{4} << 20;

// Nothing Trainscope writes is compressed, so a dataset declaring more bytes than its
// whole file holds is damage: a few bytes would otherwise ask for gigabytes of fill values.
void requireBackedByFile(hid_t dataset, const std::string& name, const std::vector<hsize_t>& dims, hsize_t count) {
  const hid_t file = H5Iget_file_id(dataset);
  hsize_t fileBytes = 0;
  const bool sized = file >= 0 && H5Fget_filesize(file, &fileBytes) >= 0;
  if (file >= 0) H5Fclose(file);
  H5Handle type(H5Dget_type(dataset), H5Tclose, "type of " + name);
  const hsize_t valueBytes = std::max<hsize_t>(1, H5Tget_size(type.get()));
  if (sized && count > (fileBytes + kUnwrittenSlackBytes) / valueBytes)
    throwDamaged(dataset, name,
                 "declares " + describeDims(dims) + " values, more than the whole file (" + std::to_string(fileBytes) +
                     " bytes) holds");
}
}  // namespace

[[noreturn]] void throwDamaged(hid_t object, const std::string& name, const std::string& what) {
  throw BadInput(h5FileName(object) + ": " + name + " " + what + " (damaged, or not written by Trainscope)");
}

H5Handle h5OpenForReading(const std::string& path, bool live) {
  requireRegularFile(path);
  quietHdf5Errors();
  H5Handle fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, "file access properties");
  if (live) H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_LATEST, H5F_LIBVER_LATEST);
  H5Pset_metadata_read_attempts(fapl.get(), kMetadataReadAttempts);
  const unsigned flags = H5F_ACC_RDONLY | (live ? H5F_ACC_SWMR_READ : 0u);
  const hid_t file = H5Fopen(path.c_str(), flags, fapl.get());
  if (file < 0) {
    keepHdf5Detail();
    throw BadInput(path +
                   " is damaged or still locked: HDF5 cannot open it (`trainscope-cli repair` clears what a "
                   "crash left; a file cut short by a full disk stays unreadable)");
  }
  return H5Handle(file, H5Fclose, "open " + path);
}

H5Handle h5OpenDataset(hid_t file, const std::string& name) {
  quietHdf5Errors();
  const hid_t id = H5Dopen2(file, name.c_str(), H5P_DEFAULT);
  if (id < 0) throwDamaged(file, name, "is missing or unreadable");
  return H5Handle(id, H5Dclose, name);
}

std::vector<hsize_t> h5CheckedDims(hid_t dataset, const std::string& name, int rank) {
  H5Handle space(H5Dget_space(dataset), H5Sclose, "dataspace of " + name);
  const int found = H5Sget_simple_extent_ndims(space.get());
  if (found < 0 || found > H5S_MAX_RANK) throwDamaged(dataset, name, "has no readable shape");
  std::vector<hsize_t> dims(static_cast<size_t>(found), 0);
  if (found > 0 && H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr) < 0)
    throwDamaged(dataset, name, "has no readable shape");
  if (rank >= 0 && found != rank)
    throwDamaged(dataset, name, "is " + describeDims(dims) + ", expected " + std::to_string(rank) + "-D");
  hsize_t count = 1;
  for (const hsize_t d : dims) {
    if (d != 0 && count > kMaxH5Elements / d)
      throwDamaged(dataset, name, "declares " + describeDims(dims) + " elements, more than any run holds");
    count *= d;
  }
  requireBackedByFile(dataset, name, dims, count);
  return dims;
}

template <typename T>
std::vector<T> h5ReadChecked(hid_t file, const std::string& name, hid_t memType, int rank, std::vector<hsize_t>* dims) {
  const H5Handle set = h5OpenDataset(file, name);
  H5Handle type(H5Dget_type(set.get()), H5Tclose, "type of " + name);
  const H5T_class_t kind = H5Tget_class(type.get());
  if (kind != H5T_INTEGER && kind != H5T_FLOAT) throwDamaged(file, name, "does not hold numbers");
  *dims = h5CheckedDims(set.get(), name, rank);
  hsize_t count = 1;
  for (const hsize_t d : *dims) count *= d;
  std::vector<T> out(static_cast<size_t>(count));
  if (count > 0 && H5Dread(set.get(), memType, H5S_ALL, H5S_ALL, H5P_DEFAULT, out.data()) < 0)
    throwDamaged(file, name, "could not be read");
  return out;
}

template std::vector<double> h5ReadChecked<double>(hid_t, const std::string&, hid_t, int, std::vector<hsize_t>*);
template std::vector<float> h5ReadChecked<float>(hid_t, const std::string&, hid_t, int, std::vector<hsize_t>*);
template std::vector<int64_t> h5ReadChecked<int64_t>(hid_t, const std::string&, hid_t, int, std::vector<hsize_t>*);
template std::vector<int32_t> h5ReadChecked<int32_t>(hid_t, const std::string&, hid_t, int, std::vector<hsize_t>*);
template std::vector<uint8_t> h5ReadChecked<uint8_t>(hid_t, const std::string&, hid_t, int, std::vector<hsize_t>*);

std::vector<std::string> h5ReadFixedStrings(hid_t file, const char* path) {
  const H5Handle d = h5OpenDataset(file, path);
  H5Handle type(H5Dget_type(d.get()), H5Tclose, "type");
  if (H5Tget_class(type.get()) != H5T_STRING || H5Tis_variable_str(type.get()) > 0 || H5Tget_size(type.get()) > 4096)
    throwDamaged(file, path, "is not a list of short fixed-length names");
  const size_t width = H5Tget_size(type.get());
  const size_t n = h5CheckedDims(d.get(), path, 1).at(0);
  std::vector<char> buffer(n * width + 1, '\0');
  if (n && H5Dread(d.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer.data()) < 0)
    throwDamaged(file, path, "could not be read");
  std::vector<std::string> out;
  for (size_t i = 0; i < n; ++i) out.emplace_back(buffer.data() + i * width, strnlen(buffer.data() + i * width, width));
  return out;
}

}  // namespace trainscope
