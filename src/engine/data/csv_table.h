// A CSV file read into typed columns, as pandas.read_csv would, but streamed: the file
// is parsed twice by libcsv (RFC 4180: quoted fields may hold separators, quotes and
// newlines), first to infer each column's type, then to fill compact storage, so
// memory stays near the values' size and never holds the file. Plain C++, no torch.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace trainscope {

// Number: every present value parses as a number. Category: few distinct values.
// Text: mostly distinct values of several words. Identifier: mostly distinct single
// tokens (a passenger id, a ticket number); a model does not learn from it.
enum class ColumnType { Number, Category, Text, Identifier };
const char* columnTypeName(ColumnType type);  // "number", "category", "text", "identifier"

struct TableColumn {
  std::string name;
  ColumnType type = ColumnType::Number;
  int64_t missing = 0;              // empty, "NA", "N/A", "NaN", "null", "None", "?"
  std::vector<float> numbers;       // Number: one per row, NaN when missing
  std::vector<int32_t> codes;       // Category: an index into levels, -1 when missing
  std::vector<std::string> levels;  // Category: the distinct values, sorted
  std::vector<uint64_t> offsets;    // Text, Identifier: row r is chars[offsets[r], offsets[r + 1])
  std::string chars;

  // The value as the file spells it (numbers in their shortest exact form); "" when missing.
  std::string display(int64_t row) const;
  bool isMissing(int64_t row) const;
  // The number the cell holds, whatever the column's type; NaN when missing or not a number.
  double number(int64_t row) const;
};

struct CsvTable {
  std::string path;
  char delimiter = ',';
  int64_t rows = 0;
  std::vector<TableColumn> columns;
  std::vector<int64_t> lines;  // the line each row starts on (quoted newlines make them differ)

  // The column's index, or -1.
  int find(const std::string& name) const;
};

// What went wrong reading a file, with where: line is 1-based (0 when the problem is the
// whole file), column the header's name ("" when none applies).
class CsvError : public std::runtime_error {
 public:
  CsvError(std::string path, int64_t line, std::string column, const std::string& problem);
  const std::string& path() const { return path_; }
  int64_t line() const { return line_; }
  const std::string& column() const { return column_; }
  const std::string& problem() const { return problem_; }

 private:
  std::string path_;
  int64_t line_;
  std::string column_, problem_;
};

struct CsvReadOptions {
  // Read as categories whatever they look like (a classification target of 0/1 codes).
  std::vector<std::string> categorical;
  int64_t max_rows = 0;  // stop after this many data rows; 0 = all (previews)
};

// Reads a header row and its data rows. The separator (`,` `;` or tab) is the one the
// header uses most outside quotes; a UTF-8 BOM and CR LF line ends are accepted. Throws
// CsvError naming the file, line and column: a missing or empty file, a binary file, a
// byte sequence that is not UTF-8, a row with more or fewer fields than the header,
// duplicate or empty column names, an unterminated quote.
CsvTable readCsvTable(const std::string& path, const CsvReadOptions& options = {});

// A category's levels sorted (numbers by value, then text); returns each old code's new one.
std::vector<int32_t> sortCategoryLevels(std::vector<std::string>& levels);

// Throws CsvError for a header column with no name or a name used twice.
void checkCsvHeader(const std::string& path, const std::vector<std::string>& names);

// A number in the shortest text that reads back as the same float ("2.5", "1e-07").
std::string numberText(float x);

}  // namespace trainscope
