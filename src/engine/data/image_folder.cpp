#include "engine/data/image_folder.h"

#include "engine/data/folder_index.h"
#include "engine/data/image_size_tally.h"
#include "engine/data/jpeg_region.h"
#include "engine/system/usable_cores.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>

namespace fs = std::filesystem;

namespace trainscope {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Decodes every entry on all cores, dropping (and reporting) those that fail.
std::vector<ImageFolder::Entry> verifyEntries(const std::vector<ImageFolder::Entry>& entries, int channels,
                                              const ImageFolderOptions& options, int64_t& doneSoFar, int64_t total,
                                              std::vector<SkippedItem>& skipped, ImageSizeTally& sizes) {
  std::vector<char> ok(entries.size(), 0);
  std::vector<std::string> reasons(entries.size());
  std::vector<int> widths(entries.size()), heights(entries.size()), fileChannels(entries.size());
  std::atomic<int64_t> next{0}, done{doneSoFar};
  std::atomic<bool> cancelled{false};
  std::mutex progressMutex;
  auto work = [&] {
    for (int64_t i = next++; i < static_cast<int64_t>(entries.size()) && !cancelled; i = next++) {
      const cv::Mat img = decodeImageFile(entries[i].path, channels, &reasons[i], &fileChannels[i], options.max_pixels);
      ok[i] = !img.empty();
      widths[i] = img.cols, heights[i] = img.rows;
      const int64_t d = ++done;
      if (options.progress && (d % 64 == 0 || d == total)) {
        std::lock_guard<std::mutex> lock(progressMutex);
        if (!options.progress(d, total, entries[i].path)) cancelled = true;
      }
    }
  };
  const unsigned n = static_cast<unsigned>(usableCores().count);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < n; ++t) pool.emplace_back(work);
  for (auto& t : pool) t.join();
  if (cancelled) throw std::runtime_error("import cancelled");
  doneSoFar = done;
  std::vector<ImageFolder::Entry> kept;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (ok[i]) {
      kept.push_back(entries[i]);
      sizes.add(widths[i], heights[i], fileChannels[i]);
    } else
      skipped.push_back({entries[i].path, reasons[i]});
  }
  return kept;
}

}  // namespace

bool hasImageExtension(const fs::path& path) {
  static const std::vector<std::string> exts{".jpg", ".jpeg", ".png", ".ppm", ".bmp", ".pgm", ".tif", ".tiff", ".webp"};
  const std::string e = lower(path.extension().string());
  return std::find(exts.begin(), exts.end(), e) != exts.end();
}

namespace {
cv::Mat decodeOrThrow(const fs::path& path, int channels, std::string* error, int* fileChannels, int64_t maxPixels) {
  // By the header first: a decompression bomb is refused before a byte is decoded.
  ImageHeader header;
  std::string why;
  if (!readImageHeader(path, &header, &why, /*checkComplete=*/false)) {
    if (error) *error = why;
    return {};
  }
  if (header.exceeds(maxPixels)) {
    if (error) *error = imageFileProblem(path, maxPixels);
    return {};
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error) *error = "cannot open file";
    return {};
  }
  std::vector<uchar> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.empty()) {
    if (error) *error = "empty file";
    return {};
  }
  cv::Mat raw = cv::imdecode(bytes, cv::IMREAD_UNCHANGED);
  if (raw.empty()) {
    if (error) *error = "cannot decode (corrupt or unsupported image)";
    return {};
  }
  if (fileChannels) *fileChannels = raw.channels();
  if (raw.depth() == CV_16U)
    raw.convertTo(raw, CV_8U, 1.0 / 257.0);
  else if (raw.depth() != CV_8U)
    raw.convertTo(raw, CV_8U);
  cv::Mat out;
  switch (raw.channels()) {
    case 1: out = raw; break;
    case 3: cv::cvtColor(raw, out, cv::COLOR_BGR2RGB); break;
    case 4: cv::cvtColor(raw, out, cv::COLOR_BGRA2RGB); break;
    default:
      if (error) *error = "unsupported channel count " + std::to_string(raw.channels());
      return {};
  }
  if (channels == 3 && out.channels() == 1) cv::cvtColor(out, out, cv::COLOR_GRAY2RGB);
  if (channels == 1 && out.channels() == 3) cv::cvtColor(out, out, cv::COLOR_RGB2GRAY);
  return out;
}
}  // namespace

cv::Mat decodeImageFile(const fs::path& path, int channels, std::string* error, int* fileChannels, int64_t maxPixels) {
  // Never throws: a file that breaks the decoder is a skipped file, not a crash.
  try {
    return decodeOrThrow(path, channels, error, fileChannels, maxPixels);
  } catch (const std::exception& e) {
    if (error) *error = std::string("cannot decode: ") + e.what();
  } catch (...) {
    if (error) *error = "cannot decode";
  }
  return {};
}

cv::Mat decodeImagePreview(const fs::path& path, int channels, int minSide, std::string* error, int64_t maxPixels) {
  ImageHeader header;
  std::string why;
  const bool jpeg = lower(path.extension().string()) == ".jpg" || lower(path.extension().string()) == ".jpeg";
  if (!jpeg || !readImageHeader(path, &header, &why, /*checkComplete=*/false) || header.width <= 0 ||
      header.exceeds(maxPixels))
    return decodeImageFile(path, channels, error, nullptr, maxPixels);
  const int64_t shorter = std::min(header.width, header.height);
  int factor = 1;
  while (factor < 8 && shorter / (factor * 2) >= minSide) factor *= 2;
  if (factor == 1) return decodeImageFile(path, channels, error, nullptr, maxPixels);
  // Without EXIF rotation, as the full decode (IMREAD_UNCHANGED) gives the image to training.
  const int reduced = factor == 2   ? cv::IMREAD_REDUCED_COLOR_2
                      : factor == 4 ? cv::IMREAD_REDUCED_COLOR_4
                                    : cv::IMREAD_REDUCED_COLOR_8;
  const int flag = reduced | cv::IMREAD_IGNORE_ORIENTATION;
  try {
    std::ifstream in(path, std::ios::binary);
    std::vector<uchar> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    cv::Mat bgr = cv::imdecode(bytes, flag), out;
    if (bgr.empty()) return decodeImageFile(path, channels, error, nullptr, maxPixels);
    cv::cvtColor(bgr, out, channels == 1 ? cv::COLOR_BGR2GRAY : cv::COLOR_BGR2RGB);
    return out;
  } catch (const std::exception&) {
    return decodeImageFile(path, channels, error, nullptr, maxPixels);
  }
}

cv::Mat ImageFolder::loadPreview(int64_t i, int minSide, std::string* error) const {
  return decodeImagePreview(entries_.at(i).path, channels_, minSide, error, maxPixels_);
}

cv::Mat ImageFolder::loadForCrop(int64_t i, const CropPlanner& original, cv::Rect* crop, std::string* error) const {
  const fs::path path = entries_.at(i).path;
  CropPlanner plan = original;
  // The header gate (signature, decompression bombs) as for every decode; then a JPEG
  // is read once and decoded around the crop, anything else in full.
  ImageHeader header;
  std::string why;
  if (readImageHeader(path, &header, &why, /*checkComplete=*/false) && !header.exceeds(maxPixels_)) {
    try {
      std::ifstream in(path, std::ios::binary);
      char magic[3] = {};
      // Only a JPEG is read here; any other file is read once, by the full decode below.
      const bool jpeg = in.read(magic, 3) && static_cast<unsigned char>(magic[0]) == 0xFF &&
                        static_cast<unsigned char>(magic[1]) == 0xD8 && static_cast<unsigned char>(magic[2]) == 0xFF;
      in.seekg(0);
      std::vector<uchar> bytes;
      if (jpeg) bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      cv::Size full;
      if (jpeg && jpegSize(bytes, &full)) {
        const CropPlan planned = plan(full);
        // Should the region decode fail, the full decode below gets the same crop (the
        // plan's random draws are taken once).
        plan = [planned, full, &original](cv::Size size) { return size == full ? planned : original(size); };
        JpegRegion region;
        if (decodeJpegRegion(bytes, planned.crop, planned.output, channels_, &region, nullptr)) {
          *crop = region.crop;
          return region.pixels;
        }
      }
    } catch (const std::exception&) {  // e.g. out of memory: the full decode says why
    }
  }
  return Dataset::loadForCrop(i, plan, crop, error);
}

int64_t ImageFolder::listBytes() const {
  int64_t bytes = static_cast<int64_t>(entries_.capacity() * sizeof(Entry));
  for (const Entry& e : entries_)  // past the small-string buffer a path is its own allocation
    if (e.path.capacity() >= sizeof(std::string)) bytes += static_cast<int64_t>(e.path.capacity() + 1);
  return bytes;
}

cv::Mat ImageFolder::load(int64_t i, std::string* error) const {
  return decodeImageFile(entries_.at(i).path, channels_, error, nullptr, maxPixels_);
}

void stratifiedSplit(const std::vector<int64_t>& labels, double fraction, uint64_t seed,
                     std::vector<int64_t>& trainIndices, std::vector<int64_t>& valIndices) {
  std::map<int64_t, std::vector<int64_t>> byClass;
  for (size_t i = 0; i < labels.size(); ++i) byClass[labels[i]].push_back(static_cast<int64_t>(i));
  std::mt19937_64 gen(seed);
  for (auto& [label, idx] : byClass) {
    std::shuffle(idx.begin(), idx.end(), gen);
    auto nVal = static_cast<size_t>(std::llround(fraction * static_cast<double>(idx.size())));
    if (fraction > 0 && idx.size() >= 2) nVal = std::clamp<size_t>(nVal, 1, idx.size() - 1);
    valIndices.insert(valIndices.end(), idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(nVal));
    trainIndices.insert(trainIndices.end(), idx.begin() + static_cast<std::ptrdiff_t>(nVal), idx.end());
  }
  std::sort(trainIndices.begin(), trainIndices.end());
  std::sort(valIndices.begin(), valIndices.end());
}

namespace {
// The folder's scan: from its cached index when the folder is unchanged, else read
// (and the index rewritten). The cache is a convenience: when it cannot be written the
// scan is used as it is.
FolderScan scanOrReopen(const fs::path& root, const ImageFolderOptions& options, DatasetSplits& s) {
  if (options.index_cache.empty()) return scanImageFolder(root, options.max_pixels);
  const fs::path file = folderIndexFile(options.index_cache, root, options.max_pixels);
  s.index_file = file.string();
  if (!options.rescan) {
    if (auto cached = readFolderIndex(file, root, options.max_pixels)) {
      s.from_index = true;
      return std::move(*cached);
    }
  }
  FolderScan scan = scanImageFolder(root, options.max_pixels);
  std::string why;
  if (!scan.train.entries.empty() && !writeFolderIndex(file, root, options.max_pixels, scan, &why))
    s.index_file.clear();
  return scan;
}
}  // namespace

DatasetSplits openImageFolder(const std::string& rootText, const ImageFolderOptions& options) {
  const fs::path root(rootText);
  DatasetSplits s;
  FolderScan scan = scanOrReopen(root, options, s);
  if (scan.train.entries.empty())
    throw std::runtime_error(rootText + ": no images found (expected root/<class>/<image> folders)");
  s.skipped = std::move(scan.skipped);
  s.sizes = scan.sizes;
  ScannedSplit& train = scan.train;
  ScannedSplit& val = scan.val;
  const bool hasVal = scan.has_val;

  if (options.verify) {
    int64_t done = 0;
    const int64_t total = static_cast<int64_t>(train.entries.size() + val.entries.size());
    ImageSizeTally sizes;
    train.entries = verifyEntries(train.entries, options.channels, options, done, total, s.skipped, sizes);
    val.entries = verifyEntries(val.entries, options.channels, options, done, total, s.skipped, sizes);
    s.sizes = sizes.summary();
    if (train.entries.empty()) throw std::runtime_error(rootText + ": none of the images could be decoded");
  }

  if (hasVal) {
    auto trainFolder =
        std::make_shared<ImageFolder>(train.classes, std::move(train.entries), options.channels, options.max_pixels);
    auto valFolder =
        std::make_shared<ImageFolder>(train.classes, std::move(val.entries), options.channels, options.max_pixels);
    s.list_bytes = trainFolder->listBytes() + valFolder->listBytes();
    s.train = std::move(trainFolder), s.val = std::move(valFolder);
    s.label = {
        "trainscope::Data", QT_TRANSLATE_NOOP("trainscope::Data", "image folder %1 (val/ for validation)"), {rootText}};
    s.description = s.label.english();
  } else {
    auto all =
        std::make_shared<ImageFolder>(train.classes, std::move(train.entries), options.channels, options.max_pixels);
    std::vector<int64_t> labels, trainIdx, valIdx;
    for (const auto& e : all->entries()) labels.push_back(e.label);
    stratifiedSplit(labels, options.val_fraction, options.seed, trainIdx, valIdx);
    s.list_bytes = all->listBytes() + static_cast<int64_t>((trainIdx.capacity() + valIdx.capacity()) * sizeof(int64_t));
    s.train = std::make_shared<SubsetDataset>(all, std::move(trainIdx));
    s.val = std::make_shared<SubsetDataset>(all, std::move(valIdx));
    char share[16];  // 0.1 -> "10", 0.125 -> "12.5"
    std::snprintf(share, sizeof share, "%.3g", options.val_fraction * 100);
    s.label = {"trainscope::Data",
               QT_TRANSLATE_NOOP("trainscope::Data", "image folder %1 (%2% held out for validation)"),
               {rootText, share}};
    s.description = s.label.english();
  }
  return s;
}

}  // namespace trainscope
