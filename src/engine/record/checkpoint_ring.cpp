#include "engine/record/checkpoint_ring.h"

#include "engine/system/atomic_file.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace trainscope {

namespace fs = std::filesystem;

fs::path ringDir(const fs::path& checkpointsDir) { return checkpointsDir / "ring"; }

bool keepInRing(const fs::path& checkpoint, int64_t step, int keep) {
  if (keep <= 0) return true;
  std::error_code ec;
  const fs::path dir = ringDir(checkpoint.parent_path());
  fs::create_directories(dir, ec);
  char name[40];
  std::snprintf(name, sizeof name, "step-%09lld.pt", static_cast<long long>(step));
  const fs::path target = dir / name, partial = partialPathFor(target);
  fs::copy_file(checkpoint, partial, fs::copy_options::overwrite_existing, ec);
  if (!ec) fs::rename(partial, target, ec);
  if (ec) {
    fs::remove(partial, ec);
    return false;
  }
  // A resume from an earlier checkpoint (--from) abandons the later ones: the ring is
  // this timeline's, so rewinding never lands on a state the curves no longer show.
  auto ring = ringCheckpoints(checkpoint.parent_path());
  ring.erase(std::remove_if(ring.begin(), ring.end(),
                            [&](const RingCheckpoint& r) { return r.step > step && fs::remove(r.path, ec); }),
             ring.end());
  for (size_t i = 0; i + static_cast<size_t>(keep) < ring.size(); ++i) fs::remove(ring[i].path, ec);
  return true;
}

std::vector<RingCheckpoint> ringCheckpoints(const fs::path& checkpointsDir) {
  std::vector<RingCheckpoint> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(ringDir(checkpointsDir), ec)) {
    const std::string name = entry.path().filename().string();
    long long step = 0;
    char tail[4] = {};
    if (std::sscanf(name.c_str(), "step-%lld.%3s", &step, tail) == 2 && std::string(tail) == "pt")
      out.push_back({step, entry.path()});
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.step < b.step; });
  return out;
}

}  // namespace trainscope
