// One streamed pass over a CSV file with libcsv, row by row, in bounded memory; the
// checks every reader of the file needs (binary content, UTF-8, ragged rows) are made
// here, each failure naming the file, the line and the column.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace trainscope {

struct CsvRowView {
  int64_t index = 0;                            // 0: the header
  int64_t line = 0;                             // the 1-based line the row starts on
  const std::vector<std::string_view>& fields;  // valid during the call
};

// The separator of the file's first line (`,` `;` or tab, the most used outside quotes).
// Throws CsvError when the file cannot be opened.
char sniffDelimiter(const std::string& path);

// Calls onRow for the header and then each data row (at most maxRows of them; 0 = all).
// Blank lines are skipped. Throws CsvError; an exception from onRow passes through.
void scanCsv(const std::string& path, char delimiter, int64_t maxRows,
             const std::function<void(const CsvRowView&)>& onRow);

// "", "NA", "N/A", "NaN", "nan", "null", "NULL", "None", "?" (spaces around ignored).
bool isMissingValue(std::string_view v);
// A whole value as a number (spaces around and a leading '+' allowed).
bool parseNumber(std::string_view v, double* out);
std::string_view trimmed(std::string_view v);
// Whether `s` is well-formed UTF-8; when not, *bad is the offset of the first bad byte.
bool validUtf8(std::string_view s, size_t* bad);

}  // namespace trainscope
