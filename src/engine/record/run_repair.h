// After a crash: a run whose writer died (kill -9, power cut) leaves its HDF5 files
// marked "open for writing" (SWMR), so plain h5py.File(path, "r") refuses them, and
// run.json still says "running". Repair clears the marks and records what happened;
// `trainscope-cli repair RUN` does it, and so does the run library when it finds a run
// whose lock is free but whose record says it trains. An HDF5 file that no reader could
// use (cut short by a full disk, bit flips, a FIFO in its place) is renamed to
// NAME.damaged: kept, never deleted, and no longer in the way of the run's other files.
#pragma once

#include <string>
#include <vector>

namespace trainscope {

struct RepairReport {
  std::vector<std::string> cleared;     // HDF5 files whose write mark was cleared
  std::vector<std::string> set_aside;   // "FILE -> FILE.damaged: why": unreadable, renamed out of the readers' way
  std::vector<std::string> problems;    // files that could not be repaired, with why
  bool marked_interrupted = false;      // run.json said running/paused/starting; now "interrupted"
  bool restored_before_resume = false;  // metrics.h5 put back as it was before a resume killed early
};

// Takes the run's lock (throws RunLockedError while a writer holds it), then repairs.
// Safe on a healthy run: nothing changes. `setAsideDamage`: also read every record
// whole and set aside what no reader can use (`trainscope-cli repair`; the run listing
// only clears write marks, cheaply).
RepairReport repairRun(const std::string& runDir, bool setAsideDamage = true);

// Clears the write marks of every HDF5 file of a run, without taking its lock (the
// caller holds it: resume does, before it opens them). Returns the files cleared.
std::vector<std::string> clearRunWriteMarks(const std::string& runDir, std::vector<std::string>* problems = nullptr);

// Clears HDF5's "open for writing" mark of one file (what h5clear -s does). True when
// the file opens cleanly afterwards.
bool clearHdf5WriteMark(const std::string& file, std::string* error = nullptr);

}  // namespace trainscope
