#include "ui/pages/compare_reader.h"

#include <filesystem>

namespace trainscope::ui {

namespace {
qint64 modifiedTime(const std::string& runDir) {
  std::error_code ec;
  const auto stamp = std::filesystem::last_write_time(std::filesystem::path(runDir) / "metrics.h5", ec);
  return ec ? -1 : static_cast<qint64>(stamp.time_since_epoch().count());
}
}  // namespace

std::string absolutePath(const std::string& dir) {
  std::error_code ec;
  const auto p = std::filesystem::absolute(dir, ec);
  return ec ? dir : p.lexically_normal().string();
}

void adoptListedSpellings(const std::vector<RunEntry>& runs, std::map<QString, bool>& ticked,
                          std::map<QString, int>& colors) {
  for (const auto& r : runs) {
    const QString listed = QString::fromStdString(r.dir);
    for (auto it = ticked.begin(); it != ticked.end();) {
      if (it->first == listed || !it->second || absolutePath(it->first.toStdString()) != absolutePath(r.dir)) {
        ++it;
        continue;
      }
      const auto color = colors.find(it->first);
      if (color != colors.end()) {
        colors[listed] = color->second;
        colors.erase(color);
      }
      it = ticked.erase(it);
      ticked[listed] = true;
    }
  }
}

RunsSnapshot readRunsSnapshot(const QString& runsDir, const std::set<std::string>& ticked,
                              const std::map<std::string, CurvesStamp>& cached) {
  RunsSnapshot s;
  s.runsDir = runsDir;
  try {
    s.runs = listRuns(runsDir.toStdString());
  } catch (const std::exception& e) {  // a folder that went away or is unreadable mid-listing
    s.error = e.what();
    return s;
  }
  for (const auto& run : s.runs) {
    if (!ticked.count(absolutePath(run.dir))) continue;
    const qint64 modified = modifiedTime(run.dir);
    const auto have = cached.find(run.dir);
    // A running run is re-read every time, as its record grows; one that failed to
    // read is retried when its file changes.
    const bool fresh =
        have != cached.end() && have->second.modified == modified && (run.status != "running" || have->second.failed);
    if (fresh) continue;
    CachedCurves& c = s.curves[run.dir];
    c.modified = modified;
    try {
      c.curves = readRunCurves(run.dir);
    } catch (const std::exception&) {
      c.failed = true;
    }
  }
  return s;
}

}  // namespace trainscope::ui
