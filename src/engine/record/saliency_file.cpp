#include "engine/record/saliency_file.h"

#include "engine/record/h5_arrays.h"
#include "engine/record/h5_handle.h"
#include "engine/record/h5_read.h"

#include <filesystem>

namespace trainscope {

void writeSaliencyFile(const std::string& path, const TokenSaliencies& s) {
  std::string sources;
  for (const auto& source : s.sources) sources += source + "\n";
  const std::string tmp = path + ".tmp";
  {
    H5Handle file(H5Fcreate(tmp.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "creating " + tmp);
    h5WriteArray(file.get(), "samples", H5T_NATIVE_INT64, {s.samples.size()}, s.samples.data());
    h5WriteArray(file.get(), "offsets", H5T_NATIVE_INT64, {s.offsets.size()}, s.offsets.data());
    h5WriteArray(file.get(), "label", H5T_NATIVE_INT32, {s.label.size()}, s.label.data());
    h5WriteArray(file.get(), "predicted", H5T_NATIVE_INT32, {s.predicted.size()}, s.predicted.data());
    h5WriteArray(file.get(), "tokens", H5T_NATIVE_INT32, {s.tokens.size()}, s.tokens.data());
    h5WriteArray(file.get(), "saliency", H5T_NATIVE_FLOAT, {s.saliency.size()}, s.saliency.data());
    h5WriteArray(file.get(), "sources", H5T_NATIVE_UINT8, {sources.size()}, sources.data());
    h5FlushOrThrow(file.get());
  }
  std::filesystem::rename(tmp, path);
}

TokenSaliencies readSaliencyFile(const std::string& path) {
  const H5Handle file = h5OpenForReading(path, false);
  TokenSaliencies s;
  std::vector<hsize_t> dims;
  s.samples = h5ReadChecked<int64_t>(file.get(), "samples", H5T_NATIVE_INT64, 1, &dims);
  s.offsets = h5ReadChecked<int64_t>(file.get(), "offsets", H5T_NATIVE_INT64, 1, &dims);
  s.label = h5ReadChecked<int32_t>(file.get(), "label", H5T_NATIVE_INT32, 1, &dims);
  s.predicted = h5ReadChecked<int32_t>(file.get(), "predicted", H5T_NATIVE_INT32, 1, &dims);
  s.tokens = h5ReadChecked<int32_t>(file.get(), "tokens", H5T_NATIVE_INT32, 1, &dims);
  s.saliency = h5ReadChecked<float>(file.get(), "saliency", H5T_NATIVE_FLOAT, 1, &dims);
  const auto bytes = h5ReadChecked<uint8_t>(file.get(), "sources", H5T_NATIVE_UINT8, 1, &dims);
  const size_t m = s.samples.size();
  if (s.offsets.size() != m + 1 || s.label.size() != m || s.predicted.size() != m)
    throwDamaged(file.get(), "offsets", "does not hold one entry per document (and one more)");
  if (s.tokens.size() != s.saliency.size() || static_cast<uint64_t>(s.offsets.back()) != s.tokens.size())
    throwDamaged(file.get(), "saliency", "does not hold one value per token");
  for (size_t k = 1; k <= m; ++k)
    if (s.offsets[k] < s.offsets[k - 1] || s.offsets[0] != 0) throwDamaged(file.get(), "offsets", "must increase");
  std::string line;
  for (uint8_t b : bytes)
    if (b == '\n')
      s.sources.push_back(line), line.clear();
    else
      line += static_cast<char>(b);
  if (s.sources.size() != m) throwDamaged(file.get(), "sources", "does not name every document");
  return s;
}

}  // namespace trainscope
