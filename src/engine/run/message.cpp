#include "engine/run/message.h"

#include <regex>

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

struct MessageCatalogue::Compiled {
  std::regex regex;
};

namespace {
// "%1" becomes a capture; everything else matches literally.
std::regex toRegex(const std::string& pattern) {
  std::string out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '%' && i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9') {
      out += "(.*?)";
      ++i;
    } else {
      if (std::string("\\^$.|?*+()[]{}").find(pattern[i]) != std::string::npos) out += '\\';
      out += pattern[i];
    }
  }
  return std::regex(out);
}
}  // namespace

MessageCatalogue::MessageCatalogue(const char* context, std::vector<const char*> patterns)
    : context_(context), patterns_(std::move(patterns)) {
  for (const char* p : patterns_) compiled_.push_back({toRegex(p)});
}

MessageCatalogue::~MessageCatalogue() = default;

Message MessageCatalogue::recognise(const std::string& text) const {
  for (size_t i = 0; i < patterns_.size(); ++i) {
    std::smatch m;
    if (!std::regex_match(text, m, compiled_[i].regex)) continue;
    Message message{context_, patterns_[i], {}};
    for (size_t g = 1; g < m.size(); ++g) message.args.push_back(m[g].str());
    return message;
  }
  return {};
}

}  // namespace trainscope
