// Opening an image folder as the app does (bench/folder_at_scale.sh): every header read
// (--rescan) or re-opened from the folder's cached index. Prints one JSON object with
// the time, the memory the list of files holds (bytes per image), the index file's size
// and the process's resident memory before and after; one open per process.
#include "engine/data/image_folder.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

using namespace trainscope;

namespace {
double residentMb() {  // now, not the peak: what the open left behind
  std::ifstream in("/proc/self/statm");
  long pages = 0, resident = 0;
  in >> pages >> resident;
  return static_cast<double>(resident) * 4096.0 / (1024.0 * 1024.0);
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 4 || std::strcmp(argv[2], "--cache") != 0) {
    std::fprintf(stderr, "usage: bench_folder_open FOLDER --cache DIR [--rescan]\n");
    return 2;
  }
  ImageFolderOptions o;
  o.index_cache = argv[3];
  o.rescan = argc > 4 && std::strcmp(argv[4], "--rescan") == 0;
  try {
    const double before = residentMb();
    const auto t = std::chrono::steady_clock::now();
    const DatasetSplits s = openImageFolder(argv[1], o);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    const int64_t images = s.train->size() + s.val->size();
    std::error_code ec;
    const auto indexBytes = std::filesystem::file_size(s.index_file, ec);
    nlohmann::ordered_json out{
        {"folder", argv[1]},
        {"images", images},
        {"skipped", s.skipped.size()},
        {"from_index", s.from_index},
        {"seconds", seconds},
        {"list_mb", s.list_bytes / 1e6},
        {"list_bytes_per_image", static_cast<double>(s.list_bytes) / static_cast<double>(images)},
        {"index_file_mb", ec ? 0.0 : static_cast<double>(indexBytes) / 1e6},
        {"rss_before_mb", before},
        {"rss_after_mb", residentMb()}};
    std::printf("%s\n", out.dump(2).c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
