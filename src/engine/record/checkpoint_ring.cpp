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
  try {
    copyFileAtomically(checkpoint, dir / name);
  } catch (const fs::filesystem_error&) {
    fs::remove(dir / (std::string(name) + ".tmp"), ec);
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
    const std::string stem = entry.path().stem().string();
    if (entry.path().extension() != ".pt" || stem.size() <= 5 || stem.rfind("step-", 0) != 0 ||
        stem.find_first_not_of("0123456789", 5) != std::string::npos)
      continue;
    out.push_back({std::stoll(stem.substr(5)), entry.path()});
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.step < b.step; });
  return out;
}

}  // namespace trainscope
