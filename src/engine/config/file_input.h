// Reading what a user, a damaged disk or a hostile folder hands us. Only regular files
// are read: a FIFO blocks forever, /dev/zero never ends, a symlink loop never resolves.
// Sizes are checked before they are trusted, and JSON may nest only as deep as any real
// config or record does (a 100,000-deep array would exhaust the stack of whoever walks
// it). Every refusal is a BadInput: one line naming the path; the CLI exits 2 for it.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace trainscope {

// Input that cannot be used as it is: a damaged or special file, a value out of range.
// Not a failure of a valid run (the CLI's exit code 2, not 1).
class BadInput : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "" when `path` (after symlinks) is a regular file; else why not, in words
// ("is a FIFO (named pipe)", "does not exist", "is a symlink loop", ...).
std::string whyNotRegularFile(const std::filesystem::path& path);
// Throws BadInput "PATH: REASON" unless `path` is a regular file.
void requireRegularFile(const std::filesystem::path& path);

// "" when `out`, a file a user named for output, may be written: it does not exist, or
// is a regular file outside every run folder. Else why not, in words: a symbolic link,
// a device, FIFO or folder (never written through, never renamed over), or a file in a
// run folder (one holding run.json and metrics.h5 or checkpoints/: a run's checkpoints,
// records and log are written by its one writer alone).
// `streams`: a stream's target (--events): a FIFO or a terminal (/dev/stdout) is fine
// and links are followed; a file in a run folder is still refused.
std::string whyNotOutputFile(const std::filesystem::path& out, bool streams = false);
// Throws BadInput "OPTION PATH REASON" when whyNotOutputFile says no.
void requireOutputFile(const std::filesystem::path& out, const std::string& option, bool streams = false);

// The whole file; BadInput when it is not a regular file or holds more than maxBytes
// (checked on the open descriptor: what is read is what was checked).
std::string readRegularFile(const std::filesystem::path& path, std::uintmax_t maxBytes);

// The deepest nesting of objects and arrays in JSON text (strings skipped), counted
// without parsing: a guard that costs one pass and no stack.
int jsonNestingDepth(const std::string& text);
// No config, record or event of ours nests deeper than this.
constexpr int kMaxJsonDepth = 64;
// Largest run.json, user.json or config we read (real ones are a few KB).
constexpr std::uintmax_t kMaxJsonBytes = 64ull << 20;

// Parses `text` as JSON; BadInput naming `what` when it is not JSON or nests deeper
// than kMaxJsonDepth.
nlohmann::json parseJsonText(const std::string& text, const std::string& what);
// readRegularFile + parseJsonText, naming the file.
nlohmann::json readJsonFile(const std::filesystem::path& path);
// readJsonFile of a file that must hold a JSON object (run.json, user.json, manifests).
nlohmann::json readJsonObject(const std::filesystem::path& path);

// Whether `path`, its links resolved, is /proc, /sys or /dev or lies under one (but
// /dev/shm, a memory disk): the kernel's trees are never walked as data
// (/proc/self/root is the whole machine).
bool isSystemTree(const std::filesystem::path& path);
// Whether `path`, its links resolved, is `root` or lies under it (`root` canonical):
// links are followed inside a folder the user named, never out of it.
bool staysWithin(const std::filesystem::path& root, const std::filesystem::path& path);

// Whether anything is at `path`, a broken or looping symlink included (the plain
// exists() follows links, and its throwing form ends a loop over the folder).
bool entryExists(const std::filesystem::path& path);
// dir/STEM+EXT, or the first of dir/STEM-2+EXT, dir/STEM-3+EXT, ... that no entry takes.
std::filesystem::path firstUnusedPath(const std::filesystem::path& dir, const std::string& stem,
                                      const std::string& extension);

// Renames a damaged file to NAME.damaged (NAME.damaged-2, ... when taken) and returns
// the new path: kept for the user, never deleted, out of the readers' way.
std::filesystem::path setAsideDamaged(const std::filesystem::path& file);

// `~` or `~/...` with the user's home; other paths as they are.
std::string expandHome(const std::string& path);

}  // namespace trainscope
