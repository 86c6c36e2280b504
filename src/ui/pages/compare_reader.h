// The Compare page's reading, done off the GUI thread (QtConcurrent): the runs
// folder's listing, and the curves of the ticked runs whose metrics.h5 changed since
// they were read (or that are still running). Plain work on the engine's run library.
#pragma once

#include "engine/record/run_library.h"

#include <QString>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace trainscope::ui {

struct CachedCurves {
  RunCurves curves;
  qint64 modified = -1;  // metrics.h5's mtime when read
  bool failed = false;   // unreadable: listed as it is, no curve to draw
};

struct CurvesStamp {
  qint64 modified = -1;
  bool failed = false;
};

struct RunsSnapshot {
  QString runsDir;
  std::vector<RunEntry> runs;
  std::map<std::string, CachedCurves> curves;  // only those re-read, by run folder as listed
  std::string error;                           // the folder could not be listed (runs is then empty)
};

// `ticked`: absolute run folders whose curves are wanted; `cached`: what the caller
// holds already, by run folder as listed.
RunsSnapshot readRunsSnapshot(const QString& runsDir, const std::set<std::string>& ticked,
                              const std::map<std::string, CurvesStamp>& cached);

// A run folder as an absolute, normal path, to match folders spelled differently.
std::string absolutePath(const std::string& dir);

// A run ticked under another spelling of its folder (a lesson's, say) takes the
// listing's spelling, in `ticked` and in `colors` (folder -> palette index).
void adoptListedSpellings(const std::vector<RunEntry>& runs, std::map<QString, bool>& ticked,
                          std::map<QString, int>& colors);

}  // namespace trainscope::ui
