#include "engine/record/prediction_file.h"

#include "engine/record/h5_arrays.h"
#include "engine/record/h5_columns.h"
#include "engine/record/h5_lines.h"
#include "engine/record/h5_read.h"
#include "engine/record/sample_file.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace trainscope {

void writePredictionFile(const std::string& path, const ValidationPredictions& p) {
  const std::string tmp = path + ".tmp";
  {
    H5Handle file(H5Fcreate(tmp.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "creating " + tmp);
    std::vector<int64_t> flat;
    for (const auto& m : p.confusion) flat.insert(flat.end(), m.begin(), m.end());
    const auto c = static_cast<hsize_t>(p.classes);
    h5WriteArray(file.get(), "confusion", H5T_NATIVE_INT64, {p.confusion.size(), c, c}, flat.data());
    h5WriteArray(file.get(), "labels", H5T_NATIVE_INT64, {p.labels.size()}, p.labels.data());
    h5WriteArray(file.get(), "predicted", H5T_NATIVE_INT32, {p.predicted.size()}, p.predicted.data());
    h5WriteArray(file.get(), "probability", H5T_NATIVE_FLOAT, {p.probability.size()}, p.probability.data());
    h5WriteArray(file.get(), "loss", H5T_NATIVE_FLOAT, {p.loss.size()}, p.loss.data());
    h5WriteAttribute(file.get(), "classes", joinLines(p.class_names));
    h5FlushOrThrow(file.get());
  }
  std::filesystem::rename(tmp, path);
}

namespace {
// Each validation sample's value of `name`, as many as there are labels.
template <typename T>
std::vector<T> readPerSample(hid_t file, const char* name, hid_t type, size_t samples) {
  std::vector<hsize_t> dims;
  std::vector<T> values = h5ReadChecked<T>(file, name, type, 1, &dims);
  if (values.size() != samples)
    throwDamaged(file, name,
                 "holds " + std::to_string(values.size()) + " values for " + std::to_string(samples) + " labels");
  return values;
}

template <typename T>
void checkRange(hid_t file, const char* name, const std::vector<T>& values, int64_t lowest, int64_t classes) {
  for (const T v : values)
    if (v < lowest || v >= classes)
      throwDamaged(file, name, "holds class " + std::to_string(v) + " of " + std::to_string(classes));
}

void readConfusion(hid_t file, ValidationPredictions& p) {
  std::vector<hsize_t> dims;
  const auto flat = h5ReadChecked<int64_t>(file, "confusion", H5T_NATIVE_INT64, 3, &dims);
  if (dims[1] != dims[2] || dims[1] == 0 || dims[1] > static_cast<hsize_t>(kMaxClassIndex))
    throwDamaged(file, "confusion", "is not a [epochs, classes, classes] matrix");
  p.classes = static_cast<int64_t>(dims[1]);
  const size_t cells = dims[1] * dims[2];
  for (hsize_t e = 0; e < dims[0]; ++e)
    p.confusion.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(e * cells),
                             flat.begin() + static_cast<std::ptrdiff_t>((e + 1) * cells));
}
}  // namespace

ValidationPredictions readPredictionFile(const std::string& path) {
  const H5Handle file = h5OpenForReading(path, false);
  const hid_t f = file.get();
  ValidationPredictions p;
  readConfusion(f, p);
  std::vector<hsize_t> dims;
  p.labels = h5ReadChecked<int64_t>(f, "labels", H5T_NATIVE_INT64, 1, &dims);
  checkRange(f, "labels", p.labels, 0, p.classes);
  p.predicted = readPerSample<int32_t>(f, "predicted", H5T_NATIVE_INT32, p.labels.size());
  checkRange(f, "predicted", p.predicted, -1, p.classes);
  p.probability = readPerSample<float>(f, "probability", H5T_NATIVE_FLOAT, p.labels.size());
  if (H5Lexists(f, "loss", H5P_DEFAULT) > 0)  // not in the first files of issue 13
    p.loss = readPerSample<float>(f, "loss", H5T_NATIVE_FLOAT, p.labels.size());
  else
    p.loss.assign(p.labels.size(), std::nanf(""));
  p.class_names = splitLines(h5ReadStringAttribute(f, "classes"));
  // Names are for display: a list of the wrong length is padded or cut, never indexed past.
  if (!p.class_names.empty()) {
    for (auto i = static_cast<int64_t>(p.class_names.size()); i < p.classes; ++i)
      p.class_names.push_back(std::to_string(i));
    p.class_names.resize(static_cast<size_t>(p.classes));
  }
  return p;
}

}  // namespace trainscope
