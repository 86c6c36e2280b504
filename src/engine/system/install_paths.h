// Where Trainscope's files live on this machine: the resources shipped beside the
// binaries (an installed /usr/bin/../share/trainscope, or the build tree's staged copy)
// and the user's runs folder. Plain C++; no source path is compiled in.
#pragma once

#include <string>
#include <vector>

namespace trainscope {

// share/trainscope/<name> nearest to the running binary (bin/../share when installed,
// src/ui/../../share or tests/../share in the build tree), or "" when none exists.
std::string sharedResourceDir(const std::string& name);

// The runs folder when the experiment names none: ~/Trainscope/runs (a folder the user
// sees and can open in a file manager or h5py), "runs" when there is no HOME.
std::string defaultRunsDir();
// Trainscope's folder in the user's cache: $XDG_CACHE_HOME/trainscope, else
// ~/.cache/trainscope; "" when there is no HOME. What is kept there can be rebuilt.
std::string userCacheDir();
// runs_dir as the experiment gives it: "" is the default folder, a leading "~/" is
// the home folder (JSON is not expanded by a shell), anything else is kept.
std::string runsFolder(const std::string& configured);

// A config argument as a user types it: an existing file, else the name of a shipped
// experiment (fashion_lenet) or lesson (02_zero_grad), with or without ".json".
// `kind` is "experiments" or "lessons". Returns the argument itself when nothing matches.
std::string resolveShippedFile(const std::string& argument, const std::string& kind);
// The names of the shipped files of `kind` (without .json), sorted.
std::vector<std::string> shippedNames(const std::string& kind);

}  // namespace trainscope
