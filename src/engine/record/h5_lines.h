// Lists of names kept as one newline-separated text (an attribute, or a byte dataset):
// class names may hold commas, and h5py reads the text with .split("\\n").
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace trainscope {

inline std::string joinLines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

// "" is no line at all; "a\n" is "a" and "".
inline std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> out;
  for (size_t start = 0, end = 0; !text.empty() && start <= text.size(); start = end + 1) {
    end = std::min(text.find('\n', start), text.size());
    out.push_back(text.substr(start, end - start));
  }
  return out;
}

}  // namespace trainscope
