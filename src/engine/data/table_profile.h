// What each column of a table holds, for a person deciding what to train on: its type,
// its missing share, and its range (numbers) or most frequent levels (categories).
// `trainscope-cli check` prints it; the app's Data page shows it beside the table.
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
  std::vector<double> edges, counts;                 // Number: a histogram of the present values
  int64_t levels = 0;                                // Category: distinct values
  std::vector<std::pair<std::string, int64_t>> top;  // Category: the most frequent, with counts
};

// Every column's profile; categories list at most `topLevels` levels, numbers get a
// histogram of at most `bins` equal bins over their range.
std::vector<ColumnProfile> profileTable(const CsvTable& table, size_t topLevels = 5, int bins = 30);

// The column a table most likely predicts, when nobody said: one named target, label,
// class or y (any case), else the last column.
std::string guessTarget(const std::vector<std::string>& columns);

}  // namespace trainscope
