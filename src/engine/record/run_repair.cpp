#include "engine/record/run_repair.h"

#include "engine/record/h5_handle.h"
#include "engine/record/h5_read.h"
#include "engine/record/metrics_file.h"
#include "engine/record/prediction_file.h"
#include "engine/record/run_lock.h"
#include "engine/record/run_record.h"
#include "engine/record/sample_file.h"
#include "engine/record/tensorboard_export.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>

namespace trainscope {

namespace fs = std::filesystem;

namespace {
constexpr const char* kDamagedMark = "(damaged?)";

// Opens the file as a plain reader would; true when HDF5 accepts it.
bool opensPlainly(const std::string& file) {
  try {
    h5OpenForReading(file, /*live=*/false);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

// Reads one dataset whole, as its own type; "" or what failed. Exceptions must not
// cross HDF5's C frames: this is called from H5Lvisit's callback.
std::string readsWhole(hid_t dataset, const std::string& name) {
  try {
    const std::vector<hsize_t> dims = h5CheckedDims(dataset, name, -1);
    H5Handle type(H5Dget_type(dataset), H5Tclose, "type of " + name);
    // Not in our datasets, and read with the file's type HDF5 would convert them disk to disk.
    if (H5Tis_variable_str(type.get()) > 0 || H5Tdetect_class(type.get(), H5T_VLEN) > 0) return {};
    hsize_t count = 1;
    for (const hsize_t d : dims) count *= d;
    std::vector<char> buffer(static_cast<size_t>(count) * H5Tget_size(type.get()));
    if (count > 0 && H5Dread(dataset, type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer.data()) < 0)
      return name + " cannot be read";
    return {};
  } catch (const std::exception& e) {
    return e.what();
  }
}

herr_t checkObject(hid_t group, const char* name, const H5L_info_t*, void* data) {
  auto& problem = *static_cast<std::string*>(data);
  const hid_t object = H5Oopen(group, name, H5P_DEFAULT);
  if (object < 0) {
    problem = std::string(name) + " cannot be opened";
    return -1;
  }
  if (H5Iget_type(object) == H5I_DATASET) problem = readsWhole(object, name);
  H5Oclose(object);
  return problem.empty() ? 0 : -1;
}

// "" when the file opens and every dataset in it reads back; else what does not. A file
// whose metadata fails its checksums opens fine and fails here, where a reader would.
std::string whyUnreadable(const std::string& file) {
  if (const std::string why = whyNotRegularFile(file); !why.empty()) return "it " + why;
  const std::string name = fs::path(file).filename().string();
  try {
    const H5Handle f = h5OpenForReading(file, false);
    std::string problem;
    if (name == "tensors.h5") return {};  // the user's dumps, of any size: opening is the check
    if (H5Lvisit(f.get(), H5_INDEX_NAME, H5_ITER_INC, checkObject, &problem) < 0 && problem.empty())
      problem = "its groups cannot be listed";
    if (!problem.empty()) return problem;
  } catch (const std::exception&) {
    return "HDF5 cannot open it";
  }
  // Then as the run's own readers read it: shapes, lengths and class indices that fit.
  try {
    if (name == "metrics.h5") MetricsFile::read(file);
    if (name.rfind("probes", 0) == 0) checkProbeFile(file);
    if (name == "samples.h5") readSampleFile(file);
    if (name == "predictions.h5") readPredictionFile(file);
    return {};
  } catch (const std::exception& e) {
    return e.what();
  }
}

// Files whose name ends in .h5 (regular or not: a FIFO in a record's place is damage too).
std::vector<fs::path> hdf5Files(const std::string& runDir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(runDir, ec))
    if (entry.path().extension() == ".h5") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}
}  // namespace

bool clearHdf5WriteMark(const std::string& file, std::string* error) {
  if (opensPlainly(file)) return true;
  // HDF5's own h5clear sets the file-access property "clear_status_flags" and opens
  // the file for writing: the superblock's write marks are cleared on that open.
  quietHdf5Errors();
  H5Handle fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, "create file access properties");
  H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_LATEST, H5F_LIBVER_LATEST);
  hbool_t clear = true;
  if (H5Pexist(fapl.get(), "clear_status_flags") <= 0 || H5Pset(fapl.get(), "clear_status_flags", &clear) < 0) {
    if (error) *error = "this HDF5 cannot clear write marks";
    return false;
  }
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDWR, fapl.get());
  // A writer killed between flushes leaves the superblock's end-of-allocation short of
  // what it wrote, and closing a file opened for writing truncates it there: the data
  // past it would be lost. As h5clear --increment does, the end moves to the file's size.
  if (f >= 0) H5Fincrement_filesize(f, 0);
  if (f >= 0) H5Fclose(f);
  if (opensPlainly(file)) return true;
  if (error) *error = std::string("HDF5 could not open it even after clearing its write mark ") + kDamagedMark;
  return false;
}

std::vector<std::string> clearRunWriteMarks(const std::string& runDir, std::vector<std::string>* problems) {
  std::vector<std::string> cleared;
  for (const auto& path : hdf5Files(runDir)) {
    const std::string file = path.string();
    if (!whyNotRegularFile(file).empty() || opensPlainly(file)) continue;
    std::string error;
    if (clearHdf5WriteMark(file, &error))
      cleared.push_back(file);
    else if (problems)
      problems->push_back(file + ": " + error);
  }
  return cleared;
}

namespace {
void setAside(const fs::path& file, const std::string& why, RepairReport& report) {
  try {
    report.set_aside.push_back(file.string() + " -> " + setAsideDamaged(file).filename().string() + ": " + why);
  } catch (const std::exception& e) {
    report.problems.push_back(file.string() + ": " + why + "; could not set it aside (" + e.what() + ")");
  }
}

// What no reader can use: HDF5 files that do not read back, and a FIFO, a device or a
// symlink loop where log.txt or a checkpoint belongs. Never a file that only could not
// be opened here (a write mark HDF5 would not clear, no permission to read): those are
// problems to report, not damage.
void setAsideUnusable(const std::string& runDir, const std::vector<std::string>& unclearable, RepairReport& report) {
  for (const auto& file : hdf5Files(runDir)) {
    const std::string name = file.string();
    const bool notOurs = std::any_of(unclearable.begin(), unclearable.end(),
                                     [&](const std::string& p) { return p.rfind(name + ":", 0) == 0; });
    if (notOurs || (whyNotRegularFile(file).empty() && ::access(name.c_str(), R_OK) != 0)) continue;
    if (const std::string why = whyUnreadable(name); !why.empty()) setAside(file, why, report);
  }
  std::vector<fs::path> others{fs::path(runDir) / "log.txt"};
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::path(runDir) / "checkpoints", ec))
    if (entry.path().extension() == ".pt") others.push_back(entry.path());
  for (const auto& file : others)
    if (entryExists(file))
      if (const std::string why = whyNotRegularFile(file); !why.empty()) setAside(file, "it " + why, report);
}
}  // namespace

RepairReport repairRun(const std::string& runDir, bool setAsideDamage) {
  const auto lock = RunLock::acquire(runDir, "repair");
  RepairReport report;
  report.restored_before_resume = MetricsFile::restoreBeforeResume((fs::path(runDir) / "metrics.h5").string());
  std::vector<std::string> unclearable;
  report.cleared = clearRunWriteMarks(runDir, &unclearable);
  for (const auto& problem : unclearable)  // a damaged file is set aside below; any other reason is reported
    if (!setAsideDamage || problem.find(kDamagedMark) == std::string::npos) report.problems.push_back(problem);
  if (setAsideDamage) setAsideUnusable(runDir, report.problems, report);
  std::error_code ec;
  // Leftovers of the writer's writes that the crash cut short (never a complete file),
  // and the space it set aside. user.json is the app's, not the writer's: left alone.
  for (const auto& leftover :
       {fs::path(runDir) / "run.json.tmp", fs::path(runDir) / "metrics.h5.resume", fs::path(runDir) / ".spare"})
    fs::remove(leftover, ec);
  for (const auto& entry : fs::directory_iterator(fs::path(runDir) / "checkpoints", ec))
    if (entry.path().extension() == ".tmp") fs::remove(entry.path(), ec);
  const fs::path runJson = fs::path(runDir) / "run.json";
  if (entryExists(runJson)) {
    RunRecord record = [&] {
      try {
        return RunRecord::open(runDir);
      } catch (const BadInput& e) {  // the record itself: nothing here can rebuild it
        throw BadInput(std::string(e.what()) + "; repair cannot rebuild run.json (the run's other files are kept)");
      }
    }();
    const std::string status = record.info().value("status", "");
    if (status == "running" || status == "paused" || status == "starting") {
      record.info()["status"] = "interrupted";
      record.info()["reason"] =
          "the process writing the run ended without closing it (a crash or kill -9); "
          "resume continues from its last checkpoint";
      record.save();
      report.marked_interrupted = true;
    }
  }
  return report;
}

}  // namespace trainscope
