#include "cli/model_commands.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace trainscope::cli {

int exportCommand(const ExportRequest& request) {
  const ExportResult r = exportModel(request);
  if (!r.ok) {
    std::cerr << "error: " << r.error << "\n";
    return 1;
  }
  std::cout << "exported " << r.checkpoint << "\n  model:         " << r.model_path
            << "\n  preprocessing: " << r.preprocessing_path << "\n";
  if (r.max_abs_diff >= 0) {
    char diff[64];
    std::snprintf(diff, sizeof diff, "%.3g", r.max_abs_diff);
    std::cout << "  checked:       torch::jit::load of the file gives the engine's logits (max abs diff " << diff
              << ")\n";
  }
  if (!request.example.empty()) std::cout << "  example batch: " << request.example << " (/input, /logits)\n";
  return 0;
}

int predictCommand(const std::string& runDir, const std::vector<std::string>& images, int k,
                   const std::string& checkpoint, bool json) {
  const std::vector<Prediction> predictions = predictImages(runDir, images, k, checkpoint);
  int failures = 0;
  for (const auto& p : predictions) {
    if (!p.ok) ++failures;
    if (json) {
      nlohmann::json top = nlohmann::json::array();
      for (const auto& c : p.top)
        top.push_back({{"index", c.index}, {"label", c.label}, {"probability", c.probability}});
      nlohmann::json line = {{"image", p.image}, {"top", top}};
      if (!p.ok) line["error"] = p.error;
      std::cout << line.dump() << "\n";
      continue;
    }
    if (!p.ok) {
      std::cerr << "error: " << p.error << "\n";
      continue;
    }
    std::cout << p.image << "\n";
    for (const auto& c : p.top) {
      char line[64];
      std::snprintf(line, sizeof line, "  %6.2f%%  ", 100.0 * c.probability);
      std::cout << line << c.label << "\n";
    }
  }
  return failures == 0 ? 0 : 1;
}

}  // namespace trainscope::cli
