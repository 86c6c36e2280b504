#include "engine/data/table_encoding.h"

#include "engine/data/csv_scan.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

namespace trainscope {

namespace {

constexpr size_t kMaxClassesOfNumbers = 20;  // whole numbers with more distinct values: a quantity

bool contains(const std::vector<std::string>& list, const std::string& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

double medianOf(std::vector<double> v) {
  if (v.empty()) return 0;
  const auto mid = v.begin() + static_cast<ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}

// A number column's statistics over the training rows.
TableEncoding::Number fitNumber(const TableColumn& c, const std::vector<int64_t>& rows) {
  TableEncoding::Number n;
  n.name = c.name;
  std::vector<double> present;
  present.reserve(rows.size());
  for (int64_t r : rows) {
    const float x = c.numbers[static_cast<size_t>(r)];
    if (std::isnan(x))
      n.missing_flag = true;
    else
      present.push_back(x);
  }
  n.median = medianOf(present);
  double sum = 0, sq = 0;
  for (double x : present) sum += x;
  n.mean = present.empty() ? 0 : sum / static_cast<double>(present.size());
  for (double x : present) sq += (x - n.mean) * (x - n.mean);
  const double var = present.size() > 1 ? sq / static_cast<double>(present.size() - 1) : 0;
  n.std = var > 1e-24 ? std::sqrt(var) : 1.0;  // a constant column stays 0 after centring
  return n;
}

// The levels that occur in the training rows, in the table's (sorted) order.
TableEncoding::Category fitCategory(const TableColumn& c, const std::vector<int64_t>& rows) {
  std::vector<bool> seen(c.levels.size(), false);
  for (int64_t r : rows)
    if (const int32_t code = c.codes[static_cast<size_t>(r)]; code >= 0) seen[static_cast<size_t>(code)] = true;
  TableEncoding::Category cat;
  cat.name = c.name;
  for (size_t k = 0; k < seen.size(); ++k)
    if (seen[k]) cat.levels.push_back(c.levels[k]);
  return cat;
}

std::string numberText(double x) {
  TableColumn c;
  c.numbers = {static_cast<float>(x)};
  return c.display(0);
}

// The classification target's classes in the training rows, sorted.
std::vector<std::string> fitClasses(const TableColumn& target, const std::vector<int64_t>& rows) {
  if (target.type == ColumnType::Category) return fitCategory(target, rows).levels;
  std::set<double> values;
  std::set<std::string> texts;
  for (int64_t r : rows) {
    if (target.isMissing(r)) continue;
    if (target.type == ColumnType::Number)
      values.insert(target.numbers[static_cast<size_t>(r)]);
    else
      texts.insert(target.display(r));
  }
  std::vector<std::string> classes;
  for (double v : values) classes.push_back(numberText(v));
  classes.insert(classes.end(), texts.begin(), texts.end());
  return classes;
}

void fitTarget(TableEncoding& e, const CsvTable& table, const TableColumn& target, const std::vector<int64_t>& rows,
               const std::string& task) {
  int64_t present = 0;
  for (int64_t r : rows) present += !target.isMissing(r);
  if (present == 0) throw CsvError(table.path, 0, target.name, "the target is missing in every training row");
  e.task = task == "auto" ? inferTask(target) : task;
  if (e.task == "classification") {
    e.classes = fitClasses(target, rows);
    if (e.classes.size() < 2)
      throw CsvError(table.path, 0, target.name,
                     "the target has one class (\"" + e.classes.front() + "\") in the training rows: nothing to learn");
    return;
  }
  if (target.type != ColumnType::Number) {
    for (int64_t r : rows)
      if (double x = 0; !target.isMissing(r) && !parseNumber(target.display(r), &x))
        throw CsvError(table.path, table.lines.empty() ? 0 : table.lines[static_cast<size_t>(r)], target.name,
                       "regression needs a number here, not \"" + target.display(r) + "\"");
  }
  std::vector<double> values;
  for (int64_t r : rows)
    if (double x = 0; !target.isMissing(r) && parseNumber(target.display(r), &x)) values.push_back(x);
  double sum = 0, sq = 0;
  for (double x : values) sum += x;
  e.target_mean = sum / static_cast<double>(values.size());
  for (double x : values) sq += (x - e.target_mean) * (x - e.target_mean);
  const double var = values.size() > 1 ? sq / static_cast<double>(values.size() - 1) : 0;
  e.target_std = var > 1e-24 ? std::sqrt(var) : 1.0;
}

const char* leftOutReason(ColumnType type) {
  return type == ColumnType::Identifier ? "an identifier (mostly distinct values): it names rows, a model cannot learn "
                                          "from it"
                                        : "text (mostly distinct phrases): the tabular model leaves it out";
}

}  // namespace

std::string inferTask(const TableColumn& target) {
  if (target.type != ColumnType::Number) return "classification";
  std::set<float> distinct;
  for (float x : target.numbers) {
    if (std::isnan(x)) continue;
    if (x != std::floor(x)) return "regression";
    distinct.insert(x);
    if (distinct.size() > kMaxClassesOfNumbers) return "regression";
  }
  return "classification";
}

int64_t TableEncoding::flagCount() const {
  return std::count_if(numbers.begin(), numbers.end(), [](const Number& n) { return n.missing_flag; });
}

int64_t TableEncoding::featureCount() const {
  return static_cast<int64_t>(numbers.size() + categories.size()) + flagCount();
}

std::vector<int64_t> TableEncoding::categorySizes() const {
  std::vector<int64_t> sizes;
  for (const auto& c : categories) sizes.push_back(static_cast<int64_t>(c.levels.size()) + 1);
  return sizes;
}

TableEncoding fitTableEncoding(const CsvTable& table, const std::vector<int64_t>& rows, const TableSelection& s) {
  const int target = table.find(s.target);
  if (target < 0) throw CsvError(table.path, 1, s.target, "there is no such column (the target)");
  for (const auto& name : s.columns)
    if (table.find(name) < 0)
      throw CsvError(table.path, 1, name, "there is no such column (it is listed among the columns to use)");
  TableEncoding e;
  e.target = s.target;
  fitTarget(e, table, table.columns[static_cast<size_t>(target)], rows, s.task);
  for (const auto& c : table.columns) {
    if (c.name == s.target || contains(s.exclude, c.name)) continue;
    if (!s.columns.empty() && !contains(s.columns, c.name)) continue;
    if (c.type == ColumnType::Number)
      e.numbers.push_back(fitNumber(c, rows));
    else if (c.type == ColumnType::Category)
      e.categories.push_back(fitCategory(c, rows));
    else
      e.left_out.push_back({c.name, leftOutReason(c.type)});
  }
  if (e.numbers.empty() && e.categories.empty())
    throw CsvError(table.path, 1, "", "no column is left to learn from besides the target \"" + s.target + "\"");
  return e;
}

}  // namespace trainscope
