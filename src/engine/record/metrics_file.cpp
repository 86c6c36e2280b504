#include "engine/record/metrics_file.h"

#include "engine/record/h5_read.h"
#include "engine/run/metric_fields.h"

#include <filesystem>
#include <stdexcept>

namespace trainscope {

namespace {
constexpr const char* kBeforeResume = ".before-resume";

template <class Row>
std::vector<H5Columns::Column> columnsOf(const std::vector<MetricField<Row>>& fields) {
  std::vector<H5Columns::Column> out;
  for (const auto& f : fields)
    if (f.column) out.push_back({f.key, f.integer(), f.doc});
  return out;
}

template <class Row>
H5Columns::Row rowOf(const std::vector<MetricField<Row>>& fields, const Row& row) {
  H5Columns::Row out;
  for (const auto& f : fields)
    if (f.column) out.push_back(f.get(row));
  return out;
}

const std::vector<H5Columns::Column>& stepColumns() {
  static const auto c = columnsOf(stepMetricFields());
  return c;
}

const std::vector<H5Columns::Column>& epochColumns() {
  static const auto c = columnsOf(epochMetricFields());
  return c;
}

}  // namespace

MetricsFile::MetricsFile(H5Handle file)
    : file_(std::move(file)),
      steps_(std::make_unique<H5Columns>(file_.get(), "/steps", stepColumns())),
      epochs_(std::make_unique<H5Columns>(file_.get(), "/epochs", epochColumns())),
      lastFlush_(std::chrono::steady_clock::now()) {}

std::unique_ptr<MetricsFile> MetricsFile::create(const std::string& path, const std::string& runName) {
  const H5Handle fapl = h5SwmrFileAccess();
  quietHdf5Errors();
  H5Handle file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.get()), H5Fclose, "create " + path);
  h5WriteAttribute(file.get(), "format", std::string("trainscope-metrics"));
  h5WriteAttribute(file.get(), "format_version", int64_t{1});
  h5WriteAttribute(file.get(), "run_name", runName);
  H5Columns::create(file.get(), "/steps", stepColumns());
  H5Columns::create(file.get(), "/epochs", epochColumns());
  if (H5Fstart_swmr_write(file.get()) < 0)
    throw std::runtime_error("HDF5: starting SWMR writing on " + path + " failed");
  return std::unique_ptr<MetricsFile>(new MetricsFile(std::move(file)));
}

MetricsFile::Contents MetricsFile::read(const std::string& path) {
  Contents c;
  const H5Handle file = h5OpenForReading(path, true);
  c.steps = H5Columns::readRows(file.get(), "/steps", stepColumns());
  c.epochs = H5Columns::readRows(file.get(), "/epochs", epochColumns());
  for (const auto& col : stepColumns()) c.step_columns.push_back(col.name);
  for (const auto& col : epochColumns()) c.epoch_columns.push_back(col.name);
  return c;
}

bool MetricsFile::restoreBeforeResume(const std::string& path) {
  std::error_code ec;
  const std::string kept = path + kBeforeResume;
  if (!std::filesystem::is_regular_file(kept, ec)) return false;
  std::filesystem::rename(kept, path, ec);
  return !ec;
}

void MetricsFile::commitResume() {
  if (beforeResume_.empty()) return;
  std::error_code ec;
  std::filesystem::remove(beforeResume_, ec);
  beforeResume_.clear();
}

std::unique_ptr<MetricsFile> MetricsFile::reopen(const std::string& path, const std::string& runName, int64_t keepSteps,
                                                 int64_t keepEpochs, std::string* warning) {
  restoreBeforeResume(path);
  std::vector<H5Columns::Row> steps, epochs;
  try {
    const H5Handle file = h5OpenForReading(path, true);
    steps = H5Columns::readRows(file.get(), "/steps", stepColumns());
    epochs = H5Columns::readRows(file.get(), "/epochs", epochColumns());
  } catch (const std::exception& e) {
    const std::string kept = entryExists(path) ? " kept as " + setAsideDamaged(path).filename().string() + "," : "";
    if (warning) *warning = path + " could not be read (" + e.what() + ");" + kept + " a new record starts here";
    steps.clear(), epochs.clear();
  }
  // Rows are in step order; keep those up to the checkpoint (column 0 is step / epoch).
  auto upTo = [](std::vector<H5Columns::Row>& rows, int64_t limit) {
    size_t n = 0;
    while (n < rows.size() && rows[n][0] <= static_cast<double>(limit)) ++n;
    rows.resize(n);
  };
  upTo(steps, keepSteps);
  upTo(epochs, keepEpochs);
  // Written under another name, then renamed over the old file: never half a record.
  const std::string fresh = path + ".resume";
  auto file = create(fresh, runName);
  for (auto& r : steps) file->steps_->append(std::move(r));
  for (auto& r : epochs) file->epochs_->append(std::move(r));
  file->flush();
  file->path_ = path;
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    std::filesystem::rename(path, path + kBeforeResume);
    file->beforeResume_ = path + kBeforeResume;
  }
  std::filesystem::rename(fresh, path);
  return file;
}

MetricsFile::~MetricsFile() {
  try {
    steps_.reset();  // flushes
    epochs_.reset();
  } catch (...) {  // a destructor must not throw; the last flush is best effort
  }
  if (beforeResume_.empty()) return;
  file_.reset();  // closed before the file as it was goes back over it
  restoreBeforeResume(path_);
}

void MetricsFile::append(const StepMetrics& m) { steps_->append(rowOf(stepMetricFields(), m)); }

void MetricsFile::append(const EpochMetrics& m) { epochs_->append(rowOf(epochMetricFields(), m)); }

void MetricsFile::flushIfDue(std::chrono::milliseconds every) {
  if (std::chrono::steady_clock::now() - lastFlush_ >= every) flush();
}

void MetricsFile::flush() {
  steps_->flush();
  epochs_->flush();
  h5FlushOrThrow(file_.get());
  lastFlush_ = std::chrono::steady_clock::now();
}

}  // namespace trainscope
