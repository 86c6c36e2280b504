#include "engine/record/residual_file.h"

#include "engine/record/h5_arrays.h"
#include "engine/record/h5_columns.h"
#include "engine/record/h5_read.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace trainscope {

void writeResidualFile(const std::string& path, const ValidationResiduals& r) {
  const std::string tmp = path + ".tmp";
  {
    H5Handle file(H5Fcreate(tmp.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "creating " + tmp);
    h5WriteArray(file.get(), "truth", H5T_NATIVE_FLOAT, {r.truth.size()}, r.truth.data());
    h5WriteArray(file.get(), "predicted", H5T_NATIVE_FLOAT, {r.predicted.size()}, r.predicted.data());
    h5WriteAttribute(file.get(), "target", r.target);
    h5FlushOrThrow(file.get());
  }
  std::filesystem::rename(tmp, path);
}

ValidationResiduals readResidualFile(const std::string& path) {
  const H5Handle file = h5OpenForReading(path, false);
  ValidationResiduals r;
  std::vector<hsize_t> dims;
  r.truth = h5ReadChecked<float>(file.get(), "truth", H5T_NATIVE_FLOAT, 1, &dims);
  r.predicted = h5ReadChecked<float>(file.get(), "predicted", H5T_NATIVE_FLOAT, 1, &dims);
  if (r.predicted.size() != r.truth.size())
    throwDamaged(file.get(), "predicted",
                 "holds " + std::to_string(r.predicted.size()) + " values for " + std::to_string(r.truth.size()) +
                     " true values");
  r.target = h5ReadStringAttribute(file.get(), "target");
  return r;
}

std::vector<int64_t> largestResiduals(const ValidationResiduals& r, size_t top) {
  std::vector<int64_t> order;
  for (int64_t i = 0; i < r.samples(); ++i)
    if (std::isfinite(r.truth[static_cast<size_t>(i)]) && std::isfinite(r.predicted[static_cast<size_t>(i)]))
      order.push_back(i);
  const auto residual = [&r](int64_t i) {
    return std::abs(r.predicted[static_cast<size_t>(i)] - r.truth[static_cast<size_t>(i)]);
  };
  const size_t shown = std::min(top, order.size());
  std::partial_sort(
      order.begin(), order.begin() + static_cast<std::ptrdiff_t>(shown), order.end(),
      [&](int64_t a, int64_t b) { return residual(a) > residual(b) || (residual(a) == residual(b) && a < b); });
  order.resize(shown);
  return order;
}

}  // namespace trainscope
