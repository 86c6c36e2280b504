// A CSV table as any bytes (seeds: tables with quotes, newlines in fields, a BOM, CR LF,
// semicolons, missing values): the reader refuses what it cannot read with a CsvError
// naming the line; a table it reads is profiled, fitted (the last column as target) and
// every row encoded, never reading outside a column.
#include "engine/data/csv_table.h"
#include "engine/data/table_encoding.h"
#include "engine/data/table_profile.h"
#include "fuzz_input.h"

#include <numeric>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = trainscope::fuzz::writeInput("table.csv", data, size);
  try {
    const trainscope::CsvTable table = trainscope::readCsvTable(path);
    trainscope::profileTable(table);
    std::vector<int64_t> rows(static_cast<size_t>(table.rows));
    std::iota(rows.begin(), rows.end(), 0);
    const trainscope::TableEncoding e = trainscope::fitTableEncoding(table, rows, {table.columns.back().name});
    const trainscope::TableEncoder encoder(e, table);
    std::vector<float> features(static_cast<size_t>(e.featureCount()));
    for (int64_t r = 0; r < table.rows; ++r) {
      encoder.encode(r, features.data());
      encoder.target(r);
    }
    trainscope::TableEncoding::fromJson(e.toJson());
  } catch (const trainscope::CsvError&) {
  }
  return 0;
}
