#include "cli/table_check.h"

#include "engine/data/dataset_source.h"
#include "engine/data/table_dataset.h"
#include "engine/data/table_profile.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <stdexcept>

namespace trainscope::cli {

namespace {

std::string percent(int64_t part, int64_t whole) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f%%", whole > 0 ? 100.0 * static_cast<double>(part) / whole : 0.0);
  return buffer;
}

nlohmann::ordered_json columnJson(const ColumnProfile& p) {
  nlohmann::ordered_json j{{"name", p.name}, {"type", columnTypeName(p.type)}, {"missing", p.missing}};
  if (p.type == ColumnType::Number) j["min"] = p.min, j["median"] = p.median, j["max"] = p.max;
  if (p.type == ColumnType::Category) {
    j["levels"] = p.levels;
    for (const auto& [level, n] : p.top) j["top"].push_back({{"level", level}, {"count", n}});
  }
  return j;
}

void printColumn(const ColumnProfile& p, int64_t rows) {
  std::printf("  %-20s %-10s missing %6s", p.name.c_str(), columnTypeName(p.type), percent(p.missing, rows).c_str());
  if (p.type == ColumnType::Number) std::printf("  min %g, median %g, max %g", p.min, p.median, p.max);
  if (p.type == ColumnType::Category) {
    std::printf("  %lld levels:", static_cast<long long>(p.levels));
    for (const auto& [level, n] : p.top) std::printf(" %s (%lld)", level.c_str(), static_cast<long long>(n));
  }
  std::printf("\n");
}

}  // namespace

int checkTable(ExperimentConfig c, bool json) {
  c.dataset.train_subset = c.dataset.val_subset = 0;  // the whole table
  const DatasetSplits splits = openDataset(c);
  const auto* train = dynamic_cast<const TableDataset*>(splits.train.get());
  if (!train) throw std::logic_error("a csv dataset opened as something else");
  const CsvTable& table = train->table();
  const TableEncoding& e = train->encoding();
  const std::vector<ColumnProfile> columns = profileTable(table);
  if (json) {
    nlohmann::ordered_json out{{"dataset", splits.description}, {"rows", table.rows}, {"train", splits.train->size()},
                               {"val", splits.val->size()},     {"task", e.task},     {"target", e.target}};
    for (const auto& p : columns) out["columns"].push_back(columnJson(p));
    out["table"] = e.toJson();
    for (const auto& s : splits.skipped) out["skipped"].push_back({{"path", s.path}, {"reason", s.reason}});
    std::printf("%s\n", out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    return 0;
  }
  std::printf("%s: %lld rows, %lld training and %lld validation\n", splits.description.c_str(),
              static_cast<long long>(table.rows), static_cast<long long>(splits.train->size()),
              static_cast<long long>(splits.val->size()));
  std::printf("columns (separator '%s'):\n", table.delimiter == '\t' ? "tab" : std::string(1, table.delimiter).c_str());
  for (const auto& p : columns) printColumn(p, table.rows);
  if (e.task == "classification") {
    std::printf("target %s: classification, %zu classes\n", e.target.c_str(), e.classes.size());
  } else {
    std::printf("target %s: regression, training mean %g, standard deviation %g\n", e.target.c_str(), e.target_mean,
                e.target_std);
  }
  for (const auto& l : e.left_out) std::printf("left out: %s, %s\n", l.column.c_str(), l.reason.c_str());
  for (const auto& s : splits.skipped) std::printf("skipped: %s: %s\n", s.path.c_str(), s.reason.c_str());
  return 0;
}

}  // namespace trainscope::cli
