// torchvision's ImageFolder layout (root/<class>/<image>), decoded with OpenCV.
#pragma once

#include "engine/data/dataset.h"
#include "engine/data/image_header.h"

#include <atomic>
#include <filesystem>
#include <functional>
#include <string>

namespace trainscope {

// Decodes an image file (any path, spaces and non-ASCII included) to 8-bit RGB, or
// to grayscale when channels == 1. Alpha is dropped and 16-bit scaled, as PIL's
// convert("RGB"). Returns an empty Mat and the reason on failure.
// fileChannels, when given, receives the channel count stored in the file (1, 3 or 4).
// A file over maxPixels (by its header) is refused undecoded: "too large (WxH, ...)".
cv::Mat decodeImageFile(const std::filesystem::path& path, int channels, std::string* error,
                        int* fileChannels = nullptr, int64_t maxPixels = kDefaultMaxImagePixels);

// A JPEG decoded at 1/2, 1/4 or 1/8 scale (libjpeg's DCT scaling: far less work than a
// full decode) while its shorter side stays at least minSide; other formats, and
// JPEGs too small to reduce, are decoded in full. RGB or grayscale as decodeImageFile.
cv::Mat decodeImagePreview(const std::filesystem::path& path, int channels, int minSide, std::string* error,
                           int64_t maxPixels = kDefaultMaxImagePixels);

// The file extensions torchvision's ImageFolder accepts.
bool hasImageExtension(const std::filesystem::path& path);

class ImageFolder : public Dataset {
 public:
  // A std::string, not a std::filesystem::path: libstdc++'s path keeps every component
  // as a path of its own (about 600 bytes for a 40-character path); a million entries
  // would hold 600 MB instead of 100 MB.
  struct Entry {
    std::string path;
    int64_t label;
  };
  ImageFolder(std::vector<std::string> classes, std::vector<Entry> entries, int channels,
              int64_t maxPixels = kDefaultMaxImagePixels)
      : classes_(std::move(classes)), entries_(std::move(entries)), channels_(channels), maxPixels_(maxPixels) {}

  int64_t size() const override { return static_cast<int64_t>(entries_.size()); }
  int64_t label(int64_t i) const override { return entries_.at(i).label; }
  cv::Mat load(int64_t i, std::string* error) const override;
  cv::Mat loadPreview(int64_t i, int minSide, std::string* error) const override;
  cv::Mat loadForCrop(int64_t i, const CropPlanner& plan, cv::Rect* crop, std::string* error) const override;
  std::string describe(int64_t i) const override { return entries_.at(i).path; }
  const std::vector<std::string>& classes() const override { return classes_; }
  int channels() const override { return channels_; }
  const std::vector<Entry>& entries() const { return entries_; }
  // The memory the list holds: entries and the paths that outgrow a string's own buffer.
  int64_t listBytes() const;

 private:
  std::vector<std::string> classes_;
  std::vector<Entry> entries_;
  int channels_;
  int64_t maxPixels_;
};

struct ImageFolderOptions {
  int channels = 3;
  double val_fraction = 0.1;  // used when there is no val/ folder
  uint64_t seed = 0;
  bool verify = false;                          // decode every image now (slow), instead of when loaded; measures sizes
  int64_t max_pixels = kDefaultMaxImagePixels;  // larger images are skipped, never decoded
  // A folder (the user's cache, never the data folder) for each scanned folder's index,
  // "" for none: an unchanged folder re-opens from it without reading any image file.
  std::string index_cache;
  bool rescan = false;  // read every header even when the index is current, and rewrite it
  // Called with (done, total) while verifying; return false to cancel.
  // (files checked, of, the file just checked), every few dozen files; false cancels.
  std::function<bool(int64_t done, int64_t total, const std::string& file)> progress;
};

// Opens root as: root/train/<class> + root/val/<class>; or root/<class> + root/val/<class>;
// or root/<class> split by a seeded stratified fraction. As torchvision's ImageFolder,
// images in sub-folders of a class folder belong to that class. Unreadable paths,
// empty class folders, files that are not images, truncated files and images over
// max_pixels (by their headers: nothing is decoded to find out) are skipped and
// listed, never fatal. Throws
// std::runtime_error only when root itself is unusable or holds no image at all.
DatasetSplits openImageFolder(const std::string& root, const ImageFolderOptions& options);

// Seeded stratified split: per class, round(fraction * n) samples go to validation.
void stratifiedSplit(const std::vector<int64_t>& labels, double fraction, uint64_t seed,
                     std::vector<int64_t>& trainIndices, std::vector<int64_t>& valIndices);

}  // namespace trainscope
