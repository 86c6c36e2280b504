// What each column of a table holds, for a person deciding what to train on: its type,
// its missing share, and its range (numbers) or most frequent levels (categories).
// `trainscope-cli check` prints it; the app's Data page is to show it too.
#pragma once

#include "engine/data/csv_table.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace trainscope {

struct ColumnProfile {
  std::string name;
  ColumnType type = ColumnType::Number;
  int64_t missing = 0;
  double min = 0, median = 0, max = 0;               // Number (present values)
  int64_t levels = 0;                                // Category: distinct values
  std::vector<std::pair<std::string, int64_t>> top;  // Category: the most frequent, with counts
};

// Every column's profile; categories list at most `topLevels` levels.
std::vector<ColumnProfile> profileTable(const CsvTable& table, size_t topLevels = 5);

}  // namespace trainscope
