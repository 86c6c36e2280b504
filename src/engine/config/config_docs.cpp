#include "engine/config/config_docs.h"

#include "engine/config/config_fields.h"

#include <sstream>

namespace trainscope {

namespace {
constexpr const char* kMarker = "<!-- fields: ";

std::string defaultText(const ConfigField& f) {
  const nlohmann::json v = f.value(ExperimentConfig{});
  return "`" + v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "`";
}

bool isTableLine(const std::string& line) { return !line.empty() && line[0] == '|'; }
}  // namespace

std::string configFieldTable(const std::string& section) {
  const std::string wanted = section == "top" ? "" : section;
  std::string out = "| field | default | meaning |\n|---|---|---|\n";
  for (const auto& f : configFields())
    if (f.section() == wanted)
      out += "| `" + f.name() + "` | " + defaultText(f) + " | " + f.doc +
             (f.file_path ? " (a leading `~/` is the home folder)" : "") + " |\n";
  return out;
}

std::string withConfigFieldTables(const std::string& markdown) {
  std::istringstream in(markdown);
  std::string out, line;
  bool skipping = false;  // inside the old table after a marker
  while (std::getline(in, line)) {
    if (skipping && isTableLine(line)) continue;
    skipping = false;
    out += line + "\n";
    const auto at = line.find(kMarker);
    if (at == 0) {
      const auto end = line.find(" -->", at);
      out += configFieldTable(line.substr(std::string(kMarker).size(), end - std::string(kMarker).size()));
      skipping = true;
    }
  }
  if (!markdown.empty() && markdown.back() != '\n' && !out.empty()) out.pop_back();
  return out;
}

}  // namespace trainscope
