// The dataset health check at scale (bench/health_at_scale.sh): opens an image folder
// as the app does, checks it with the near-duplicate index (and, with --all-pairs, with
// the all-pairs search too, for the index's recall), and scores what it found against
// the generator's planted.json. Prints one JSON object; the peak memory is the
// process's (getrusage), so run one check per process.
#include "engine/data/dataset_health.h"
#include "engine/data/image_folder.h"
#include "engine/data/image_quality.h"

#include <sys/resource.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <set>

using namespace trainscope;
namespace fs = std::filesystem;

namespace {
double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}
double peakMb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024.0;
}
std::string name(const std::string& path) { return fs::path(path).filename().string(); }

// Image number (split-independent key: its file name) -> its near group's number.
std::map<std::string, size_t> groupOf(const HealthFinding& near) {
  std::map<std::string, size_t> out;
  for (size_t g = 0; g < near.groups.size(); ++g)
    for (const auto& m : near.groups[g].members) out[name(m.where)] = g;
  return out;
}

// Of the pairs the reference's groups hold, the share whose images share a group in `found`.
double recall(const HealthFinding& truth, const HealthFinding& found) {
  const auto where = groupOf(found);
  size_t pairs = 0, kept = 0;
  for (const auto& g : truth.groups)
    for (size_t a = 0; a < g.members.size(); ++a)
      for (size_t b = a + 1; b < g.members.size(); ++b) {
        ++pairs;
        const auto x = where.find(name(g.members[a].where)), y = where.find(name(g.members[b].where));
        kept += x != where.end() && y != where.end() && x->second == y->second;
      }
  return pairs ? double(kept) / double(pairs) : 1.0;
}

size_t largest(const HealthFinding& f) {
  size_t n = 0;
  for (const auto& g : f.groups) n = std::max(n, g.members.size());
  return n;
}

// Planted files found: near copies in a near group, the others flagged by their check.
nlohmann::json plantedFound(const std::string& manifest, const DatasetHealth& h) {
  std::ifstream in(manifest);
  if (!in) return nullptr;
  const auto planted = nlohmann::json::parse(in);
  std::map<std::string, std::set<std::string>> flagged;  // check -> files
  for (const auto& f : h.quality)
    for (const auto& s : f.listed) flagged[f.check].insert(name(s.sample.where));
  const auto near = groupOf(h.near);
  const std::map<std::string, std::string> checkOf{
      {"blur", "blurry"}, {"dark", "dark"}, {"light", "light"}, {"flat", "low_information"}};
  std::map<std::string, std::pair<int, int>> found;  // kind -> (found, planted)
  for (const auto& p : planted) {
    const std::string kind = p["kind"], file = name(p["path"]);
    auto& [hit, all] = found[kind];
    ++all;
    hit += kind == "near" ? near.count(file) > 0 : flagged[checkOf.at(kind)].count(file) > 0;
  }
  nlohmann::json out;
  for (const auto& [kind, counts] : found) out[kind] = {{"found", counts.first}, {"planted", counts.second}};
  return out;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_health FOLDER [--all-pairs]\n");
    return 2;
  }
  const std::string root = argv[1];
  const bool allPairs = argc > 2 && std::strcmp(argv[2], "--all-pairs") == 0;
  try {
    auto t = std::chrono::steady_clock::now();
    ImageFolderOptions fo;
    const DatasetSplits splits = openImageFolder(root, fo);
    nlohmann::ordered_json out{{"folder", root},
                               {"images", splits.train->size() + splits.val->size()},
                               {"open_seconds", since(t)},
                               {"rss_after_open_mb", peakMb()}};
    HealthOptions o;
    o.max_listed = SIZE_MAX;  // every group and image, for the scores below
    const DatasetHealth h = checkDatasetHealth(splits, o);
    out["check_seconds"] = h.seconds;
    out["decode_seconds"] = h.decode_seconds;
    out["near_seconds"] = h.near_seconds;
    out["bytes_per_image"] = h.bytes_per_image;
    out["peak_rss_mb"] = peakMb();
    out["near_groups"] = h.near.count;
    out["near_across_splits"] = h.near_across_splits;
    out["exact_groups"] = h.exact.count;
    for (const auto& f : h.quality) out["quality"][f.check] = f.count;
    out["planted_found"] = plantedFound(root + "/planted.json", h);
    if (allPairs) {
      o.all_pairs = true;
      const DatasetHealth reference = checkDatasetHealth(splits, o);
      out["all_pairs_seconds"] = reference.seconds;
      out["all_pairs_near_seconds"] = reference.near_seconds;
      out["all_pairs_near_groups"] = reference.near.count;
      out["index_recall"] = recall(reference.near, h.near);
      out["index_precision"] = recall(h.near, reference.near);  // pairs the reference joins too
      out["largest_group"] = {largest(h.near), largest(reference.near)};
    }
    std::printf("%s\n", out.dump(2).c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
