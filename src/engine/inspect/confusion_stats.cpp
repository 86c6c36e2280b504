#include "engine/inspect/confusion_stats.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace trainscope {

namespace {

int64_t cell(const std::vector<int64_t>& m, int64_t classes, int64_t t, int64_t p) {
  return m[static_cast<size_t>(t * classes + p)];
}

std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", v);
  return text;
}

}  // namespace

std::vector<ClassScore> classScores(const std::vector<int64_t>& m, int64_t classes) {
  std::vector<ClassScore> out(static_cast<size_t>(classes));
  for (int64_t c = 0; c < classes; ++c) {
    ClassScore& s = out[static_cast<size_t>(c)];
    for (int64_t k = 0; k < classes; ++k) s.support += cell(m, classes, c, k), s.predicted += cell(m, classes, k, c);
    const auto right = static_cast<double>(cell(m, classes, c, c));
    s.precision = s.predicted > 0 ? right / static_cast<double>(s.predicted) : 0;
    s.recall = s.support > 0 ? right / static_cast<double>(s.support) : 0;
    s.f1 = s.precision + s.recall > 0 ? 2 * s.precision * s.recall / (s.precision + s.recall) : 0;
  }
  return out;
}

std::vector<ConfusedPair> confusedPairs(const std::vector<int64_t>& m, int64_t classes) {
  std::vector<ConfusedPair> pairs;
  for (int64_t t = 0; t < classes; ++t)
    for (int64_t p = 0; p < classes; ++p)
      if (t != p && cell(m, classes, t, p) > 0) pairs.push_back({t, p, cell(m, classes, t, p)});
  std::stable_sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) { return a.count > b.count; });
  return pairs;
}

std::vector<int64_t> confusionOrder(const std::vector<int64_t>& m, int64_t classes) {
  // Chains of classes, joined end to end along the most confused pairs first.
  std::vector<std::vector<int64_t>> chains(static_cast<size_t>(classes));
  std::vector<int64_t> chainOf(static_cast<size_t>(classes));
  for (int64_t c = 0; c < classes; ++c) chains[static_cast<size_t>(c)] = {c}, chainOf[static_cast<size_t>(c)] = c;
  std::vector<ConfusedPair> both;
  for (int64_t a = 0; a < classes; ++a)
    for (int64_t b = a + 1; b < classes; ++b)
      if (const int64_t n = cell(m, classes, a, b) + cell(m, classes, b, a); n > 0) both.push_back({a, b, n});
  std::stable_sort(both.begin(), both.end(), [](const auto& x, const auto& y) { return x.count > y.count; });
  for (const auto& pair : both) {
    const int64_t ca = chainOf[static_cast<size_t>(pair.truth)], cb = chainOf[static_cast<size_t>(pair.predicted)];
    if (ca == cb) continue;
    auto& x = chains[static_cast<size_t>(ca)];
    auto& y = chains[static_cast<size_t>(cb)];
    // Join only at the ends, so the pair ends up adjacent.
    if (x.back() != pair.truth) std::reverse(x.begin(), x.end());
    if (x.back() != pair.truth) continue;
    if (y.front() != pair.predicted) std::reverse(y.begin(), y.end());
    if (y.front() != pair.predicted) continue;
    for (int64_t c : y) x.push_back(c), chainOf[static_cast<size_t>(c)] = ca;
    y.clear();
  }
  // Chains with more errors first.
  auto errors = [&](const std::vector<int64_t>& chain) {
    int64_t n = 0;
    for (int64_t c : chain)
      for (int64_t k = 0; k < classes; ++k)
        if (k != c) n += cell(m, classes, c, k);
    return n;
  };
  std::vector<std::vector<int64_t>> kept;
  for (auto& chain : chains)
    if (!chain.empty()) kept.push_back(std::move(chain));
  std::stable_sort(kept.begin(), kept.end(), [&](const auto& a, const auto& b) { return errors(a) > errors(b); });
  std::vector<int64_t> order;
  for (const auto& chain : kept) order.insert(order.end(), chain.begin(), chain.end());
  return order;
}

std::string confusionCsv(const std::vector<int64_t>& m, const std::vector<std::string>& names) {
  const auto classes = static_cast<int64_t>(names.size());
  std::string out = "true \\ predicted";
  for (const auto& n : names) out += "," + csvField(n);
  out += ",support,precision,recall,f1\n";
  const auto scores = classScores(m, classes);
  for (int64_t t = 0; t < classes; ++t) {
    out += csvField(names[static_cast<size_t>(t)]);
    for (int64_t p = 0; p < classes; ++p) out += "," + std::to_string(cell(m, classes, t, p));
    const auto& s = scores[static_cast<size_t>(t)];
    out += "," + std::to_string(s.support) + "," + number(s.precision) + "," + number(s.recall) + "," + number(s.f1) +
           "\n";
  }
  return out;
}

}  // namespace trainscope
