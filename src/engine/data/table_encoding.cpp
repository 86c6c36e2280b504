#include "engine/data/table_encoding.h"

#include "engine/data/csv_scan.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
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

// The mean and the sample standard deviation (1 for a constant: it stays 0 after centring).
std::pair<double, double> meanAndStd(const std::vector<double>& values) {
  if (values.empty()) return {0.0, 1.0};
  double sum = 0, sq = 0;
  for (double x : values) sum += x;
  const double mean = sum / static_cast<double>(values.size());
  for (double x : values) sq += (x - mean) * (x - mean);
  const double var = values.size() > 1 ? sq / static_cast<double>(values.size() - 1) : 0;
  return {mean, var > 1e-24 ? std::sqrt(var) : 1.0};
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
  std::tie(n.mean, n.std) = meanAndStd(present);
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
  for (double v : values) classes.push_back(numberText(static_cast<float>(v)));
  classes.insert(classes.end(), texts.begin(), texts.end());
  return classes;
}

// `task` is resolved (resolveTask).
void fitTarget(TableEncoding& e, const CsvTable& table, const TableColumn& target, const std::vector<int64_t>& rows,
               const std::string& task) {
  int64_t present = 0;
  for (int64_t r : rows) present += !target.isMissing(r);
  if (present == 0) throw CsvError(table.path, 0, target.name, "the target is missing in every training row");
  e.task = task;
  if (e.task == "classification") {
    e.classes = fitClasses(target, rows);
    if (e.classes.size() < 2)
      throw CsvError(table.path, 0, target.name,
                     "the target has one class (\"" + e.classes.front() + "\") in the training rows: nothing to learn");
    return;
  }
  std::vector<double> values;
  for (int64_t r : rows) {
    if (target.isMissing(r)) continue;
    const double x = target.number(r);
    if (std::isnan(x))
      throw CsvError(table.path, table.lines.empty() ? 0 : table.lines[static_cast<size_t>(r)], target.name,
                     "regression needs a number here, not \"" + target.display(r) + "\"");
    values.push_back(x);
  }
  std::tie(e.target_mean, e.target_std) = meanAndStd(values);
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

std::string resolveTask(const CsvTable& table, const TableSelection& s) {
  const int target = table.find(s.target);
  if (target < 0) throw CsvError(table.path, 1, s.target, "there is no such column (the target)");
  return s.task == "auto" ? inferTask(table.columns[static_cast<size_t>(target)]) : s.task;
}

TableEncoding fitTableEncoding(const CsvTable& table, const std::vector<int64_t>& rows, const TableSelection& s) {
  const std::string task = resolveTask(table, s);
  const int target = table.find(s.target);
  for (const auto& name : s.columns)
    if (table.find(name) < 0)
      throw CsvError(table.path, 1, name, "there is no such column (it is listed among the columns to use)");
  TableEncoding e;
  e.target = s.target;
  fitTarget(e, table, table.columns[static_cast<size_t>(target)], rows, task);
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
