#include "cli/check_command.h"

#include "cli/cli_support.h"
#include "cli/table_check.h"
#include "engine/data/dataset_health.h"
#include "engine/data/dataset_source.h"

#include <nlohmann/json.hpp>

#include <unistd.h>
#include <cstdio>

namespace trainscope::cli {

namespace {
nlohmann::json refJson(const SampleRef& r) {
  return {{"split", r.split}, {"index", r.index}, {"path", r.where}, {"label", r.label}};
}

nlohmann::json findingJson(const HealthFinding& f) {
  nlohmann::json groups = nlohmann::json::array();
  for (const auto& g : f.groups) {
    nlohmann::json members = nlohmann::json::array();
    for (const auto& m : g.members) members.push_back(refJson(m));
    groups.push_back(
        {{"members", members}, {"across_splits", g.across_splits}, {"conflicting_labels", g.conflicting_labels}});
  }
  return {{"count", f.count}, {"groups", groups}};
}

nlohmann::json refsJson(const std::vector<SampleRef>& refs, int64_t count) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& r : refs) list.push_back(refJson(r));
  return {{"count", count}, {"listed", list}};
}

void printGroups(const char* what, const HealthFinding& f, int64_t across) {
  std::printf("%s: %lld groups, %lld across train and val\n", what, static_cast<long long>(f.count),
              static_cast<long long>(across));
  for (size_t g = 0; g < f.groups.size() && g < 5; ++g) {
    std::printf("  ");
    for (const auto& m : f.groups[g].members)
      std::printf("%s[%lld] %s  ", m.split.c_str(), static_cast<long long>(m.index), m.label.c_str());
    std::printf("%s\n", f.groups[g].conflicting_labels ? "(different labels)" : "");
  }
}
}  // namespace

int checkCommand(const std::string& folder, const std::string& config, const std::vector<std::string>& overrides,
                 bool json) {
  return guarded([&] {
    ExperimentConfig c;
    if (!config.empty()) c = configFromFile(config, overrides, "");
    if (!folder.empty()) c.dataset.kind = "image-folder", c.dataset.root = folder;
    const auto problems = checkDatasetAvailable(c.dataset);
    if (!problems.empty()) throw ConfigError(problems);
    if (c.dataset.kind == "csv") return checkTable(c, json);  // columns, not images
    const DatasetSplits splits = openDataset(c);
    HealthOptions o;
    const bool terminal = !json && isatty(fileno(stderr));
    o.progress = [&](int64_t done, int64_t total) {
      if (terminal)
        std::fprintf(stderr, "\rchecking %lld/%lld images", static_cast<long long>(done),
                     static_cast<long long>(total));
      return true;
    };
    const DatasetHealth h = checkDatasetHealth(splits, o);
    if (terminal) std::fprintf(stderr, "\n");
    if (json) {
      nlohmann::json classes = nlohmann::json::object();
      for (const auto& [name, n] : h.class_counts) classes[name] = n;
      nlohmann::json skipped = nlohmann::json::array();
      for (const auto& s : h.skipped) skipped.push_back({{"path", s.path}, {"reason", s.reason}});
      const nlohmann::ordered_json out{
          {"dataset", splits.description},
          {"train", h.train},
          {"val", h.val},
          {"exact_duplicates", findingJson(h.exact)},
          {"exact_across_splits", h.exact_across_splits},
          {"near_duplicates", findingJson(h.near)},
          {"near_across_splits", h.near_across_splits},
          {"conflicting_labels", h.conflicting_labels},
          {"class_counts", classes},
          {"imbalance", h.imbalance},
          {"size_outliers", refsJson(h.size_outliers, h.size_outlier_count)},
          {"aspect_outliers", refsJson(h.aspect_outliers, h.aspect_outlier_count)},
          {"grayscale_in_colour", refsJson(h.grayscale_in_colour, h.grayscale_in_colour_count)},
          {"unreadable", h.unreadable},
          {"skipped", skipped},
          {"seconds", h.seconds}};
      std::printf("%s\n", out.dump(2).c_str());
      return 0;
    }
    std::printf("%s: %lld training and %lld validation images, checked in %.1f s\n", splits.description.c_str(),
                static_cast<long long>(h.train), static_cast<long long>(h.val), h.seconds);
    printGroups("exact duplicates", h.exact, h.exact_across_splits);
    printGroups("near duplicates", h.near, h.near_across_splits);
    std::printf("groups with different labels: %lld\n", static_cast<long long>(h.conflicting_labels));
    std::printf("class imbalance (largest / smallest class): %.2f\n", h.imbalance);
    std::printf(
        "size outliers: %lld, aspect outliers: %lld, grayscale in a colour set: %lld, unreadable: %lld, "
        "skipped at import: %zu\n",
        static_cast<long long>(h.size_outlier_count), static_cast<long long>(h.aspect_outlier_count),
        static_cast<long long>(h.grayscale_in_colour_count), static_cast<long long>(h.unreadable), h.skipped.size());
    return 0;
  });
}

}  // namespace trainscope::cli
