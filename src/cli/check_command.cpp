#include "cli/check_command.h"
#include "cli/terminal_output.h"

#include "cli/cli_support.h"
#include "cli/table_check.h"
#include "engine/config/file_input.h"
#include "engine/data/dataset_health.h"
#include "engine/data/dataset_source.h"
#include "engine/data/image_quality.h"

#include <nlohmann/json.hpp>

#include <unistd.h>
#include <cmath>
#include <cstdio>
#include <map>

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

nlohmann::ordered_json qualityJson(const std::vector<QualityFinding>& findings) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& f : findings) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& s : f.listed) {
      nlohmann::json item = refJson(s.sample);
      item["score"] = s.score;
      list.push_back(item);
    }
    out[f.check] = {{"threshold", f.threshold}, {"count", f.count}, {"listed", list}};
  }
  return out;
}

// --threshold KEY=VALUE: a quality check's key and a number, else bad input naming it.
std::map<std::string, double> parseThresholds(const std::vector<std::string>& given) {
  std::map<std::string, double> out;
  for (const auto& t : given) {
    const auto eq = t.find('=');
    const std::string key = t.substr(0, eq);
    if (eq == std::string::npos || !qualityCheck(key))
      throw BadInput("--threshold " + t + ": expected KEY=VALUE with KEY one of " + qualityCheckKeys());
    try {
      size_t used = 0;
      const double v = std::stod(t.substr(eq + 1), &used);
      if (used != t.size() - eq - 1 || !std::isfinite(v)) throw std::invalid_argument(t);
      out[key] = v;
    } catch (const std::exception&) {
      throw BadInput("--threshold " + t + ": " + key + " needs a number");
    }
    if (const std::string why = qualityCheck(key)->thresholdProblem(out[key]); !why.empty())
      throw BadInput("--threshold " + t + ": " + why);
  }
  return out;
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
void printQuality(const std::vector<QualityFinding>& findings) {
  for (const auto& f : findings) {
    std::printf("%s (threshold %g): %lld\n", f.check.c_str(), f.threshold, static_cast<long long>(f.count));
    for (size_t i = 0; i < f.listed.size() && i < 3; ++i)
      std::printf("  %s (%.3g)\n", f.listed[i].sample.where.c_str(), f.listed[i].score);
  }
}
}  // namespace

int checkCommand(const CheckRequest& request) {
  return guarded([&] {
    const bool json = request.json;
    ExperimentConfig c;
    if (!request.config.empty()) c = configFromFile(request.config, request.overrides, "");
    if (!request.folder.empty()) c.dataset.kind = "image-folder", c.dataset.root = request.folder;
    HealthOptions o;
    o.thresholds = parseThresholds(request.thresholds);
    o.all_pairs = request.all_pairs;
    const auto problems = checkDatasetAvailable(c.dataset);
    if (!problems.empty()) throw ConfigError(problems);
    if (c.dataset.kind == "csv") return checkTable(c, json);  // columns, not images
    const DatasetSplits splits = openDataset(c);
    const bool terminal = !json && isTerminal(stderr);
    o.progress = [&](int64_t done, int64_t total) {
      if (terminal)
        std::fprintf(rawStream(stderr), "\rchecking %lld/%lld images", static_cast<long long>(done),
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
      const nlohmann::ordered_json out{{"dataset", splits.description},
                                       {"train", h.train},
                                       {"val", h.val},
                                       {"exact_duplicates", findingJson(h.exact)},
                                       {"exact_across_splits", h.exact_across_splits},
                                       {"near_duplicates", findingJson(h.near)},
                                       {"near_across_splits", h.near_across_splits},
                                       {"conflicting_labels", h.conflicting_labels},
                                       {"class_counts", classes},
                                       {"imbalance", h.imbalance},
                                       {"quality", qualityJson(h.quality)},
                                       {"unreadable", h.unreadable},
                                       {"skipped", skipped},
                                       {"seconds", h.seconds},
                                       {"decode_seconds", h.decode_seconds},
                                       {"near_seconds", h.near_seconds},
                                       {"bytes_per_image", h.bytes_per_image}};
      std::printf("%s\n", out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
      return 0;
    }
    std::printf("%s: %lld training and %lld validation images, checked in %.1f s\n", splits.description.c_str(),
                static_cast<long long>(h.train), static_cast<long long>(h.val), h.seconds);
    printGroups("exact duplicates", h.exact, h.exact_across_splits);
    printGroups("near duplicates", h.near, h.near_across_splits);
    std::printf("groups with different labels: %lld\n", static_cast<long long>(h.conflicting_labels));
    std::printf("class imbalance (largest / smallest class): %.2f\n", h.imbalance);
    printQuality(h.quality);
    std::printf("unreadable: %lld, skipped at import: %zu\n", static_cast<long long>(h.unreadable), h.skipped.size());
    std::printf("memory: %lld bytes per image while checking\n", static_cast<long long>(h.bytes_per_image));
    return 0;
  });
}

}  // namespace trainscope::cli
