// Forks and their parents on the Compare page: a run's family (the run it descends
// from, and every fork of that, at any depth) and, for the plot, the step where each
// fork branches off a parent drawn beside it. Runs are matched by folder name within
// one listing (a fork's folder is made beside its parent's). Plain work.
#pragma once

#include "engine/record/run_library.h"

#include <QString>
#include <QStringList>

#include <map>
#include <set>
#include <vector>

namespace trainscope::ui {

// The family's run folders as listed: the root first, then each fork after its parent,
// oldest fork first. Just `dir` for a run without parent or forks.
QStringList forkFamily(const std::vector<RunEntry>& runs, const QString& dir);

// For each fork in `plotted` whose parent is plotted too: its fork step.
std::map<QString, int64_t> branchSteps(const std::vector<RunEntry>& runs, const std::set<QString>& plotted);

}  // namespace trainscope::ui
