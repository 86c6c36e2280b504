#include "engine/repro/collect_runs.h"

#include "engine/config/config.h"
#include "engine/config/file_input.h"
#include "engine/record/run_library.h"
#include "engine/record/run_lock.h"
#include "engine/record/run_record.h"
#include "engine/repro/tar_archive.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

namespace trainscope {

namespace fs = std::filesystem;

namespace {

bool isBundle(const fs::path& p) {
  const std::string name = p.filename().string();
  return name.size() > 11 && name.compare(name.size() - 11, 11, ".bundle.tar") == 0;
}

// Run folders (holding run.json) and bundles under `source`, at most four levels down.
std::vector<fs::path> findHandIns(const fs::path& source, const fs::path& runsDir) {
  std::vector<fs::path> found;
  std::error_code ec, check;  // `ec` for the walk; `check` for each entry, so one bad entry ends nothing
  const fs::path runs = fs::weakly_canonical(runsDir, check);
  for (auto it = fs::recursive_directory_iterator(source, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path p = it->path();
    if (fs::weakly_canonical(p, check) == runs) {  // the runs folder inside the hand-ins: never its own runs again
      it.disable_recursion_pending();
      continue;
    }
    if (p.filename().string().rfind('.', 0) == 0) {  // hidden: never a hand-in
      if (it->is_directory(check)) it.disable_recursion_pending();
      continue;
    }
    if (it->is_symlink(check)) {  // listed, then refused by name: collect never follows a link out
      if (fs::is_regular_file(p / "run.json", check) || isBundle(p)) found.push_back(p);
      continue;
    }
    const fs::file_status runJson = fs::symlink_status(p / "run.json", check);
    if (it->is_directory(check) && (fs::is_regular_file(runJson) || fs::is_symlink(runJson))) {  // a link: refused
      found.push_back(p);
      it.disable_recursion_pending();  // a run's own folders are not runs
    } else if (it->is_regular_file(check) && isBundle(p)) {
      found.push_back(p);
    } else if (it->is_directory(check) && it.depth() >= 3) {
      it.disable_recursion_pending();
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

// A hand-in's files into `to`: plain folders and files only. A symbolic link or a special
// file in it refuses the whole run by name (checkpoints/last.pt -> /etc/passwd would
// otherwise be bundled as the checkpoint); the writer's own lock and temporaries stay behind.
void copyRunTree(const fs::path& from, const fs::path& to) {
  fs::create_directory(to);
  for (auto it = fs::recursive_directory_iterator(from); it != fs::recursive_directory_iterator(); ++it) {
    const fs::path relative = it->path().lexically_relative(from);
    const std::string name = relative.filename().string();
    const fs::file_status status = it->symlink_status();
    if (fs::is_symlink(status))
      throw std::runtime_error(relative.string() + " is a symbolic link: a collected run holds its own files only");
    if (name == ".lock" || name == ".spare" || name.find(".partial-") != std::string::npos ||
        (name.size() > 4 && name.compare(name.size() - 4, 4, ".tmp") == 0)) {
      if (fs::is_directory(status)) it.disable_recursion_pending();
      continue;
    }
    if (fs::is_directory(status))
      fs::create_directory(to / relative);
    else if (fs::is_regular_file(status))
      fs::copy_file(it->path(), to / relative);
    else
      throw std::runtime_error(relative.string() + " is a special file (a FIFO, device or socket), not a run's file");
  }
}

// Copied beside the runs folder's listing first (.collecting/), then renamed into it:
// the Compare page never lists half a run.
void copyIn(const fs::path& from, const fs::path& runsDir, const std::string& name) {
  const fs::path staging = runsDir / ".collecting" / name;
  fs::remove_all(staging);
  fs::create_directories(staging.parent_path());
  if (isBundle(from)) {  // the bundle's run.json: the run's record without its curves
    fs::create_directories(staging);
    TarReader tar(from.string());
    const TarEntry* run = tar.find("run.json");
    if (!run) throw std::runtime_error("the bundle holds no run.json");
    if (run->size > kMaxJsonBytes) throw std::runtime_error("the bundle's run.json is too large");
    const nlohmann::json info = nlohmann::json::parse(tar.readBytes(*run), nullptr, false);
    if (!info.is_object()) throw std::runtime_error("the bundle's run.json is damaged");
    tar.extract(*run, (staging / "run.json").string());
  } else {
    copyRunTree(from, staging);
    // Only a whole run: one that began being written while it was copied is not kept.
    if (const std::string who = RunLock::holder(from); !who.empty())
      throw std::runtime_error("it began being written (by " + who + ") while it was copied: collect it when it ends");
    // Read (and repaired, when a crash left it so) as the copy: the hand-in is never written.
    if (const RunEntry copied = readRunEntry(staging.string()); copied.status == "damaged")
      throw std::runtime_error("damaged: " + copied.damage);
  }
  fs::rename(staging, runsDir / name);
}

// Whether the collected folder holds the hand-in's run (its run.json's name and start).
bool sameRunOrThrow(const fs::path& collected, const fs::path& handIn) {
  auto identity = [](const nlohmann::json& info) {
    return info.value("name", std::string()) + "|" + info.value("start_time", std::string());
  };
  auto readInfo = [](const fs::path& file) {  // a regular file alone: a FIFO never blocks the collection
    try {
      return readJsonObject(file);
    } catch (const std::exception&) {
      return nlohmann::json();
    }
  };
  nlohmann::json theirs;
  if (isBundle(handIn)) {
    TarReader tar(handIn.string());
    const TarEntry* run = tar.find("run.json");
    theirs = run ? nlohmann::json::parse(tar.readBytes(*run), nullptr, false) : nlohmann::json();
  } else {
    theirs = readInfo(handIn / "run.json");
  }
  const nlohmann::json ours = readInfo(collected / "run.json");
  return theirs.is_object() && ours.is_object() && identity(theirs) == identity(ours);
}

bool sameRun(const fs::path& collected, const fs::path& handIn) {
  try {  // a damaged bundle or a special file is another run, said when it is collected
    return sameRunOrThrow(collected, handIn);
  } catch (const std::exception&) {
    return false;
  }
}

nlohmann::json teacherConfig(const std::string& teacher, Message& against) {
  if (teacher.empty()) return nullptr;
  const std::string name = fs::path(teacher).filename().string();
  if (fs::is_directory(teacher)) {
    against = {"trainscope::Collect", QT_TRANSLATE_NOOP("trainscope::Collect", "the teacher's run %1"), {name}};
    return readRunEntry(teacher).config;
  }
  against = {"trainscope::Collect", QT_TRANSLATE_NOOP("trainscope::Collect", "the teacher's experiment %1"), {name}};
  return toJson(parseConfig(readConfigJson(teacher, "teacher")));
}

std::string valueText(const nlohmann::json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// `students[i]` handed in `entries[i]`.
void rank(Collection& c, const std::vector<RunEntry>& entries, const std::vector<std::string>& students,
          const nlohmann::json& teacher) {
  std::vector<nlohmann::json> configs;
  for (const auto& e : entries) configs.push_back(e.config);
  const std::vector<std::string> amongRuns = differingFields(configs);
  for (size_t i = 0; i < entries.size(); ++i) {
    const RunEntry& e = entries[i];
    LeaderboardRow row{students[i], e.name, e.dir, e.best_val_accuracy, e.epochs_completed, {}};
    const std::vector<std::string> fields = teacher.is_null() ? amongRuns : differingFields({teacher, e.config});
    for (const auto& key : fields) row.differences.emplace_back(key, valueText(fieldValue(e.config, key)));
    c.leaderboard.push_back(std::move(row));
  }
  std::stable_sort(c.leaderboard.begin(), c.leaderboard.end(), [](const LeaderboardRow& a, const LeaderboardRow& b) {
    const double x = std::isnan(a.best_val_accuracy) ? -1 : a.best_val_accuracy;
    const double y = std::isnan(b.best_val_accuracy) ? -1 : b.best_val_accuracy;
    return x > y;
  });
}

}  // namespace

Collection collectRuns(const std::string& source, const std::string& runsDir, const std::string& teacher) {
  const fs::path from = fs::absolute(source).lexically_normal();
  if (!fs::is_directory(from)) throw std::runtime_error(source + " is not a folder");
  fs::create_directories(runsDir);
  Collection c;
  c.tag = runFolderName(from.filename().empty() ? from.parent_path().filename().string() : from.filename().string());
  c.against = {"trainscope::Collect", QT_TRANSLATE_NOOP("trainscope::Collect", "each other"), {}};
  const nlohmann::json teacherSettings = teacherConfig(teacher, c.against);
  std::vector<RunEntry> entries;
  std::vector<std::string> students;
  for (const fs::path& p : findHandIns(from, runsDir)) {
    CollectedRun r;
    r.source = p.string();
    const fs::path relative = p.lexically_relative(from);
    r.student = std::distance(relative.begin(), relative.end()) > 1 ? relative.begin()->string() : "";
    std::string id = p.filename().string();
    if (isBundle(p)) id = id.substr(0, id.size() - 11);
    std::string name = runFolderName(r.student.empty() ? id : r.student + "-" + id);
    // A folder of that name holding another run (two names that read alike): a name of its own.
    for (int n = 2; fs::exists(fs::path(runsDir) / name / "run.json") && !sameRun(fs::path(runsDir) / name, p); ++n)
      name = runFolderName(r.student.empty() ? id : r.student + "-" + id) + "-" + std::to_string(n);
    r.folder = (fs::path(runsDir) / name).string();
    try {
      if (fs::is_symlink(fs::symlink_status(p)))
        throw std::runtime_error("a symbolic link: collect never follows a link out of the hand-ins' folder");
      if (fs::is_symlink(fs::symlink_status(r.folder)))
        throw std::runtime_error(r.folder + " is a symbolic link: nothing is written through it");
      if (!isBundle(p)) {
        if (const std::string who = RunLock::holder(p); !who.empty())  // half a run is never copied
          throw std::runtime_error("still being written by " + who + ": collect again when it ends");
      }
      if (fs::exists(r.folder)) {
        r.outcome = "already collected";
      } else {
        copyIn(p, runsDir, name);
        r.outcome = "collected";
      }
      RunEntry e = readRunEntry(r.folder);
      if (std::find(e.tags.begin(), e.tags.end(), c.tag) == e.tags.end()) {
        e.tags.push_back(c.tag);
        setRunTags(r.folder, e.tags);
      }
      entries.push_back(std::move(e));
      students.push_back(r.student);
    } catch (const std::exception& ex) {
      r.outcome = "skipped", r.reason = ex.what();
      std::error_code ignored;
      fs::remove_all(fs::path(runsDir) / ".collecting" / name, ignored);
    }
    c.runs.push_back(r);
  }
  rank(c, entries, students, teacherSettings);
  std::error_code ec;
  fs::remove(fs::path(runsDir) / ".collecting", ec);  // only when empty
  return c;
}

}  // namespace trainscope
