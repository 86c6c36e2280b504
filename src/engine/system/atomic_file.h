// Writing a file so that readers, and a crash or power cut, see the old contents or
// the new, never half of them: a temporary file beside it, flushed and synced to disk,
// then renamed over it. run.json, user.json and checkpoints are written this way.
#pragma once

#include <filesystem>
#include <string>

namespace trainscope {

// False when the disk refuses (full, read-only, I/O error), with the reason in *why;
// the old file is then untouched and no temporary file is left.
bool writeFileAtomically(const std::filesystem::path& path, const std::string& bytes, std::string* why);

// A file a user named for output (a report, a script, a table): refused, with the
// reason in *why, where whyNotOutputFile (config/file_input.h) says no (a run's own
// file, a symbolic link, a device); else writeFileAtomically.
bool writeOutputFile(const std::filesystem::path& path, const std::string& bytes, std::string* why);

// `from` copied to `to`: a copy beside it (`to`.tmp), then a rename, so `to` is the old
// file or the whole new one. Throws std::filesystem::filesystem_error.
void copyFileAtomically(const std::filesystem::path& from, const std::filesystem::path& to);

// A hidden name beside `path` for a large file being written before it is renamed to
// `path`, unique to this process: two programs writing the same file at once never
// share a temporary (".NAME.partial-PID").
std::filesystem::path partialPathFor(const std::filesystem::path& path);

}  // namespace trainscope
