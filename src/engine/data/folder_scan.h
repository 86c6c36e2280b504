// An image folder listed as torchvision's ImageFolder lists it, with every file's header
// read (on all cores) but nothing decoded: what openImageFolder builds its datasets
// from, and what the folder index keeps so that an unchanged folder re-opens at once.
#pragma once

#include "engine/data/dataset.h"
#include "engine/data/image_folder.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace trainscope {

// A folder that was listed, and its modification time then: adding, removing or
// renaming a file changes it, so a scan whose folders all keep their times still holds.
// A folder changed moments before it was listed: its stamp never matches.
constexpr int64_t kUnsettledFolder = -2;

struct FolderStamp {
  std::string dir;
  int64_t modified_ns = 0;
};

struct ScannedSplit {
  std::vector<std::string> classes;
  std::vector<ImageFolder::Entry> entries;
};

struct FolderScan {
  bool has_val = false;  // root/val/<class>: the validation split is given
  ScannedSplit train, val;
  std::vector<SkippedItem> skipped;
  ImageSizeStats sizes;             // of the usable files, from their headers
  std::vector<FolderStamp> stamps;  // every folder listed, root first
};

// The files under root: root/train/<class> + root/val/<class>, root/<class> +
// root/val/<class>, or root/<class>. Unusable files are listed in `skipped` with the
// reason (extension, header, truncation, max_pixels). Throws std::runtime_error only
// when root itself is missing or not a folder.
FolderScan scanImageFolder(const std::filesystem::path& root, int64_t maxPixels);

// The folder's modification time in nanoseconds, or -1 when it cannot be read.
int64_t folderModifiedNs(const std::filesystem::path& dir);

// Whether every stamped folder still has its recorded modification time.
bool stampsCurrent(const std::vector<FolderStamp>& stamps);

}  // namespace trainscope
