#include "engine/config/run_name.h"

#include <filesystem>
#include <regex>

namespace trainscope {

std::string modelAndDataset(const ExperimentConfig& c) {
  namespace fs = std::filesystem;
  std::string model = c.model.name;
  if (model == "torchscript" && !c.model.path.empty()) model = fs::path(c.model.path).stem().string();
  std::string dataset = c.dataset.kind;
  if (c.dataset.kind == "image-folder") {
    fs::path root(c.dataset.root);
    if (!root.has_filename()) root = root.parent_path();  // "photos/"
    if (!root.filename().empty() && root.filename() != ".") dataset = root.filename().string();
  }
  return model + "-" + dataset;
}

std::string runDisplayName(const ExperimentConfig& c, const std::string& folderName) {
  if (!c.run_name.empty()) return c.run_name;
  // The folder ends in -YYYYMMDD-HHMMSS, and -N when two started in the same second.
  static const std::regex stamp(R"(-\d{8}-(\d{2})(\d{2})(\d{2})(?:-(\d+))?$)");
  std::smatch m;
  std::string when;
  if (std::regex_search(folderName, m, stamp))
    when = " " + m[1].str() + ":" + m[2].str() + ":" + m[3].str() + (m[4].matched ? " #" + m[4].str() : "");
  return modelAndDataset(c) + when;
}

}  // namespace trainscope
