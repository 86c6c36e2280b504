#include "engine/data/csv_scan.h"

#include "engine/config/file_input.h"
#include "engine/data/csv_table.h"

#include <csv.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <memory>

namespace trainscope {

namespace {

constexpr size_t kReadBlock = 1 << 20;
constexpr size_t kMaxRowBytes = 64u << 20;

// libcsv's callbacks gather a row's fields; the row is handed on at its end.
struct RowCollector {
  const std::string* path = nullptr;
  int64_t maxRows = 0;
  int64_t currentLine = 1, rowLine = 1, rowIndex = 0;
  size_t bytesInRow = 0;
  int64_t nextRowLine = 1;  // since the last row ended: an unclosed quote would take the rest of the file
  bool rowStarted = false, done = false;
  // The row's fields, end to end in one reused buffer (no allocation per field).
  std::string chars;
  std::vector<size_t> ends;
  std::vector<std::string_view> fields;
  std::vector<std::string> header;
  const std::function<void(const CsvRowView&)>* onRow = nullptr;

  void field(const char* data, size_t len) {
    // A quoted first field is handed over on the line it ends on: less its own newlines.
    if (!rowStarted)
      rowStarted = true, rowLine = currentLine - (data ? std::count(data, data + len, '\n') : 0), chars.clear(),
      ends.clear();
    if (data) chars.append(data, len);
    ends.push_back(chars.size());
  }
  void endRow() {
    const bool started = rowStarted;
    rowStarted = false;
    bytesInRow = 0;
    nextRowLine = currentLine + 1;
    if (!started || done) return;
    // The views stay valid until the next row's first field clears the buffer.
    fields.clear();
    for (size_t i = 0, begin = 0; i < ends.size(); begin = ends[i++])
      fields.emplace_back(chars.data() + begin, ends[i] - begin);
    // A line holding only spaces is blank, not a row of one empty field.
    if (fields.size() == 1 && trimmed(fields[0]).empty() && header.size() != 1) return;
    check();
    (*onRow)(CsvRowView{rowIndex, rowLine, fields});
    if (rowIndex == 0) header.assign(fields.begin(), fields.end());
    ++rowIndex;
    if (maxRows > 0 && rowIndex > maxRows) done = true;
  }
  void check() const {
    for (size_t c = 0; c < fields.size(); ++c) {
      size_t bad = 0;
      if (!validUtf8(fields[c], &bad))
        throw CsvError(*path, rowLine, columnName(c),
                       "a byte that is not UTF-8 (save the file as UTF-8; the value begins \"" +
                           printablePrefix(fields[c], bad) + "\")");
    }
    if (rowIndex > 0 && fields.size() != header.size())
      throw CsvError(*path, rowLine, "",
                     "this row has " + std::to_string(fields.size()) + " fields but the header has " +
                         std::to_string(header.size()) + " (a separator inside an unquoted value?)");
  }
  std::string columnName(size_t c) const {
    if (rowIndex == 0 || c >= header.size()) return "";
    return std::string(trimmed(header[c]));
  }
  static std::string printablePrefix(std::string_view v, size_t bad) {
    return std::string(v.substr(0, std::min<size_t>(bad, 40)));
  }
};

void onField(void* data, size_t len, void* self) {
  static_cast<RowCollector*>(self)->field(static_cast<char*>(data), len);
}
void onRowEnd(int, void* self) { static_cast<RowCollector*>(self)->endRow(); }
int spaceOnly(unsigned char c) { return c == CSV_SPACE; }

std::ifstream openText(const std::string& path) {
  // A regular file alone: opening a FIFO waits for a writer for ever, a device never ends.
  if (const std::string why = whyNotRegularFile(path); !why.empty()) throw CsvError(path, 0, "", why);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CsvError(path, 0, "", std::string("cannot open it (") + std::strerror(errno) + ")");
  return in;
}

struct ParserDeleter {
  void operator()(csv_parser* p) const {
    csv_free(p);
    delete p;
  }
};

}  // namespace

bool validUtf8(std::string_view s, size_t* bad) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  for (size_t i = 0; i < n;) {
    const unsigned char c = p[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    if (c >= 0xF5) len = 0;
    if (len == 0 || i + len > n) return *bad = i, false;
    for (size_t k = 1; k < len; ++k)
      if ((p[i + k] & 0xC0) != 0x80) return *bad = i, false;
    i += len;
  }
  return true;
}

std::string_view trimmed(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  return v;
}

bool isMissingValue(std::string_view v) {
  v = trimmed(v);
  static const std::array<std::string_view, 9> markers{"", "NA", "N/A", "NaN", "nan", "null", "NULL", "None", "?"};
  for (auto m : markers)
    if (v == m) return true;
  return false;
}

bool parseNumber(std::string_view v, double* out) {
  v = trimmed(v);
  if (!v.empty() && v.front() == '+') v.remove_prefix(1);
  if (v.empty()) return false;
  const auto r = std::from_chars(v.data(), v.data() + v.size(), *out);
  return r.ec == std::errc() && r.ptr == v.data() + v.size() && std::isfinite(*out);
}

char sniffDelimiter(const std::string& path) {
  std::ifstream in = openText(path);
  std::string line;
  std::getline(in, line);
  int comma = 0, semicolon = 0, tab = 0;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    if (quoted) continue;
    comma += c == ',', semicolon += c == ';', tab += c == '\t';
  }
  if (tab > comma && tab >= semicolon) return '\t';
  return semicolon > comma ? ';' : ',';
}

void scanCsv(const std::string& path, char delimiter, int64_t maxRows,
             const std::function<void(const CsvRowView&)>& onRow) {
  std::ifstream in = openText(path);
  std::unique_ptr<csv_parser, ParserDeleter> parser(new csv_parser);
  // Not strict: a stray quote inside a value (5'11") is kept as text, as Python's csv does.
  if (csv_init(parser.get(), CSV_STRICT_FINI) != 0) throw CsvError(path, 0, "", "out of memory");
  csv_set_delim(parser.get(), static_cast<unsigned char>(delimiter));
  csv_set_space_func(parser.get(), spaceOnly);
  RowCollector rows;
  rows.path = &path, rows.maxRows = maxRows, rows.onRow = &onRow;
  std::string block(kReadBlock, '\0');
  bool first = true;
  while (!rows.done && in) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    std::string_view chunk(block.data(), static_cast<size_t>(in.gcount()));
    if (first && chunk.substr(0, 3) == "\xEF\xBB\xBF") chunk.remove_prefix(3);  // the UTF-8 BOM
    first = false;
    if (const size_t nul = chunk.find('\0'); nul != std::string_view::npos) {
      const auto line = rows.currentLine + std::count(chunk.begin(), chunk.begin() + static_cast<ptrdiff_t>(nul), '\n');
      throw CsvError(path, line, "", "a binary file (it holds a NUL byte), not text");
    }
    // Fed a line at a time, so each row knows the line it starts on.
    while (!chunk.empty() && !rows.done) {
      const size_t end = chunk.find('\n');
      const size_t len = end == std::string_view::npos ? chunk.size() : end + 1;
      if (csv_parse(parser.get(), chunk.data(), len, onField, onRowEnd, &rows) != len)
        throw CsvError(path, rows.currentLine, "", csv_strerror(csv_error(parser.get())));
      if (end != std::string_view::npos) ++rows.currentLine;
      rows.bytesInRow += len;
      if (rows.bytesInRow > kMaxRowBytes)
        throw CsvError(path, rows.nextRowLine, "", "a row longer than 64 MB: a quote opened here is never closed?");
      chunk.remove_prefix(len);
    }
  }
  // libcsv's state 2 (FIELD_BEGUN) in a quoted field: the file ended inside quotes.
  constexpr int kFieldBegun = 2;
  if (!rows.done && parser->pstate == kFieldBegun && parser->quoted)
    throw CsvError(path, rows.nextRowLine, "", "a quote opened in this row is never closed");
  if (!rows.done && csv_fini(parser.get(), onField, onRowEnd, &rows) != 0)
    throw CsvError(path, rows.nextRowLine, "", "a quote opened in this row is never closed");
  if (rows.rowIndex == 0) throw CsvError(path, 0, "", "the file is empty: a CSV file starts with a header row");
}

}  // namespace trainscope
