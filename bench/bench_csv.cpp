// Reads a CSV file as training does (data/csv_table.h) and prints the seconds, the rows
// and the columns by type; bench/csv_load.sh runs it under /usr/bin/time for the peak
// memory against the file's size.
#include "engine/data/csv_table.h"

#include <chrono>
#include <cstdio>
#include <map>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: bench_csv FILE.csv\n");
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  try {
    const trainscope::CsvTable t = trainscope::readCsvTable(argv[1]);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::map<std::string, int> types;
    for (const auto& c : t.columns) ++types[trainscope::columnTypeName(c.type)];
    std::printf("read %lld rows x %zu columns in %.2f s:", static_cast<long long>(t.rows), t.columns.size(), seconds);
    for (const auto& [type, n] : types) std::printf(" %d %s", n, type.c_str());
    std::printf("\n");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
