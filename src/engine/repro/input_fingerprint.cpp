#include "engine/repro/input_fingerprint.h"

#include "engine/config/config_fields.h"
#include "engine/data/fashion_mnist.h"
#include "engine/repro/sha256.h"

#include <algorithm>
#include <filesystem>
#include <map>

namespace fs = std::filesystem;

namespace trainscope {

namespace {

nlohmann::json fileEntry(const fs::path& file, const std::string& name) {
  return {{"path", name}, {"size", fs::file_size(file)}, {"sha256", sha256File(file.string())}};
}

nlohmann::json folderFingerprint(const std::string& kind, const std::string& root) {
  nlohmann::json d{{"kind", kind}, {"root", root}, {"files", nlohmann::json::array()}};
  std::error_code ec;
  if (root.empty() || !fs::is_directory(root, ec)) {
    d["missing"] = true;
    return d;
  }
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    if (it->is_regular_file(ec)) files.push_back(it->path());
  std::sort(files.begin(), files.end());
  Sha256 all;  // over "path size sha256" lines: one digest for the whole folder
  for (const auto& f : files) {
    nlohmann::json e = fileEntry(f, fs::relative(f, root).generic_string());
    const std::string line = e["path"].get<std::string>() + " " + std::to_string(e["size"].get<uint64_t>()) + " " +
                             e["sha256"].get<std::string>() + "\n";
    all.update(line.data(), line.size());
    d["files"].push_back(std::move(e));
  }
  d["sha256"] = all.hexDigest();
  return d;
}

std::map<std::string, nlohmann::json> byPath(const nlohmann::json& files) {
  std::map<std::string, nlohmann::json> out;
  if (files.is_array())
    for (const auto& f : files) out[f.value("path", "")] = f;
  return out;
}

std::string listed(const std::vector<std::string>& names, size_t limit) {
  std::string out;
  for (size_t i = 0; i < names.size() && i < limit; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > limit) out += ", … (" + std::to_string(names.size() - limit) + " more)";
  return out;
}

}  // namespace

nlohmann::json fingerprintInputs(const ExperimentConfig& config) {
  const DatasetConfig& d = config.dataset;
  nlohmann::json out;
  // A table's files are fingerprinted one by one below, as the config's other files.
  out["dataset"] = d.kind == "csv"
                       ? nlohmann::json{{"kind", d.kind}}
                       : folderFingerprint(d.kind, d.kind == "image-folder" ? d.root : findFashionMnistDir());
  out["files"] = nlohmann::json::array();
  std::error_code ec;
  using C = ExperimentConfig;
  for (const auto& [role, path] :
       {std::pair<std::string, std::string>{configField(&C::dataset, &DatasetConfig::path).key, d.path},
        std::pair<std::string, std::string>{configField(&C::dataset, &DatasetConfig::val_path).key, d.val_path},
        std::pair<std::string, std::string>{configField(&C::dataset, &DatasetConfig::corrections).key, d.corrections},
        std::pair<std::string, std::string>{configField(&C::model, &ModelConfig::path).key, config.model.path}}) {
    if (path.empty()) continue;
    nlohmann::json e = fs::is_regular_file(path, ec) ? fileEntry(path, path) : nlohmann::json{{"path", path}};
    if (!e.contains("sha256")) e["missing"] = true;
    e["role"] = role;
    out["files"].push_back(std::move(e));
  }
  return out;
}

int64_t datasetFileCount(const nlohmann::json& inputs) {
  using C = ExperimentConfig;
  const std::string path = configField(&C::dataset, &DatasetConfig::path).key;
  const std::string valPath = configField(&C::dataset, &DatasetConfig::val_path).key;
  int64_t n = static_cast<int64_t>(
      inputs.value("dataset", nlohmann::json::object()).value("files", nlohmann::json::array()).size());
  for (const auto& f : inputs.value("files", nlohmann::json::array()))
    if (const std::string role = f.value("role", ""); role == path || role == valPath) ++n;
  return n;
}

std::vector<std::string> compareFingerprints(const nlohmann::json& recorded, const nlohmann::json& here, size_t limit) {
  std::vector<std::string> out;
  const nlohmann::json& a = recorded.value("dataset", nlohmann::json::object());
  const nlohmann::json& b = here.value("dataset", nlohmann::json::object());
  if (b.value("missing", false)) {
    out.push_back("dataset: " + b.value("root", std::string("(not found)")) + " is not here");
  } else if (a.value("sha256", "") != b.value("sha256", "")) {
    const auto before = byPath(a.value("files", nlohmann::json::array()));
    const auto now = byPath(b.value("files", nlohmann::json::array()));
    std::vector<std::string> missing, added, changed;
    for (const auto& [path, f] : before) {
      const auto it = now.find(path);
      if (it == now.end())
        missing.push_back(path);
      else if (it->second.value("sha256", "") != f.value("sha256", ""))
        changed.push_back(path);
    }
    for (const auto& [path, f] : now)
      if (!before.count(path)) added.push_back(path);
    std::string line =
        "dataset: " + std::to_string(before.size()) + " files recorded, " + std::to_string(now.size()) + " here";
    if (!changed.empty()) line += "; changed: " + listed(changed, limit);
    if (!missing.empty()) line += "; missing here: " + listed(missing, limit);
    if (!added.empty()) line += "; only here: " + listed(added, limit);
    out.push_back(line);
  }
  const auto before = recorded.value("files", nlohmann::json::array());
  const auto now = here.value("files", nlohmann::json::array());
  for (const auto& f : before) {
    const auto it = std::find_if(now.begin(), now.end(),
                                 [&](const nlohmann::json& g) { return g.value("role", "") == f.value("role", ""); });
    if (it == now.end() || it->value("missing", false))
      out.push_back(f.value("role", "") + ": " + f.value("path", "") + " is not here");
    else if (it->value("sha256", "") != f.value("sha256", ""))
      out.push_back(f.value("role", "") + ": " + it->value("path", "") + " differs from the recorded file");
  }
  return out;
}

}  // namespace trainscope
