#include "engine/record/sample_file.h"

#include "engine/record/h5_arrays.h"
#include "engine/record/h5_read.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>

namespace trainscope {

namespace {
template <typename T>
void writeRows(hid_t file, const char* name, hid_t type, const std::vector<std::vector<T>>& rows, size_t n) {
  std::vector<T> flat;
  flat.reserve(rows.size() * n);
  for (const auto& r : rows) flat.insert(flat.end(), r.begin(), r.end());
  h5WriteArray(file, name, type, {static_cast<hsize_t>(rows.size()), static_cast<hsize_t>(n)}, flat.data());
}

// A [epochs, samples] dataset as rows, checked against the samples the labels give.
template <typename T>
std::vector<std::vector<T>> readRows(hid_t file, const char* name, hid_t type, size_t samples, size_t* epochs) {
  std::vector<hsize_t> dims;
  const std::vector<T> flat = h5ReadChecked<T>(file, name, type, 2, &dims);
  if (dims[1] != samples)
    throwDamaged(
        file, name,
        "holds " + std::to_string(dims[1]) + " samples per epoch, but labels holds " + std::to_string(samples));
  if (*epochs != SIZE_MAX && dims[0] != *epochs)
    throwDamaged(file, name,
                 "holds " + std::to_string(dims[0]) + " epochs, the other datasets " + std::to_string(*epochs));
  *epochs = dims[0];
  std::vector<std::vector<T>> rows;
  for (hsize_t r = 0; r < dims[0]; ++r)
    rows.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(r * dims[1]),
                      flat.begin() + static_cast<std::ptrdiff_t>((r + 1) * dims[1]));
  return rows;
}

// Class indices are small and never negative; anything else is damage, and would index
// out of bounds wherever classes are counted.
void checkClasses(hid_t file, const char* name, const std::vector<int64_t>& values, int64_t lowest) {
  for (const int64_t v : values)
    if (v < lowest || v > kMaxClassIndex) throwDamaged(file, name, "holds the class index " + std::to_string(v));
}
}  // namespace

void writeSampleFile(const std::string& path, const SampleDynamics& d) {
  const std::string tmp = path + ".tmp";
  {
    H5Handle file(H5Fcreate(tmp.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "creating " + tmp);
    const auto n = static_cast<size_t>(d.samples());
    h5WriteArray(file.get(), "labels", H5T_NATIVE_INT64, {n}, d.labels.data());
    writeRows(file.get(), "loss", H5T_NATIVE_FLOAT, d.loss, n);
    writeRows(file.get(), "p_label", H5T_NATIVE_FLOAT, d.p_label, n);
    writeRows(file.get(), "margin", H5T_NATIVE_FLOAT, d.margin, n);
    writeRows(file.get(), "predicted", H5T_NATIVE_INT32, d.predicted, n);
    H5Handle noise(H5Gcreate2(file.get(), "label_noise", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose,
                   "label_noise group");
    h5WriteArray(noise.get(), "flipped", H5T_NATIVE_INT64, {d.flipped.size()}, d.flipped.data());
    h5WriteArray(noise.get(), "original_labels", H5T_NATIVE_INT64, {d.original_labels.size()},
                 d.original_labels.data());
    h5FlushOrThrow(file.get());
  }
  std::filesystem::rename(tmp, path);  // readers see the old file or the new one, never half
}

SampleDynamics readSampleFile(const std::string& path) {
  const H5Handle file = h5OpenForReading(path, false);
  const hid_t f = file.get();
  SampleDynamics d;
  std::vector<hsize_t> dims;
  d.labels = h5ReadChecked<int64_t>(f, "labels", H5T_NATIVE_INT64, 1, &dims);
  checkClasses(f, "labels", d.labels, 0);
  const size_t n = d.labels.size();
  size_t epochs = SIZE_MAX;
  d.loss = readRows<float>(f, "loss", H5T_NATIVE_FLOAT, n, &epochs);
  d.p_label = readRows<float>(f, "p_label", H5T_NATIVE_FLOAT, n, &epochs);
  d.margin = readRows<float>(f, "margin", H5T_NATIVE_FLOAT, n, &epochs);
  d.predicted = readRows<int32_t>(f, "predicted", H5T_NATIVE_INT32, n, &epochs);
  for (const auto& row : d.predicted) checkClasses(f, "predicted", {row.begin(), row.end()}, -1);
  d.flipped = h5ReadChecked<int64_t>(f, "label_noise/flipped", H5T_NATIVE_INT64, 1, &dims);
  d.original_labels = h5ReadChecked<int64_t>(f, "label_noise/original_labels", H5T_NATIVE_INT64, 1, &dims);
  if (d.flipped.size() != d.original_labels.size())
    throwDamaged(f, "label_noise/original_labels", "is not as long as label_noise/flipped");
  for (const int64_t i : d.flipped)
    if (i < 0 || static_cast<size_t>(i) >= n) throwDamaged(f, "label_noise/flipped", "holds an index out of range");
  checkClasses(f, "label_noise/original_labels", d.original_labels, 0);
  return d;
}

void writeSampleEntries(const std::string& path, const SampleEntries& e) {
  const std::string tmp = path + ".tmp";
  {
    H5Handle file(H5Fcreate(tmp.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "creating " + tmp);
    const hsize_t n = e.index.size();
    h5WriteArray(file.get(), "index", H5T_NATIVE_INT64, {n}, e.index.data());
    h5WriteArray(file.get(), "loss", H5T_NATIVE_FLOAT, {n}, e.loss.data());
    h5WriteArray(file.get(), "p_label", H5T_NATIVE_FLOAT, {n}, e.p_label.data());
    h5WriteArray(file.get(), "margin", H5T_NATIVE_FLOAT, {n}, e.margin.data());
    h5WriteArray(file.get(), "predicted", H5T_NATIVE_INT32, {n}, e.predicted.data());
    h5FlushOrThrow(file.get());
  }
  std::filesystem::rename(tmp, path);
}

SampleEntries readSampleEntries(const std::string& path) {
  const H5Handle file = h5OpenForReading(path, false);
  const hid_t f = file.get();
  SampleEntries e;
  std::vector<hsize_t> dims;
  e.index = h5ReadChecked<int64_t>(f, "index", H5T_NATIVE_INT64, 1, &dims);
  e.loss = h5ReadChecked<float>(f, "loss", H5T_NATIVE_FLOAT, 1, &dims);
  e.p_label = h5ReadChecked<float>(f, "p_label", H5T_NATIVE_FLOAT, 1, &dims);
  e.margin = h5ReadChecked<float>(f, "margin", H5T_NATIVE_FLOAT, 1, &dims);
  e.predicted = h5ReadChecked<int32_t>(f, "predicted", H5T_NATIVE_INT32, 1, &dims);
  const size_t n = e.index.size();
  if (e.loss.size() != n || e.p_label.size() != n || e.margin.size() != n || e.predicted.size() != n)
    throwDamaged(f, "index", "is not as long as loss, p_label, margin and predicted");
  checkClasses(f, "predicted", {e.predicted.begin(), e.predicted.end()}, -1);
  return e;
}

std::vector<Suspect> rankSuspects(const SampleDynamics& d, int64_t top) {
  std::vector<Suspect> all;
  const int64_t n = d.samples(), epochs = d.epochs();
  const auto fits = [&](const auto& rows) {
    return static_cast<int64_t>(rows.size()) == epochs &&
           std::all_of(rows.begin(), rows.end(), [&](const auto& r) { return static_cast<int64_t>(r.size()) == n; });
  };
  if (!fits(d.margin) || !fits(d.predicted) || !fits(d.p_label)) return all;  // readSampleFile says why
  for (int64_t i = 0; i < n; ++i) {
    double sum = 0;
    int seen = 0, forgetting = 0;
    bool wasCorrect = false;
    Suspect s;
    s.index = i;
    s.label = d.labels[static_cast<size_t>(i)];
    s.predicted = -1;
    for (int64_t e = 0; e < epochs; ++e) {
      const float m = d.margin[static_cast<size_t>(e)][static_cast<size_t>(i)];
      if (std::isnan(m)) continue;
      sum += m;
      ++seen;
      const int32_t p = d.predicted[static_cast<size_t>(e)][static_cast<size_t>(i)];
      const bool correct = p == s.label;
      if (wasCorrect && !correct) ++forgetting;
      wasCorrect = correct;
      s.predicted = p;
      s.p_label = d.p_label[static_cast<size_t>(e)][static_cast<size_t>(i)];
    }
    if (seen == 0) continue;
    s.score = -sum / seen;
    s.forgetting = forgetting;
    all.push_back(s);
  }
  const auto k = static_cast<size_t>(std::clamp<int64_t>(top, 0, static_cast<int64_t>(all.size())));
  std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k), all.end(),
                    [](const Suspect& a, const Suspect& b) { return a.score > b.score; });
  all.resize(k);
  return all;
}

}  // namespace trainscope
