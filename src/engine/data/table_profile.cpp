#include "engine/data/table_profile.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace trainscope {

namespace {

// Equal bins over [min, max]; a constant column is one bin.
void histogram(const std::vector<float>& present, ColumnProfile& p, int bins) {
  const int n = p.max > p.min ? std::max(1, bins) : 1;
  const double width = n > 1 ? (p.max - p.min) / n : 1.0;
  p.edges.resize(static_cast<size_t>(n) + 1);
  for (int k = 0; k <= n; ++k) p.edges[static_cast<size_t>(k)] = p.min + width * k;
  p.counts.assign(static_cast<size_t>(n), 0.0);
  for (float x : present) {
    // An infinite value (a cell "inf") makes the position NaN or infinite: it goes to
    // the nearest end, never through an int it does not fit (undefined behaviour).
    double at = (x - p.min) / width;
    if (!(at >= 0)) at = x > p.min ? n - 1 : 0;
    const int k = static_cast<int>(std::min(at, static_cast<double>(n - 1)));
    p.counts[static_cast<size_t>(k)] += 1;
  }
}

void profileNumbers(const TableColumn& c, ColumnProfile& p, int bins) {
  std::vector<float> present;
  present.reserve(c.numbers.size());
  for (float x : c.numbers)
    if (!std::isnan(x)) present.push_back(x);
  if (present.empty()) return;
  const auto [lo, hi] = std::minmax_element(present.begin(), present.end());
  p.min = *lo, p.max = *hi;
  const auto mid = present.begin() + static_cast<ptrdiff_t>(present.size() / 2);
  std::nth_element(present.begin(), mid, present.end());
  p.median = *mid;
  histogram(present, p, bins);
}

void profileCategories(const TableColumn& c, ColumnProfile& p, size_t topLevels) {
  std::vector<int64_t> counts(c.levels.size(), 0);
  for (int32_t code : c.codes)
    if (code >= 0) ++counts[static_cast<size_t>(code)];
  p.levels = static_cast<int64_t>(c.levels.size());
  std::vector<size_t> order(counts.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  const size_t shown = std::min(topLevels, order.size());
  std::partial_sort(order.begin(), order.begin() + static_cast<ptrdiff_t>(shown), order.end(),
                    [&](size_t a, size_t b) { return counts[a] > counts[b] || (counts[a] == counts[b] && a < b); });
  for (size_t k = 0; k < shown; ++k) p.top.emplace_back(c.levels[order[k]], counts[order[k]]);
}

}  // namespace

std::vector<ColumnProfile> profileTable(const CsvTable& table, size_t topLevels, int bins) {
  std::vector<ColumnProfile> out;
  for (const auto& c : table.columns) {
    ColumnProfile p;
    p.name = c.name;
    p.type = c.type;
    p.missing = c.missing;
    if (c.type == ColumnType::Number) profileNumbers(c, p, bins);
    if (c.type == ColumnType::Category) profileCategories(c, p, topLevels);
    out.push_back(std::move(p));
  }
  return out;
}

std::string guessTarget(const std::vector<std::string>& columns) {
  for (const char* usual : {"target", "label", "class", "y"})
    for (const auto& name : columns) {
      std::string lower = name;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
      if (lower == usual) return name;
    }
  return columns.empty() ? std::string() : columns.back();
}

}  // namespace trainscope
