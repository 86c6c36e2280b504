// TableEncoder and the encoding's JSON (table_encoding.h).
#include "engine/data/csv_scan.h"
#include "engine/data/table_encoding.h"

#include <cmath>
#include <unordered_map>

namespace trainscope {

namespace {

// For a Category column: each of its codes as an index into `levels`, -1 when absent.
std::vector<int32_t> remapLevels(const TableColumn& c, const std::vector<std::string>& levels) {
  std::unordered_map<std::string, int32_t> index;
  for (size_t k = 0; k < levels.size(); ++k) index.emplace(levels[k], static_cast<int32_t>(k));
  std::vector<int32_t> out;
  for (const auto& level : c.levels) {
    const auto it = index.find(level);
    out.push_back(it == index.end() ? -1 : it->second);
  }
  return out;
}

// The index of a cell's value in `levels` (-1: missing or not among them).
int32_t levelAt(const TableColumn& c, const std::vector<int32_t>& remap, const std::vector<std::string>& levels,
                int64_t row) {
  if (c.isMissing(row)) return -1;
  if (c.type == ColumnType::Category) return remap[static_cast<size_t>(c.codes[static_cast<size_t>(row)])];
  const std::string text = c.display(row);
  for (size_t k = 0; k < levels.size(); ++k)
    if (levels[k] == text) return static_cast<int32_t>(k);
  return -1;
}

int columnOrThrow(const CsvTable& table, const std::string& name) {
  const int i = table.find(name);
  if (i < 0) throw CsvError(table.path, 1, name, "there is no such column, but the model was trained with it");
  return i;
}

}  // namespace

TableEncoder::TableEncoder(const TableEncoding& encoding, const CsvTable& table) : encoding_(encoding), table_(table) {
  for (const auto& n : encoding.numbers) numberColumns_.push_back(columnOrThrow(table, n.name));
  for (const auto& cat : encoding.categories) {
    const int i = columnOrThrow(table, cat.name);
    categoryColumns_.push_back(i);
    codeOfLevel_.push_back(remapLevels(table.columns[static_cast<size_t>(i)], cat.levels));
  }
  targetColumn_ = table.find(encoding.target);
  if (targetColumn_ >= 0 && encoding.task == "classification")
    classOfLevel_ = remapLevels(table.columns[static_cast<size_t>(targetColumn_)], encoding.classes);
}

void TableEncoder::encode(int64_t row, float* out) const {
  const auto& numbers = encoding_.numbers;
  float* flag = out + numbers.size();
  for (size_t k = 0; k < numbers.size(); ++k) {
    double x = table_.columns[static_cast<size_t>(numberColumns_[k])].number(row);
    const bool missing = std::isnan(x);
    if (missing) x = numbers[k].median;
    out[k] = static_cast<float>((x - numbers[k].mean) / numbers[k].std);
    if (numbers[k].missing_flag) *flag++ = missing ? 1.0f : 0.0f;
  }
  for (size_t k = 0; k < categoryColumns_.size(); ++k) {
    const auto& c = table_.columns[static_cast<size_t>(categoryColumns_[k])];
    *flag++ = static_cast<float>(levelAt(c, codeOfLevel_[k], encoding_.categories[k].levels, row) + 1);
  }
}

double TableEncoder::target(int64_t row) const {
  if (targetColumn_ < 0) return std::nan("");
  const auto& c = table_.columns[static_cast<size_t>(targetColumn_)];
  if (encoding_.task == "classification") return levelAt(c, classOfLevel_, encoding_.classes, row);
  return (c.number(row) - encoding_.target_mean) / encoding_.target_std;
}

nlohmann::json TableEncoding::toJson() const {
  nlohmann::json j{{"target", target},
                   {"task", task},
                   {"classes", classes},
                   {"target_mean", target_mean},
                   {"target_std", target_std},
                   {"numbers", nlohmann::json::array()},
                   {"categories", nlohmann::json::array()},
                   {"left_out", nlohmann::json::array()}};
  for (const auto& n : numbers)
    j["numbers"].push_back(
        {{"name", n.name}, {"median", n.median}, {"mean", n.mean}, {"std", n.std}, {"missing_flag", n.missing_flag}});
  for (const auto& c : categories) j["categories"].push_back({{"name", c.name}, {"levels", c.levels}});
  for (const auto& l : left_out) j["left_out"].push_back({{"column", l.column}, {"reason", l.reason}});
  return j;
}

TableEncoding TableEncoding::fromJson(const nlohmann::json& j) {
  try {
    TableEncoding e;
    e.target = j.at("target").get<std::string>();
    e.task = j.at("task").get<std::string>();
    e.classes = j.at("classes").get<std::vector<std::string>>();
    e.target_mean = j.at("target_mean").get<double>();
    e.target_std = j.at("target_std").get<double>();
    for (const auto& n : j.at("numbers"))
      e.numbers.push_back({n.at("name").get<std::string>(), n.at("median").get<double>(), n.at("mean").get<double>(),
                           n.at("std").get<double>(), n.at("missing_flag").get<bool>()});
    for (const auto& c : j.at("categories"))
      e.categories.push_back({c.at("name").get<std::string>(), c.at("levels").get<std::vector<std::string>>()});
    for (const auto& l : j.value("left_out", nlohmann::json::array()))
      e.left_out.push_back({l.at("column").get<std::string>(), l.at("reason").get<std::string>()});
    if (e.task != "classification" && e.task != "regression") throw std::runtime_error("task " + e.task);
    if (!(e.target_std > 0)) throw std::runtime_error("target_std must be > 0");
    for (const auto& n : e.numbers)
      if (!(n.std > 0)) throw std::runtime_error("std of " + n.name + " must be > 0");
    return e;
  } catch (const nlohmann::json::exception& x) {
    throw std::runtime_error(std::string("a damaged table encoding: ") + x.what());
  }
}

}  // namespace trainscope
