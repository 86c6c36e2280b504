#include "engine/config/problem.h"

namespace trainscope {

std::string problemLines(const Problems& problems) {
  std::string out;
  for (const auto& p : problems) out += (out.empty() ? "" : "\n") + p.text();
  return out;
}

ConfigError::ConfigError(Problems problems)
    : std::runtime_error(problemLines(problems)), problems_(std::move(problems)) {}

ConfigError::ConfigError(std::string field, std::string message)
    : ConfigError(Problems{{std::move(field), std::move(message)}}) {}

}  // namespace trainscope
