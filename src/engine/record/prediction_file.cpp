#include "engine/record/prediction_file.h"

#include "engine/record/h5_arrays.h"
#include "engine/record/h5_columns.h"

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
    std::string names;  // one attribute, newline-separated: class names may hold commas
    for (const auto& n : p.class_names) names += (names.empty() ? "" : "\n") + n;
    h5WriteAttribute(file.get(), "classes", names);
    h5FlushOrThrow(file.get());
  }
  std::filesystem::rename(tmp, path);
}

ValidationPredictions readPredictionFile(const std::string& path) {
  quietHdf5Errors();
  H5Handle file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose, "opening " + path);
  ValidationPredictions p;
  std::vector<hsize_t> dims;
  const auto flat = h5ReadArray<int64_t>(file.get(), "confusion", H5T_NATIVE_INT64, &dims);
  if (dims.size() == 3) {
    p.classes = static_cast<int64_t>(dims[1]);
    const size_t cells = dims[1] * dims[2];
    for (hsize_t e = 0; e < dims[0]; ++e)
      p.confusion.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(e * cells),
                               flat.begin() + static_cast<std::ptrdiff_t>((e + 1) * cells));
  }
  p.labels = h5ReadArray<int64_t>(file.get(), "labels", H5T_NATIVE_INT64, &dims);
  p.predicted = h5ReadArray<int32_t>(file.get(), "predicted", H5T_NATIVE_INT32, &dims);
  p.probability = h5ReadArray<float>(file.get(), "probability", H5T_NATIVE_FLOAT, &dims);
  if (H5Lexists(file.get(), "loss", H5P_DEFAULT) > 0)  // not in the first files of issue 13
    p.loss = h5ReadArray<float>(file.get(), "loss", H5T_NATIVE_FLOAT, &dims);
  else
    p.loss.assign(p.labels.size(), std::nanf(""));
  std::string names = h5ReadStringAttribute(file.get(), "classes");
  for (size_t start = 0, end = 0; !names.empty() && start <= names.size(); start = end + 1) {
    end = std::min(names.find('\n', start), names.size());
    p.class_names.push_back(names.substr(start, end - start));
  }
  return p;
}

}  // namespace trainscope
