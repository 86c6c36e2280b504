#include "engine/data/folder_scan.h"

#include "engine/config/file_input.h"
#include "engine/data/image_size_tally.h"
#include "engine/system/quoting.h"
#include "engine/system/usable_cores.h"

#include <sys/stat.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <set>
#include <thread>

namespace fs = std::filesystem;

namespace trainscope {

int64_t folderModifiedNs(const fs::path& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) return -1;
  return static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
}

namespace {
// A folder changed in the last two seconds may change again within its clock's
// resolution (a few milliseconds on ext4, two seconds on FAT) and keep the same time:
// its stamp is one that never matches, so the next open reads it again ("racy git").
int64_t stableStamp(const fs::path& dir) {
  const int64_t modified = folderModifiedNs(dir);
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  const int64_t nowNs = static_cast<int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
  return modified >= 0 && nowNs - modified < 2'000'000'000 ? kUnsettledFolder : modified;
}
}  // namespace

bool stampsCurrent(const std::vector<FolderStamp>& stamps) {
  for (const FolderStamp& s : stamps)
    if (folderModifiedNs(s.dir) != s.modified_ns) return false;
  return !stamps.empty();
}

namespace {

// What one scan gathers besides the files: skips, the folders' stamps, the headers.
struct ScanLog {
  std::vector<SkippedItem>& skipped;
  std::vector<FolderStamp>& stamps;
  fs::path root;  // canonical: links are followed inside it, never out of it
};

// The folder's files or sub-folders, sorted. Listing its files stamps the folder (before
// reading it: a change while it is read shows at the next open).
std::vector<fs::path> sortedChildren(const fs::path& dir, bool directories, ScanLog& log) {
  std::vector<SkippedItem>& skipped = log.skipped;
  if (!directories) log.stamps.push_back({dir.string(), stableStamp(dir)});
  std::vector<fs::path> out;
  std::error_code ec;
  fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
  if (ec) {
    skipped.push_back({dir.string(), "cannot read folder: " + ec.message()});
    return out;
  }
  for (; it != end; it.increment(ec)) {
    if (ec) {
      skipped.push_back({dir.string(), "cannot list folder: " + ec.message()});
      break;
    }
    const auto name = it->path().filename().string();
    std::error_code typeEc;
    const bool hidden = name.empty() || name[0] == '.';
    if (!hidden && it->is_symlink(typeEc) && !fs::exists(it->path(), typeEc)) {
      if (!directories) skipped.push_back({it->path().string(), "broken symbolic link"});
      continue;
    }
    if (!hidden && it->is_symlink(typeEc) && !staysWithin(log.root, it->path())) {
      if (directories == it->is_directory(typeEc))
        skipped.push_back({it->path().string(), "symbolic link out of the folder: not followed"});
      continue;
    }
    const bool isDir = it->is_directory(typeEc);
    if (typeEc) {
      if (!directories) skipped.push_back({it->path().string(), "cannot read: " + typeEc.message()});
      continue;
    }
    if (isDir != directories) continue;
    // Hidden files and folders are not data; said, since torchvision's ImageFolder
    // counts a hidden folder as a class (its class indices would differ from these).
    if (hidden)
      skipped.push_back({it->path().string(), isDir ? "hidden folder: not a class (torchvision's ImageFolder would "
                                                      "count it as one, shifting its class indices)"
                                                    : "hidden file"});
    else
      out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The files of a class folder and of its sub-folders, in torchvision's order
// (os.walk, sorted): the folder's own files, then each sub-folder's, by name.
// A folder reached again through a symbolic link (a loop, or a second way in) is
// listed once: the second time it is reported and skipped. Strings, not paths: a
// std::filesystem::path holds each of its components as a path too (600 bytes each).
std::vector<std::string> imagesUnder(const fs::path& dir, ScanLog& log, std::set<fs::path>* seen = nullptr) {
  std::set<fs::path> own;
  if (!seen) seen = &own;
  std::error_code ec;
  if (!seen->insert(fs::canonical(dir, ec)).second) {
    log.skipped.push_back({dir.string(), "folder already listed (a symbolic link back into the data)"});
    return {};
  }
  std::vector<std::string> out;
  for (const auto& file : sortedChildren(dir, /*directories=*/false, log)) out.push_back(file.string());
  for (const auto& sub : sortedChildren(dir, /*directories=*/true, log)) {
    const auto inner = imagesUnder(sub, log, seen);
    out.insert(out.end(), inner.begin(), inner.end());
  }
  return out;
}

// Each file's header, and why it cannot be used ("" when it can): its extension, else
// its header. Read on all cores: a folder of a million files is a million opens and
// small reads, which overlap well.
struct FileHeaders {
  std::vector<std::string> problems;
  std::vector<ImageHeader> headers;
};

FileHeaders readHeaders(const std::vector<std::string>& files, int64_t maxPixels) {
  FileHeaders out;
  out.problems.resize(files.size());
  out.headers.resize(files.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < files.size(); i = next++)
      out.problems[i] = hasImageExtension(files[i]) ? imageFileProblem(files[i], maxPixels, &out.headers[i])
                                                    : "not an image file extension";
  };
  std::vector<std::thread> pool;
  const int threads = files.size() < 256 ? 1 : usableCores().count;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  return out;
}

// One class folder as listed: its files are [begin, end) of the split's list, and
// what the listing itself skipped (hidden files, broken links) comes before them.
struct ClassListing {
  fs::path dir;
  std::vector<SkippedItem> listingSkips;
  size_t begin = 0, end = 0;
};

// Lists root/<class>/<files>, with classes either discovered (sorted, as torchvision)
// or given (so val/ uses train's class indices).
ScannedSplit scanClasses(const fs::path& root, const std::vector<std::string>* fixedClasses, const std::string& exclude,
                         int64_t maxPixels, ScanLog& log, ImageSizeTally& sizes) {
  std::vector<SkippedItem>& skipped = log.skipped;
  ScannedSplit out;
  std::map<std::string, int64_t> index;
  if (fixedClasses) {
    out.classes = *fixedClasses;
    for (size_t i = 0; i < out.classes.size(); ++i) index[out.classes[i]] = static_cast<int64_t>(i);
  }
  // Files beside the class folders belong to no class (torchvision leaves them out too).
  const bool valSplit = root.filename() == "val";
  for (const auto& file : sortedChildren(root, /*directories=*/false, log))
    skipped.push_back({file.string(), valSplit ? "in val/ but in no class folder: val/ is the validation split "
                                                 "(val/<class>/<image>); a class named \"val\" needs another name"
                                               : "in no class folder (root/<class>/<image>)"});
  // Every class's files first, so the headers are read in one parallel pass; then each
  // class in turn, its skips in the order of its files, as before the pass.
  std::vector<ClassListing> listings;
  std::vector<std::string> files;
  for (const auto& classDir : sortedChildren(root, /*directories=*/true, log)) {
    if (classDir.filename().string() == exclude) continue;
    ClassListing& listing = listings.emplace_back(ClassListing{classDir, {}, files.size(), 0});
    ScanLog classLog{listing.listingSkips, log.stamps, log.root};  // a class's own skips, kept in its order
    for (auto& file : imagesUnder(classDir, classLog)) files.push_back(std::move(file));
    listing.end = files.size();
  }
  const FileHeaders read = readHeaders(files, maxPixels);
  const std::vector<std::string>& problems = read.problems;
  for (const ClassListing& listing : listings) {
    const fs::path& classDir = listing.dir;
    const std::string name = classDir.filename().string();
    skipped.insert(skipped.end(), listing.listingSkips.begin(), listing.listingSkips.end());
    if (!isUtf8(name)) {  // run.json records class names, and holds UTF-8 alone
      skipped.push_back({toValidUtf8(classDir.string()),
                         "the class folder's name is not UTF-8 (" + terminalText(name) + "): rename it"});
      continue;
    }
    std::vector<ImageFolder::Entry> entries;
    std::vector<const ImageHeader*> headers;
    for (size_t i = listing.begin; i < listing.end; ++i) {
      if (!problems[i].empty()) {
        skipped.push_back({files[i], problems[i]});
      } else {
        entries.push_back({std::move(files[i]), 0});
        headers.push_back(&read.headers[i]);
      }
    }
    if (entries.empty()) {
      skipped.push_back({classDir.string(), "empty class folder: no usable images"});
      continue;
    }
    auto found = index.find(name);
    if (found == index.end()) {
      if (fixedClasses) {
        skipped.push_back({classDir.string(), "class \"" + name + "\" does not exist in the training set"});
        continue;
      }
      found = index.emplace(name, static_cast<int64_t>(out.classes.size())).first;
      out.classes.push_back(name);
    }
    for (auto& e : entries) e.label = found->second;
    for (const ImageHeader* h : headers) sizes.add(h->width, h->height, h->channels);
    out.entries.insert(out.entries.end(), std::make_move_iterator(entries.begin()),
                       std::make_move_iterator(entries.end()));
  }
  return out;
}

}  // namespace

FolderScan scanImageFolder(const fs::path& root, int64_t maxPixels) {
  std::error_code ec;
  if (!fs::exists(root, ec)) throw std::runtime_error(root.string() + ": folder does not exist");
  if (!fs::is_directory(root, ec)) throw std::runtime_error(root.string() + ": is not a folder");
  if (isSystemTree(root))
    throw std::runtime_error(root.string() + ": a system folder (/proc, /sys, /dev) is never read as data");
  FolderScan s;
  ScanLog log{s.skipped, s.stamps, fs::canonical(root, ec)};
  // The root's own time first: a train/ or val/ folder added later changes the layout.
  s.stamps.push_back({root.string(), stableStamp(root)});
  const bool hasTrain = fs::is_directory(root / "train", ec);
  s.has_val = fs::is_directory(root / "val", ec);
  ImageSizeTally sizes;
  s.train = scanClasses(hasTrain && s.has_val ? root / "train" : root, nullptr, s.has_val ? "val" : "", maxPixels, log,
                        sizes);
  if (s.has_val && !s.train.entries.empty())
    s.val = scanClasses(root / "val", &s.train.classes, "", maxPixels, log, sizes);
  s.sizes = sizes.summary();
  return s;
}

}  // namespace trainscope
