#include "engine/data/table_profile.h"

#include <algorithm>
#include <cmath>

namespace trainscope {

namespace {

void profileNumbers(const TableColumn& c, ColumnProfile& p) {
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

std::vector<ColumnProfile> profileTable(const CsvTable& table, size_t topLevels) {
  std::vector<ColumnProfile> out;
  for (const auto& c : table.columns) {
    ColumnProfile p;
    p.name = c.name;
    p.type = c.type;
    p.missing = c.missing;
    if (c.type == ColumnType::Number) profileNumbers(c, p);
    if (c.type == ColumnType::Category) profileCategories(c, p, topLevels);
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace trainscope
