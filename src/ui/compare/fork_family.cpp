#include "ui/compare/fork_family.h"

#include <algorithm>

namespace trainscope::ui {

namespace {

const RunEntry* byId(const std::vector<RunEntry>& runs, const std::string& id) {
  for (const auto& r : runs)
    if (r.id == id) return &r;
  return nullptr;
}

const RunEntry* byDir(const std::vector<RunEntry>& runs, const QString& dir) {
  for (const auto& r : runs)
    if (QString::fromStdString(r.dir) == dir) return &r;
  return nullptr;
}

// Depth first from `run`: each parent before its forks, the forks by their start.
void addWithForks(const std::vector<RunEntry>& runs, const RunEntry& run, std::set<std::string>& seen,
                  QStringList& out) {
  if (!seen.insert(run.id).second) return;
  out << QString::fromStdString(run.dir);
  std::vector<const RunEntry*> forks;
  for (const auto& r : runs)
    if (r.parent == run.id) forks.push_back(&r);
  std::sort(forks.begin(), forks.end(), [](const RunEntry* a, const RunEntry* b) {
    return a->fork_step != b->fork_step ? a->fork_step < b->fork_step : a->id < b->id;
  });
  for (const RunEntry* f : forks) addWithForks(runs, *f, seen, out);
}

}  // namespace

QStringList forkFamily(const std::vector<RunEntry>& runs, const QString& dir) {
  const RunEntry* root = byDir(runs, dir);
  if (!root) return {dir};
  std::set<std::string> climbed{root->id};  // a hand-edited run.json could make a loop
  while (!root->parent.empty()) {
    const RunEntry* parent = byId(runs, root->parent);
    if (!parent || !climbed.insert(parent->id).second) break;
    root = parent;
  }
  QStringList out;
  std::set<std::string> seen;
  addWithForks(runs, *root, seen, out);
  return out;
}

std::map<QString, int64_t> branchSteps(const std::vector<RunEntry>& runs, const std::set<QString>& plotted) {
  std::map<QString, int64_t> out;
  for (const auto& r : runs) {
    const QString dir = QString::fromStdString(r.dir);
    if (r.parent.empty() || r.fork_step <= 0 || !plotted.count(dir)) continue;
    const RunEntry* parent = byId(runs, r.parent);
    if (parent && plotted.count(QString::fromStdString(parent->dir))) out[dir] = r.fork_step;
  }
  return out;
}

}  // namespace trainscope::ui
