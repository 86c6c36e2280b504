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

const std::vector<H5Columns::Column>& scalarColumns() {
  static const std::vector<H5Columns::Column> c{{"name", true, "index into /scalars/names"},
                                                {"step", true, "global step the value belongs to"},
                                                {"wall_time", false, "seconds since the Unix epoch"},
                                                {"value", false, "the value"}};
  return c;
}
constexpr const char* kScalarNames = "/scalars/names";

// The named scalars of an open file; none in a file written before they existed.
std::map<std::string, MetricsFile::ScalarSeries> readScalars(hid_t file) {
  std::map<std::string, MetricsFile::ScalarSeries> out;
  if (H5Lexists(file, "/scalars", H5P_DEFAULT) <= 0) return out;
  // Rows first, then names: a live writer flushes a new name before the rows that use
  // it, so names read after the rows cover them.
  const auto rows = H5Columns::readRows(file, "/scalars", scalarColumns());
  const auto names = h5ReadFixedStrings(file, kScalarNames);
  for (const auto& row : rows) {
    // A live writer flushes the names first: an index past them is damage.
    if (!(row[0] >= 0 && row[0] < static_cast<double>(names.size())))
      throwDamaged(file, "/scalars/name", "holds an index past /scalars/names");
    auto& series = out[names[static_cast<size_t>(row[0])]];
    series.step.push_back(row[1]);
    series.wall_time.push_back(row[2]);
    series.value.push_back(row[3]);
  }
  return out;
}

}  // namespace

MetricsFile::MetricsFile(H5Handle file)
    : file_(std::move(file)),
      steps_(std::make_unique<H5Columns>(file_.get(), "/steps", stepColumns())),
      epochs_(std::make_unique<H5Columns>(file_.get(), "/epochs", epochColumns())),
      scalars_(std::make_unique<H5Columns>(file_.get(), "/scalars", scalarColumns())),
      scalarNames_(std::make_unique<H5Names>(file_.get(), kScalarNames)),
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
  H5Columns::create(file.get(), "/scalars", scalarColumns());
  H5Names::create(file.get(), kScalarNames, "names of the scalars in /scalars, in the order first logged");
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
  c.scalars = readScalars(file.get());
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
  std::map<std::string, ScalarSeries> scalars;
  try {
    const H5Handle file = h5OpenForReading(path, true);
    steps = H5Columns::readRows(file.get(), "/steps", stepColumns());
    epochs = H5Columns::readRows(file.get(), "/epochs", epochColumns());
    scalars = readScalars(file.get());
  } catch (const std::exception& e) {
    const std::string kept = entryExists(path) ? " kept as " + setAsideDamaged(path).filename().string() + "," : "";
    if (warning) *warning = path + " could not be read (" + e.what() + ");" + kept + " a new record starts here";
    steps.clear(), epochs.clear(), scalars.clear();
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
  for (const auto& [name, series] : scalars)
    for (size_t i = 0; i < series.step.size(); ++i)
      if (series.step[i] <= static_cast<double>(keepSteps))
        file->appendScalar(name, static_cast<int64_t>(series.step[i]), series.wall_time[i], series.value[i]);
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
    scalarNames_.reset();  // names before the rows that use them
    scalars_.reset();
  } catch (...) {  // a destructor must not throw; the last flush is best effort
  }
  if (beforeResume_.empty()) return;
  file_.reset();  // closed before the file as it was goes back over it
  restoreBeforeResume(path_);
}

void MetricsFile::append(const StepMetrics& m) {
  steps_->append(rowOf(stepMetricFields(), m));
  if (tensorboard_) tensorboard_->write(m);
}

void MetricsFile::append(const EpochMetrics& m) {
  epochs_->append(rowOf(epochMetricFields(), m));
  if (tensorboard_) tensorboard_->write(m);
}

void MetricsFile::appendScalar(const std::string& name, int64_t step, double wallTime, double value) {
  auto [it, added] = scalarIds_.try_emplace(name, static_cast<int64_t>(scalarIds_.size()));
  if (added) scalarNames_->append(name);
  scalars_->append({static_cast<double>(it->second), static_cast<double>(step), wallTime, value});
  if (tensorboard_) tensorboard_->writeScalars(step, wallTime, {{name, value}});
}

void MetricsFile::flushIfDue(std::chrono::milliseconds every) {
  if (tensorboard_) tensorboard_->flushIfDue();
  if (std::chrono::steady_clock::now() - lastFlush_ >= every) flush();
}

void MetricsFile::flush() {
  steps_->flush();
  epochs_->flush();
  scalarNames_->flush();
  scalars_->flush();
  h5FlushOrThrow(file_.get());
  lastFlush_ = std::chrono::steady_clock::now();
}

}  // namespace trainscope
