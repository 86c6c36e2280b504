#include "engine/run/message.h"

namespace trainscope {

std::string fillPlaceholders(const std::string& pattern, const std::vector<std::string>& args) {
  std::string out;
  out.reserve(pattern.size());
  for (size_t i = 0; i < pattern.size(); ++i) {
    const char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
    const size_t n = static_cast<size_t>(next - '1');
    if (pattern[i] == '%' && next >= '1' && next <= '9' && n < args.size()) {
      out += args[n];
      ++i;
    } else {
      out += pattern[i];
    }
  }
  return out;
}

std::string Message::english() const { return fillPlaceholders(text, args); }

}  // namespace trainscope
