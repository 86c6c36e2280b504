#include "engine/record/probe_file.h"

#include "engine/record/h5_columns.h"
#include "engine/record/h5_read.h"
#include "engine/record/run_record.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace trainscope {

// An extendible dataset growing along its first axis by rows of a fixed shape.
class H5Rows {
 public:
  H5Rows(hid_t file, const std::string& path, std::vector<hsize_t> rowShape, bool integer,
         const std::string& description)
      : rowShape_(std::move(rowShape)), integer_(integer) {
    rowSize_ = 1;
    for (hsize_t d : rowShape_) rowSize_ *= d;
    chunkRows_ = std::max<size_t>(1, 65536 / std::max<size_t>(rowSize_, 1));
    std::vector<hsize_t> dims{0}, maxDims{H5S_UNLIMITED}, chunk{static_cast<hsize_t>(chunkRows_)};
    for (hsize_t d : rowShape_) dims.push_back(d), maxDims.push_back(d), chunk.push_back(d);
    H5Handle space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), maxDims.data()), H5Sclose, "dataspace");
    H5Handle props(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "properties");
    H5Pset_chunk(props.get(), static_cast<int>(chunk.size()), chunk.data());
    dataset_ = H5Handle(H5Dcreate2(file, path.c_str(), integer ? H5T_STD_I64LE : H5T_IEEE_F64LE, space.get(),
                                   H5P_DEFAULT, props.get(), H5P_DEFAULT),
                        H5Dclose, "create " + path);
    if (!description.empty()) h5WriteAttribute(dataset_.get(), "description", description);
  }
  // Rows wait in a buffer sized once to a chunk, and a full chunk is written at once.
  void append(const double* row) {
    if (pending_.capacity() == 0) pending_.reserve(chunkRows_ * rowSize_);
    pending_.insert(pending_.end(), row, row + rowSize_);
    if (pending_.size() >= chunkRows_ * rowSize_) flush();
  }
  void flush() {
    if (pending_.empty()) return;
    const hsize_t n = pending_.size() / rowSize_;
    std::vector<hsize_t> total{rows_ + n}, start{rows_}, count{n};
    for (hsize_t d : rowShape_) total.push_back(d), start.push_back(0), count.push_back(d);
    if (H5Dset_extent(dataset_.get(), total.data()) < 0) throwHdf5WriteError(dataset_.get(), "extending it failed");
    H5Handle fileSpace(H5Dget_space(dataset_.get()), H5Sclose, "dataspace");
    H5Sselect_hyperslab(fileSpace.get(), H5S_SELECT_SET, start.data(), nullptr, count.data(), nullptr);
    H5Handle memSpace(H5Screate_simple(static_cast<int>(count.size()), count.data(), nullptr), H5Sclose, "dataspace");
    herr_t status;
    if (integer_) {
      std::vector<int64_t> v(pending_.begin(), pending_.end());
      status = H5Dwrite(dataset_.get(), H5T_NATIVE_INT64, memSpace.get(), fileSpace.get(), H5P_DEFAULT, v.data());
    } else {
      status =
          H5Dwrite(dataset_.get(), H5T_NATIVE_DOUBLE, memSpace.get(), fileSpace.get(), H5P_DEFAULT, pending_.data());
    }
    if (status < 0) throwHdf5WriteError(dataset_.get(), "a write failed");
    H5Dflush(dataset_.get());
    rows_ += n;
    pending_.clear();
  }

 private:
  H5Handle dataset_;
  std::vector<hsize_t> rowShape_;
  size_t rowSize_ = 1, chunkRows_ = 1;
  bool integer_;
  hsize_t rows_ = 0;
  std::vector<double> pending_;
};

namespace {
// Fixed-length strings (h5py reads them as bytes: .astype(str)).
void writeStrings(hid_t file, const char* name, const std::vector<std::string>& values) {
  size_t width = 1;
  for (const auto& v : values) width = std::max(width, v.size() + 1);
  std::vector<char> buffer(values.size() * width, '\0');
  for (size_t i = 0; i < values.size(); ++i) std::memcpy(buffer.data() + i * width, values[i].data(), values[i].size());
  H5Handle type(H5Tcopy(H5T_C_S1), H5Tclose, "string type");
  H5Tset_size(type.get(), width);
  const hsize_t n = values.size();
  H5Handle space(H5Screate_simple(1, &n, nullptr), H5Sclose, "dataspace");
  H5Handle d(H5Dcreate2(file, name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose, name);
  if (n) H5Dwrite(d.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer.data());
}
}  // namespace

ProbeFile::ProbeFile(const std::string& path, const std::vector<std::pair<std::string, std::string>>& tensors, int bins)
    : bins_(bins), count_(tensors.size()), lastFlush_(std::chrono::steady_clock::now()) {
  H5Handle fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, "file access properties");
  H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_LATEST, H5F_LIBVER_LATEST);
  quietHdf5Errors();
  file_ = H5Handle(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.get()), H5Fclose, "create " + path);
  forkGuard_ = ForkGuard(file_.get());
  h5WriteAttribute(file_.get(), "format", std::string("trainscope-probes"));
  h5WriteAttribute(file_.get(), "format_version", int64_t{1});
  h5WriteAttribute(file_.get(), "stats_columns",
                   std::string("mean,std,min,max,zero_fraction,saturation_fraction,norm,update_ratio"));
  std::vector<std::string> names, kinds;
  for (size_t i = 0; i < tensors.size(); ++i) {
    names.push_back(tensors[i].first);
    kinds.push_back(tensors[i].second);
    index_[tensors[i].first + "/" + tensors[i].second] = i;
  }
  writeStrings(file_.get(), "names", names);
  writeStrings(file_.get(), "kinds", kinds);
  const hsize_t t = count_, b = static_cast<hsize_t>(bins);
  H5Handle g(H5Gcreate2(file_.get(), "histograms", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose, "group");
  step_ = std::make_unique<H5Rows>(file_.get(), "step", std::vector<hsize_t>{}, true,
                                   "optimizer step of each row of /stats");
  gradNorm_ =
      std::make_unique<H5Rows>(file_.get(), "grad_norm", std::vector<hsize_t>{}, false, "L2 norm of all gradients");
  stats_ = std::make_unique<H5Rows>(file_.get(), "stats", std::vector<hsize_t>{t, kStats}, false,
                                    "[step, tensor, statistic]: tensors as in /names and /kinds, statistics as the "
                                    "stats_columns attribute says");
  histStep_ = std::make_unique<H5Rows>(file_.get(), "histograms/step", std::vector<hsize_t>{}, true, "optimizer step");
  counts_ = std::make_unique<H5Rows>(file_.get(), "histograms/counts", std::vector<hsize_t>{t, b}, false,
                                     "[histogram, tensor, bin]: elements per bin");
  edges_ = std::make_unique<H5Rows>(file_.get(), "histograms/edges", std::vector<hsize_t>{t, b + 1}, false,
                                    "[histogram, tensor, edge]: bin edges, min..max of the tensor");
  if (H5Fstart_swmr_write(file_.get()) < 0)
    throw std::runtime_error("HDF5: starting SWMR writing on " + path + " failed");
}

ProbeFile::~ProbeFile() {
  try {
    flush();
  } catch (...) {  // best effort, as for metrics.h5
  }
}

void ProbeFile::append(const ProbeSample& sample) {
  const double step = static_cast<double>(sample.step);
  step_->append(&step);
  gradNorm_->append(&sample.grad_norm);
  std::vector<double>& row = row_;
  row.assign(count_ * kStats, std::nan(""));
  for (const auto& s : sample.tensors) {
    const auto it = index_.find(s.name + "/" + s.kind);
    if (it == index_.end()) continue;
    double* r = row.data() + it->second * kStats;
    const double values[kStats] = {s.mean, s.std,         s.min, s.max, s.zero_fraction, s.saturation_fraction,
                                   s.norm, s.update_ratio};
    std::copy(values, values + kStats, r);
  }
  stats_->append(row.data());
  if (tensorboard_) tensorboard_->write(sample, unixTimeNow());
}

void ProbeFile::append(const std::vector<Histogram>& histograms) {
  if (histograms.empty()) return;
  std::vector<double> counts(count_ * bins_, std::nan("")), edges(count_ * (bins_ + 1), std::nan(""));
  for (const auto& h : histograms) {
    const auto it = index_.find(h.name + "/" + h.kind);
    if (it == index_.end() || static_cast<int>(h.counts.size()) != bins_) continue;
    std::copy(h.counts.begin(), h.counts.end(), counts.begin() + static_cast<std::ptrdiff_t>(it->second * bins_));
    std::copy(h.edges.begin(), h.edges.end(), edges.begin() + static_cast<std::ptrdiff_t>(it->second * (bins_ + 1)));
  }
  const double step = static_cast<double>(histograms.front().step);
  histStep_->append(&step);
  counts_->append(counts.data());
  edges_->append(edges.data());
  if (tensorboard_) tensorboard_->write(histograms, unixTimeNow());
}

ProbeRecords readProbeRecords(hid_t f) {
  ProbeRecords p;
  p.names = h5ReadFixedStrings(f, "/names");
  p.kinds = h5ReadFixedStrings(f, "/kinds");
  std::vector<hsize_t> stepDims, countDims, edgeDims, dims;
  const auto steps = h5ReadChecked<double>(f, "/histograms/step", H5T_NATIVE_DOUBLE, 1, &stepDims);
  p.counts = h5ReadChecked<double>(f, "/histograms/counts", H5T_NATIVE_DOUBLE, 3, &countDims);
  p.edges = h5ReadChecked<double>(f, "/histograms/edges", H5T_NATIVE_DOUBLE, 3, &edgeDims);
  if (countDims[2] + 1 != edgeDims[2] || countDims[1] != edgeDims[1])
    throwDamaged(f, "/histograms/edges", "does not fit /histograms/counts");
  const size_t rows = std::min({steps.size(), static_cast<size_t>(countDims[0]), static_cast<size_t>(edgeDims[0])});
  p.stride = countDims[1];
  p.tensors = std::min({p.stride, p.names.size(), p.kinds.size()});
  p.bins = countDims[2];
  for (size_t r = 0; r < rows; ++r) p.histogram_steps.push_back(static_cast<int64_t>(steps[r]));
  p.steps = h5ReadChecked<double>(f, "/step", H5T_NATIVE_DOUBLE, 1, &dims);
  p.grad_norms = h5ReadChecked<double>(f, "/grad_norm", H5T_NATIVE_DOUBLE, 1, &dims);
  const size_t n = std::min(p.steps.size(), p.grad_norms.size());  // a live writer may be mid-row
  p.steps.resize(n), p.grad_norms.resize(n);
  return p;
}

void ProbeFile::flushIfDue(std::chrono::milliseconds every) {
  if (std::chrono::steady_clock::now() - lastFlush_ >= every) flush();
}

void ProbeFile::flush() {
  for (auto* r : {step_.get(), gradNorm_.get(), stats_.get(), histStep_.get(), counts_.get(), edges_.get()}) r->flush();
  h5FlushOrThrow(file_.get());
  lastFlush_ = std::chrono::steady_clock::now();
}

}  // namespace trainscope
