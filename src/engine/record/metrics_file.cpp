#include "engine/record/metrics_file.h"

#include <stdexcept>

namespace trainscope {

namespace {

const std::vector<H5Columns::Column>& stepColumns() {
  static const std::vector<H5Columns::Column> c{
      {"step", true, "global optimizer step, 1-based"},
      {"epoch", false, "fractional epoch (2.5 = halfway through the third)"},
      {"wall_time", false, "seconds since the Unix epoch"},
      {"loss", false, "training loss of the step"},
      {"accuracy", false, "top-1 accuracy on the step's batch"},
      {"lr", false, "learning rate used by the step"},
      {"samples_per_sec", false, "training throughput"},
      {"data_wait", false, "share of the step spent waiting for data (0..1)"},
  };
  return c;
}

const std::vector<H5Columns::Column>& epochColumns() {
  static const std::vector<H5Columns::Column> c{
      {"epoch", true, "epoch, 1-based"},
      {"step", true, "global step at the end of the epoch"},
      {"wall_time", false, "seconds since the Unix epoch"},
      {"train_loss", false, "mean training loss over the epoch"},
      {"train_accuracy", false, "top-1 training accuracy over the epoch"},
      {"val_loss", false, "validation loss (no grad, eval mode)"},
      {"val_accuracy", false, "validation top-1 accuracy"},
      {"lr", false, "learning rate at the end of the epoch"},
      {"duration", false, "seconds spent in the epoch, pauses excluded"},
  };
  return c;
}

hid_t swmrAccessProps() {
  hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  H5Pset_libver_bounds(fapl, H5F_LIBVER_LATEST, H5F_LIBVER_LATEST);  // SWMR needs the latest format
  return fapl;
}

}  // namespace

MetricsFile::MetricsFile(hid_t file)
    : file_(file),
      steps_(std::make_unique<H5Columns>(file, "/steps", stepColumns())),
      epochs_(std::make_unique<H5Columns>(file, "/epochs", epochColumns())),
      lastFlush_(std::chrono::steady_clock::now()) {}

std::unique_ptr<MetricsFile> MetricsFile::create(const std::string& path, const std::string& runName) {
  hid_t fapl = swmrAccessProps();
  hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
  H5Pclose(fapl);
  h5check(file, ("create " + path).c_str());
  h5WriteAttribute(file, "format", std::string("trainscope-metrics"));
  h5WriteAttribute(file, "format_version", int64_t{1});
  h5WriteAttribute(file, "run_name", runName);
  H5Columns::create(file, "/steps", stepColumns());
  H5Columns::create(file, "/epochs", epochColumns());
  h5check(H5Fstart_swmr_write(file), "start SWMR writing");
  return std::unique_ptr<MetricsFile>(new MetricsFile(file));
}

std::unique_ptr<MetricsFile> MetricsFile::reopen(const std::string& path, int64_t keepSteps, int64_t keepEpochs) {
  hid_t fapl = swmrAccessProps();
  {  // Shrinking is not allowed under SWMR: do it first, in a plain read-write open.
    hid_t file = h5check(H5Fopen(path.c_str(), H5F_ACC_RDWR, fapl), ("open " + path).c_str());
    const int64_t steps = H5Columns::countRowsUpTo(file, "/steps", "step", keepSteps);
    const int64_t epochs = H5Columns::countRowsUpTo(file, "/epochs", "epoch", keepEpochs);
    H5Columns::truncate(file, "/steps", stepColumns(), steps);
    H5Columns::truncate(file, "/epochs", epochColumns(), epochs);
    H5Fclose(file);
  }
  hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR | H5F_ACC_SWMR_WRITE, fapl);
  H5Pclose(fapl);
  h5check(file, ("open for SWMR writing " + path).c_str());
  return std::unique_ptr<MetricsFile>(new MetricsFile(file));
}

MetricsFile::~MetricsFile() {
  steps_.reset();  // flushes
  epochs_.reset();
  H5Fclose(file_);
}

void MetricsFile::append(const StepMetrics& m) {
  steps_->append({static_cast<double>(m.step), m.epoch, m.wall_time, m.loss, m.accuracy, m.lr, m.samples_per_sec,
                  m.data_wait});
}

void MetricsFile::append(const EpochMetrics& m) {
  epochs_->append({static_cast<double>(m.epoch), static_cast<double>(m.step), m.wall_time, m.train_loss,
                   m.train_accuracy, m.val_loss, m.val_accuracy, m.lr, m.duration});
}

void MetricsFile::flushIfDue(std::chrono::milliseconds every) {
  if (std::chrono::steady_clock::now() - lastFlush_ >= every) flush();
}

void MetricsFile::flush() {
  steps_->flush();
  epochs_->flush();
  H5Fflush(file_, H5F_SCOPE_LOCAL);
  lastFlush_ = std::chrono::steady_clock::now();
}

}  // namespace trainscope
