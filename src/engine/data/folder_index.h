// A folder's scan kept in the user's cache (never in the data folder), so that opening
// an unchanged folder of a million images reads one file instead of a million headers.
// "Unchanged": every folder the scan listed keeps its modification time (adding,
// removing or renaming a file changes its folder's). A file rewritten in place keeps
// it: such a file is found when it is loaded, or by a rescan.
#pragma once

#include "engine/data/folder_scan.h"

#include <filesystem>
#include <optional>
#include <string>

namespace trainscope {

// The index file for `root` (as given, made absolute) under cacheDir/folder-index/.
std::filesystem::path folderIndexFile(const std::string& cacheDir, const std::filesystem::path& root,
                                      int64_t maxPixels);

// The cached scan when the file holds one of this root, with this limit, whose folders
// are unchanged; nullopt when there is none, it is stale, or it is damaged.
std::optional<FolderScan> readFolderIndex(const std::filesystem::path& file, const std::filesystem::path& root,
                                          int64_t maxPixels);

// Writes the scan (a temporary file renamed over the old one: readers see the old index
// or the new). False with the reason when the cache cannot be written.
bool writeFolderIndex(const std::filesystem::path& file, const std::filesystem::path& root, int64_t maxPixels,
                      const FolderScan& scan, std::string* why);

}  // namespace trainscope
