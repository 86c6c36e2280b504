#include "engine/record/embedding_file.h"

#include "engine/record/h5_arrays.h"
#include "engine/record/h5_columns.h"
#include "engine/record/h5_lines.h"
#include "engine/record/h5_read.h"

#include <filesystem>

namespace trainscope {

namespace {
template <typename T>
std::vector<T> readSized(hid_t file, const char* name, hid_t type, int rank, const std::vector<hsize_t>& expected) {
  std::vector<hsize_t> dims;
  std::vector<T> v = h5ReadChecked<T>(file, name, type, rank, &dims);
  if (dims != expected) throwDamaged(file, name, "has another shape than the labels and epochs say");
  return v;
}
// Every index the views use is in range: a damaged file is refused, never indexed past.
void checkRecord(hid_t f, const EmbeddingRecord& r) {
  if (r.epochs.empty()) throwDamaged(f, "epochs", "records no epoch");
  if (r.class_names.empty()) throwDamaged(f, "classes", "names no class");
  const auto classes = static_cast<int64_t>(r.class_names.size());
  for (const int64_t label : r.labels)
    if (label < 0 || label >= classes) throwDamaged(f, "labels", "holds a class that is not in the classes attribute");
  for (const int32_t p : r.predicted)
    if (p < -1 || p >= classes) throwDamaged(f, "predicted", "holds a class that is not in the classes attribute");
  for (size_t i = 0; i < r.split.size(); ++i)
    if ((r.split[i] != 0 && r.split[i] != 1) || r.index[i] < 0) throwDamaged(f, "split", "holds no split or index");
  if (r.pca_dims < 1 || r.feature_dims < 1) throwDamaged(f, "pca", "has no dimensions");
}
}  // namespace

void writeEmbeddingFile(const std::string& path, const EmbeddingRecord& r) {
  const std::string tmp = path + ".tmp";
  {
    H5Handle file(H5Fcreate(tmp.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "creating " + tmp);
    const hid_t f = file.get();
    const auto n = static_cast<hsize_t>(r.points()), e = static_cast<hsize_t>(r.epochs.size());
    h5WriteArray(f, "split", H5T_NATIVE_INT32, {n}, r.split.data());
    h5WriteArray(f, "index", H5T_NATIVE_INT64, {n}, r.index.data());
    h5WriteArray(f, "labels", H5T_NATIVE_INT64, {n}, r.labels.data());
    // The paths as one UTF-8 text, a line each: h5py reads it as bytes (docs/run-format.md).
    const std::string paths = joinLines(r.paths);
    h5WriteArray(f, "paths", H5T_NATIVE_UINT8, {paths.size()}, paths.data());
    h5WriteArray(f, "epochs", H5T_NATIVE_INT64, {e}, r.epochs.data());
    h5WriteArray(f, "pca", H5T_NATIVE_FLOAT, {e, n, static_cast<hsize_t>(r.pca_dims)}, r.pca.data());
    h5WriteArray(f, "predicted", H5T_NATIVE_INT32, {e, n}, r.predicted.data());
    h5WriteArray(f, "features", H5T_NATIVE_FLOAT, {n, static_cast<hsize_t>(r.feature_dims)}, r.features.data());
    h5WriteAttribute(f, "classes", joinLines(r.class_names));
    h5WriteAttribute(f, "layer", r.layer);
    h5FlushOrThrow(f);
  }
  std::filesystem::rename(tmp, path);
}

EmbeddingRecord readEmbeddingFile(const std::string& path) {
  const H5Handle file = h5OpenForReading(path, false);
  const hid_t f = file.get();
  EmbeddingRecord r;
  std::vector<hsize_t> dims;
  r.labels = h5ReadChecked<int64_t>(f, "labels", H5T_NATIVE_INT64, 1, &dims);
  const hsize_t n = dims[0];
  r.epochs = h5ReadChecked<int64_t>(f, "epochs", H5T_NATIVE_INT64, 1, &dims);
  const hsize_t e = dims[0];
  r.split = readSized<int32_t>(f, "split", H5T_NATIVE_INT32, 1, {n});
  r.index = readSized<int64_t>(f, "index", H5T_NATIVE_INT64, 1, {n});
  r.predicted = readSized<int32_t>(f, "predicted", H5T_NATIVE_INT32, 2, {e, n});
  r.pca = h5ReadChecked<float>(f, "pca", H5T_NATIVE_FLOAT, 3, &dims);
  if (dims[0] != e || dims[1] != n) throwDamaged(f, "pca", "has another shape than the labels and epochs say");
  r.pca_dims = static_cast<int64_t>(dims[2]);
  r.features = h5ReadChecked<float>(f, "features", H5T_NATIVE_FLOAT, 2, &dims);
  if (dims[0] != n) throwDamaged(f, "features", "has another shape than the labels say");
  r.feature_dims = static_cast<int64_t>(dims[1]);
  const std::vector<uint8_t> text = h5ReadChecked<uint8_t>(f, "paths", H5T_NATIVE_UINT8, 1, &dims);
  r.paths = splitLines(std::string(text.begin(), text.end()));
  if (r.paths.size() != n) throwDamaged(f, "paths", "holds another number of lines than there are labels");
  r.class_names = splitLines(h5ReadStringAttribute(f, "classes"));
  r.layer = h5ReadStringAttribute(f, "layer");
  checkRecord(f, r);
  return r;
}

}  // namespace trainscope
