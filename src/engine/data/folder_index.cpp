#include "engine/data/folder_index.h"

#include "engine/system/atomic_file.h"

#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <thread>
#include <unordered_map>

namespace fs = std::filesystem;

namespace trainscope {

namespace {

// 03: scans that follow no link out of the folder and skip class names that are not UTF-8.
constexpr char kMagic[8] = {'T', 'S', 'F', 'I', 'D', 'X', '0', '3'};
constexpr char kEnd[4] = {'E', 'N', 'D', '.'};  // the last bytes: a cut file is no index

// Little-endian, as every machine this runs on; an index is never moved between machines.
class Writer {
 public:
  template <typename T>
  void put(T v) {
    out.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void text(const std::string& s) {
    put(static_cast<uint32_t>(s.size()));
    out += s;
  }
  std::string out;
};

class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}
  template <typename T>
  T get() {
    T v{};
    if (at_ + sizeof v > bytes_.size()) {
      ok_ = false;
      return v;
    }
    std::memcpy(&v, bytes_.data() + at_, sizeof v);
    at_ += sizeof v;
    return v;
  }
  std::string text() {
    const auto n = get<uint32_t>();
    if (!ok_ || n > bytes_.size() - at_) {
      ok_ = false;
      return {};
    }
    at_ += n;
    return bytes_.substr(at_ - n, n);
  }
  // A count that the remaining bytes can hold (each item at least `least` bytes).
  uint64_t count(size_t least) {
    const auto n = get<uint64_t>();
    if (n > (bytes_.size() - std::min(at_, bytes_.size())) / least) ok_ = false;
    return ok_ ? n : 0;
  }
  bool ok() const { return ok_; }
  void fail() { ok_ = false; }

 private:
  const std::string& bytes_;
  size_t at_ = 0;
  bool ok_ = true;
};

// Entries as (folder, name): a million paths share a few thousand folders.
void putEntries(Writer& w, const std::vector<ImageFolder::Entry>& entries,
                std::unordered_map<std::string, uint32_t>& folders, std::vector<std::string>& folderList) {
  w.put(static_cast<uint64_t>(entries.size()));
  for (const auto& e : entries) {
    const size_t cut = e.path.rfind('/');
    const std::string folder = cut == std::string::npos ? "" : e.path.substr(0, cut);
    auto [it, added] = folders.emplace(folder, static_cast<uint32_t>(folderList.size()));
    if (added) folderList.push_back(folder);
    w.put(it->second);
    w.put(static_cast<int32_t>(e.label));
    w.text(cut == std::string::npos ? e.path : e.path.substr(cut + 1));
  }
}

std::vector<ImageFolder::Entry> getEntries(Reader& r, const std::vector<std::string>& folders, size_t classes) {
  std::vector<ImageFolder::Entry> out(r.count(12));
  for (auto& e : out) {
    const auto folder = r.get<uint32_t>();
    const auto label = r.get<int32_t>();
    std::string name = r.text();
    if (!r.ok() || folder >= folders.size() || label < 0 || static_cast<size_t>(label) >= classes) {
      r.fail();
      return {};
    }
    e.path.reserve(folders[folder].size() + 1 + name.size());
    e.path.append(folders[folder]).append(folders[folder].empty() ? "" : "/").append(name);
    e.label = label;
  }
  return out;
}

uint64_t fnv1a(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

std::string absolutePath(const fs::path& root) {
  std::error_code ec;
  const fs::path a = fs::absolute(root, ec);
  return (ec ? root : a).lexically_normal().string();
}

// The folder as given and where that is: the scan's paths are as given (relative ones
// stay relative), so `data` from /proj and /proj/data are two indexes.
std::string keyOf(const fs::path& root) { return absolutePath(root) + "\n" + root.string(); }

// Indexes not opened for 30 days go (a folder long deleted, a test's temporary one): the
// cache stays small without a setting. Opening an index touches it.
void forgetUnusedIndexes(const fs::path& dir) {
  std::error_code ec;
  const auto before = fs::file_time_type::clock::now() - std::chrono::hours(24 * 30);
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if ((it->path().extension() == ".index" || it->path().string().find(".partial-") != std::string::npos) &&
        fs::last_write_time(it->path(), ec) < before && !ec)  // and temporaries a killed open left
      fs::remove(it->path(), ec);
}

}  // namespace

fs::path folderIndexFile(const std::string& cacheDir, const fs::path& root, int64_t maxPixels) {
  char name[32];
  std::snprintf(name, sizeof name, "%016llx.index",
                static_cast<unsigned long long>(fnv1a(keyOf(root) + "\n" + std::to_string(maxPixels))));
  return fs::path(cacheDir) / "folder-index" / name;
}

bool writeFolderIndex(const fs::path& file, const fs::path& root, int64_t maxPixels, const FolderScan& scan,
                      std::string* why) {
  Writer body;  // the entries first, so the folder table they name can be written before them
  std::unordered_map<std::string, uint32_t> folders;
  std::vector<std::string> folderList;
  putEntries(body, scan.train.entries, folders, folderList);
  putEntries(body, scan.val.entries, folders, folderList);

  Writer w;
  w.out.append(kMagic, sizeof kMagic);
  w.text(keyOf(root));
  w.put(maxPixels);
  w.put(static_cast<uint8_t>(scan.has_val));
  const ImageSizeStats& z = scan.sizes;
  for (int64_t v : {z.measured, int64_t{z.min_width}, int64_t{z.median_width}, int64_t{z.max_width},
                    int64_t{z.min_height}, int64_t{z.median_height}, int64_t{z.max_height}, z.grayscale, z.rgb, z.rgba})
    w.put(v);
  w.put(static_cast<uint64_t>(scan.stamps.size()));
  for (const auto& s : scan.stamps) w.text(s.dir), w.put(s.modified_ns);
  w.put(static_cast<uint64_t>(scan.train.classes.size()));
  for (const auto& c : scan.train.classes) w.text(c);
  w.put(static_cast<uint64_t>(folderList.size()));
  for (const auto& f : folderList) w.text(f);
  w.out += body.out;
  w.put(static_cast<uint64_t>(scan.skipped.size()));
  for (const auto& k : scan.skipped) w.text(k.path), w.text(k.reason);
  w.out.append(kEnd, sizeof kEnd);

  std::error_code ec;
  fs::create_directories(file.parent_path(), ec);
  forgetUnusedIndexes(file.parent_path());
  // A temporary of this process's own, then a rename: two opens of one folder at once
  // each write a whole index, and the last rename wins.
  const fs::path partial =
      partialPathFor(file).string() + "-" + std::to_string(std::hash<std::thread::id>{}(std::this_thread::get_id()));
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    out.write(w.out.data(), static_cast<std::streamsize>(w.out.size()));
    if (!out.flush()) {
      *why = "cannot write " + partial.string();
      fs::remove(partial, ec);
      return false;
    }
  }
  fs::rename(partial, file, ec);
  if (ec) {
    *why = ec.message();
    fs::remove(partial, ec);
    return false;
  }
  return true;
}

std::optional<FolderScan> readFolderIndex(const fs::path& file, const fs::path& root, int64_t maxPixels) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.size() < sizeof kMagic + sizeof kEnd || bytes.compare(0, sizeof kMagic, kMagic, sizeof kMagic) != 0 ||
      bytes.compare(bytes.size() - sizeof kEnd, sizeof kEnd, kEnd, sizeof kEnd) != 0)
    return std::nullopt;
  Reader r(bytes);
  for (size_t i = 0; i < sizeof kMagic; ++i) r.get<char>();
  if (r.text() != keyOf(root) || r.get<int64_t>() != maxPixels) return std::nullopt;
  FolderScan s;
  s.has_val = r.get<uint8_t>() != 0;
  ImageSizeStats& z = s.sizes;
  z.measured = r.get<int64_t>();
  for (int* v : {&z.min_width, &z.median_width, &z.max_width, &z.min_height, &z.median_height, &z.max_height})
    *v = static_cast<int>(r.get<int64_t>());
  for (int64_t* v : {&z.grayscale, &z.rgb, &z.rgba}) *v = r.get<int64_t>();
  s.stamps.resize(r.count(12));
  for (auto& stamp : s.stamps) stamp.dir = r.text(), stamp.modified_ns = r.get<int64_t>();
  // The folders first: a changed folder makes the rest of the file worthless.
  if (!r.ok() || !stampsCurrent(s.stamps)) return std::nullopt;
  s.train.classes.resize(r.count(4));
  for (auto& c : s.train.classes) c = r.text();
  std::vector<std::string> folders(r.count(4));
  for (auto& f : folders) f = r.text();
  s.train.entries = getEntries(r, folders, s.train.classes.size());
  s.val.entries = getEntries(r, folders, s.train.classes.size());
  s.val.classes = s.train.classes;
  s.skipped.resize(r.count(8));
  for (auto& k : s.skipped) k.path = r.text(), k.reason = r.text();
  if (!r.ok() || s.train.entries.empty()) return std::nullopt;
  std::error_code ec;
  fs::last_write_time(file, fs::file_time_type::clock::now(), ec);  // in use: kept by forgetUnusedIndexes
  return s;
}

}  // namespace trainscope
