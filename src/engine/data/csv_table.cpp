#include "engine/data/csv_table.h"

#include "engine/data/csv_scan.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

namespace trainscope {

namespace {

constexpr size_t kMaxTrackedLevels = 65536;  // more distinct values than this: not a category
constexpr size_t kMaxTrackedNumbers = 64;    // enough to tell a 0..9 label column from a measurement

// What pass 1 learns of a column.
struct ColumnScan {
  int64_t present = 0, missing = 0, numeric = 0, withSpaces = 0;
  bool integral = true, consecutive = true;
  double previous = std::nan("");
  std::unordered_set<std::string> distinct;  // non-numeric values, up to kMaxTrackedLevels
  std::unordered_set<double> numbers;        // up to kMaxTrackedNumbers
  bool tooManyDistinct = false;
};

void scanValue(ColumnScan& s, std::string_view v) {
  if (isMissingValue(v)) {
    ++s.missing;
    return;
  }
  ++s.present;
  if (v.find(' ') != std::string_view::npos) ++s.withSpaces;
  double x = 0;
  if (parseNumber(v, &x)) {
    ++s.numeric;
    if (x != std::floor(x)) s.integral = false;
    if (!std::isnan(s.previous) && x != s.previous + 1) s.consecutive = false;
    s.previous = x;
    if (s.numbers.size() < kMaxTrackedNumbers) s.numbers.insert(x);
  } else {
    s.consecutive = false;
  }
  if (s.tooManyDistinct || s.numeric == s.present) return;  // a number column's distinct texts never matter
  s.distinct.emplace(v);
  if (s.distinct.size() > kMaxTrackedLevels) s.tooManyDistinct = true, s.distinct.clear();
}

ColumnType inferType(const ColumnScan& s, bool forcedCategory) {
  if (forcedCategory) return ColumnType::Category;
  if (s.numeric == s.present) {
    // 1, 2, 3, ... over many rows is a row number, not a measurement.
    const bool rowNumber = s.integral && s.consecutive && s.present > 20 && s.missing == 0;
    return rowNumber ? ColumnType::Identifier : ColumnType::Number;
  }
  if (s.present <= 20) return ColumnType::Category;
  const bool mostlyDistinct =
      s.tooManyDistinct || static_cast<double>(s.distinct.size()) > 0.5 * static_cast<double>(s.present);
  if (!mostlyDistinct) return ColumnType::Category;
  return 2 * s.withSpaces > s.present ? ColumnType::Text : ColumnType::Identifier;
}

// Pass 2's storage for one column.
struct ColumnFill {
  std::unordered_map<std::string, int32_t> codeOf;  // Category, in order of appearance
};

void fillValue(TableColumn& c, ColumnFill& f, std::string_view v) {
  const bool missing = isMissingValue(v);
  if (missing) ++c.missing;
  switch (c.type) {
    case ColumnType::Number: {
      double x = std::nan("");
      if (!missing) parseNumber(v, &x);
      c.numbers.push_back(static_cast<float>(x));
      break;
    }
    case ColumnType::Category: {
      if (missing) {
        c.codes.push_back(-1);
        break;
      }
      auto [it, added] = f.codeOf.emplace(std::string(v), static_cast<int32_t>(c.levels.size()));
      if (added) c.levels.emplace_back(v);
      c.codes.push_back(it->second);
      break;
    }
    case ColumnType::Text:
    case ColumnType::Identifier:
      if (!missing) c.chars.append(v);
      c.offsets.push_back(c.chars.size());
      break;
  }
}

// Levels sorted as every category is, codes renumbered to match.
void sortLevels(TableColumn& c) {
  const std::vector<int32_t> newCode = sortCategoryLevels(c.levels);
  for (int32_t& code : c.codes)
    if (code >= 0) code = newCode[static_cast<size_t>(code)];
}

}  // namespace

std::vector<int32_t> sortCategoryLevels(std::vector<std::string>& levels) {
  std::vector<int32_t> order(levels.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int32_t>(i);
  auto key = [&](int32_t i) {
    double x = 0;
    const bool number = parseNumber(levels[static_cast<size_t>(i)], &x);
    return std::make_tuple(!number, number ? x : 0.0, levels[static_cast<size_t>(i)]);
  };
  std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return key(a) < key(b); });
  std::vector<int32_t> newCode(order.size());
  std::vector<std::string> sorted(order.size());
  for (size_t k = 0; k < order.size(); ++k) {
    newCode[static_cast<size_t>(order[k])] = static_cast<int32_t>(k);
    sorted[k] = std::move(levels[static_cast<size_t>(order[k])]);
  }
  levels = std::move(sorted);
  return newCode;
}

void checkCsvHeader(const std::string& path, const std::vector<std::string>& names) {
  std::unordered_set<std::string> seen;
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i].empty()) throw CsvError(path, 1, "", "column " + std::to_string(i + 1) + " of the header has no name");
    if (!seen.insert(names[i]).second) throw CsvError(path, 1, names[i], "two columns have this name");
  }
}

const char* columnTypeName(ColumnType type) {
  switch (type) {
    case ColumnType::Number: return "number";
    case ColumnType::Category: return "category";
    case ColumnType::Text: return "text";
    case ColumnType::Identifier: return "identifier";
  }
  return "number";
}

bool TableColumn::isMissing(int64_t row) const {
  const auto r = static_cast<size_t>(row);
  switch (type) {
    case ColumnType::Number: return std::isnan(numbers[r]);
    case ColumnType::Category: return codes[r] < 0;
    default: return offsets[r + 1] == offsets[r];
  }
}

std::string TableColumn::display(int64_t row) const {
  if (isMissing(row)) return "";
  const auto r = static_cast<size_t>(row);
  switch (type) {
    case ColumnType::Number: return numberText(numbers[r]);
    case ColumnType::Category: return levels[static_cast<size_t>(codes[r])];
    default: return chars.substr(offsets[r], offsets[r + 1] - offsets[r]);
  }
}

double TableColumn::number(int64_t row) const {
  if (type == ColumnType::Number) return numbers[static_cast<size_t>(row)];
  double x = std::nan("");
  if (isMissing(row) || !parseNumber(display(row), &x)) return std::nan("");
  return x;
}

std::string numberText(float x) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, r.ptr);
}

int CsvTable::find(const std::string& name) const {
  for (size_t i = 0; i < columns.size(); ++i)
    if (columns[i].name == name) return static_cast<int>(i);
  return -1;
}

CsvError::CsvError(std::string path, int64_t line, std::string column, const std::string& problem)
    : std::runtime_error(path + (line > 0 ? ", line " + std::to_string(line) : std::string()) +
                         (column.empty() ? std::string() : ", column \"" + column + "\"") + ": " + problem),
      path_(std::move(path)),
      line_(line),
      column_(std::move(column)),
      problem_(problem) {}

CsvTable readCsvTable(const std::string& path, const CsvReadOptions& options) {
  CsvTable table;
  table.path = path;
  table.delimiter = sniffDelimiter(path);
  std::vector<std::string> names;
  std::vector<ColumnScan> scans;
  // Pass 1: the header, the row count, and what each column holds.
  scanCsv(path, table.delimiter, options.max_rows, [&](const CsvRowView& row) {
    if (row.index == 0) {
      for (const auto& f : row.fields) names.emplace_back(trimmed(f));
      checkCsvHeader(path, names);
      scans.resize(names.size());
      return;
    }
    for (size_t c = 0; c < row.fields.size(); ++c) scanValue(scans[c], row.fields[c]);
    ++table.rows;
  });
  if (names.empty()) throw CsvError(path, 0, "", "the file is empty: a CSV file starts with a header row");
  for (size_t c = 0; c < names.size(); ++c) {
    TableColumn col;
    col.name = names[c];
    const bool forced =
        std::find(options.categorical.begin(), options.categorical.end(), col.name) != options.categorical.end();
    col.type = inferType(scans[c], forced);
    if (col.type == ColumnType::Text || col.type == ColumnType::Identifier) {
      col.offsets.reserve(static_cast<size_t>(table.rows) + 1);
      col.offsets.push_back(0);
    }
    if (col.type == ColumnType::Number) col.numbers.reserve(static_cast<size_t>(table.rows));
    if (col.type == ColumnType::Category) col.codes.reserve(static_cast<size_t>(table.rows));
    table.columns.push_back(std::move(col));
  }
  scans.clear();
  table.lines.reserve(static_cast<size_t>(table.rows));
  // Pass 2: the values, in the storage each type needs.
  std::vector<ColumnFill> fills(names.size());
  scanCsv(path, table.delimiter, options.max_rows, [&](const CsvRowView& row) {
    if (row.index == 0) return;
    if (row.index > table.rows) throw CsvError(path, row.line, "", "the file changed while it was read");
    for (size_t c = 0; c < row.fields.size(); ++c) fillValue(table.columns[c], fills[c], row.fields[c]);
    table.lines.push_back(row.line);
  });
  if (static_cast<int64_t>(table.lines.size()) != table.rows)
    throw CsvError(path, 0, "", "the file changed while it was read");
  for (auto& col : table.columns)
    if (col.type == ColumnType::Category) sortLevels(col);
  return table;
}

}  // namespace trainscope
