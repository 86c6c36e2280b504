#include "engine/record/run_repair.h"

#include "engine/record/h5_handle.h"
#include "engine/record/run_lock.h"
#include "engine/record/run_record.h"

#include <filesystem>

namespace trainscope {

namespace fs = std::filesystem;

namespace {
// Opens the file as a plain reader would; true when HDF5 accepts it.
bool opensPlainly(const std::string& file) {
  quietHdf5Errors();
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (f < 0) return false;
  H5Fclose(f);
  return true;
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
  if (f >= 0) H5Fclose(f);
  if (opensPlainly(file)) return true;
  if (error) *error = "HDF5 could not open it even after clearing its write mark (damaged?)";
  return false;
}

std::vector<std::string> clearRunWriteMarks(const std::string& runDir, std::vector<std::string>* problems) {
  std::vector<std::string> cleared;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(runDir, ec)) {
    if (entry.path().extension() != ".h5" || !entry.is_regular_file()) continue;
    const std::string file = entry.path().string();
    if (opensPlainly(file)) continue;
    std::string error;
    if (clearHdf5WriteMark(file, &error))
      cleared.push_back(file);
    else if (problems)
      problems->push_back(file + ": " + error);
  }
  return cleared;
}

RepairReport repairRun(const std::string& runDir) {
  const auto lock = RunLock::acquire(runDir, "repair");
  RepairReport report;
  report.cleared = clearRunWriteMarks(runDir, &report.problems);
  std::error_code ec;
  // Leftovers of the writer's writes that the crash cut short (never a complete file),
  // and the space it set aside. user.json is the app's, not the writer's: left alone.
  for (const auto& leftover :
       {fs::path(runDir) / "run.json.tmp", fs::path(runDir) / "metrics.h5.resume", fs::path(runDir) / ".spare"})
    fs::remove(leftover, ec);
  for (const auto& entry : fs::directory_iterator(fs::path(runDir) / "checkpoints", ec))
    if (entry.path().extension() == ".tmp") fs::remove(entry.path(), ec);
  if (fs::exists(fs::path(runDir) / "run.json")) {
    RunRecord record = RunRecord::open(runDir);
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
