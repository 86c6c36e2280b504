#include "engine/data/table_dataset.h"

#include "engine/config/translatable.h"

#include "engine/data/image_folder.h"
#include "engine/data/rng.h"
#include "engine/data/text_encoding.h"

#include <cmath>
#include <filesystem>

namespace trainscope {

TableDataset::TableDataset(std::shared_ptr<const CsvTable> table, std::shared_ptr<const TableEncoding> encoding,
                           std::vector<int64_t> rows)
    : table_(std::move(table)), encoding_(std::move(encoding)), encoder_(*encoding_, *table_), rows_(std::move(rows)) {}

int64_t TableDataset::label(int64_t i) const {
  return regression() ? 0 : static_cast<int64_t>(encoder_.target(row(i)));
}

double TableDataset::value(int64_t i) const { return encoder_.target(row(i)); }

cv::Mat TableDataset::load(int64_t i, std::string*) const {
  cv::Mat features(1, static_cast<int>(featureCount()), CV_32F);
  encoder_.encode(row(i), features.ptr<float>());
  return features;
}

std::string TableDataset::describe(int64_t i) const {
  return table_->path + ":" + std::to_string(table_->lines.at(static_cast<size_t>(row(i))));
}

namespace {

// Each row's class for a stratified split (the target's raw code or value; 0 for regression).
std::vector<int64_t> splitKeys(const CsvTable& table, const std::string& target, bool classification) {
  const TableColumn& c = table.columns[static_cast<size_t>(table.find(target))];
  std::vector<int64_t> keys(static_cast<size_t>(table.rows), 0);
  if (!classification) return keys;
  for (int64_t r = 0; r < table.rows; ++r) {
    if (c.type == ColumnType::Category)
      keys[static_cast<size_t>(r)] = c.codes[static_cast<size_t>(r)];
    else if (c.type == ColumnType::Number && !c.isMissing(r))
      keys[static_cast<size_t>(r)] = std::llround(c.numbers[static_cast<size_t>(r)]);
  }
  return keys;
}

// The rows whose target the encoding can use; the others reported, each by its line.
std::vector<int64_t> rowsWithTarget(const CsvTable& table, const TableEncoding& encoding,
                                    const std::vector<int64_t>& rows, std::vector<SkippedItem>& skipped) {
  const TableEncoder encoder(encoding, table);
  const bool regression = encoding.task == "regression";
  const TableColumn& target = table.columns[static_cast<size_t>(table.find(encoding.target))];
  std::vector<int64_t> kept;
  kept.reserve(rows.size());
  for (int64_t r : rows) {
    const double t = encoder.target(r);
    if (!std::isnan(t) && (regression || t >= 0)) {  // any number, or a class index
      kept.push_back(r);
      continue;
    }
    const std::string why = target.isMissing(r) ? "the target is missing"
                            : regression
                                ? "the target \"" + target.display(r) + "\" is not a number"
                                : "the target \"" + target.display(r) + "\" is not a class of the training rows";
    skipped.push_back({table.path + ":" + std::to_string(table.lines[static_cast<size_t>(r)]), why});
  }
  return kept;
}

std::vector<int64_t> allRows(const CsvTable& t) {
  std::vector<int64_t> rows(static_cast<size_t>(t.rows));
  for (size_t r = 0; r < rows.size(); ++r) rows[r] = static_cast<int64_t>(r);
  return rows;
}

}  // namespace

ModelOutputs modelOutputsFor(const DatasetSplits& splits) {
  ModelOutputs m;
  m.outputs = splits.train->regression() ? 1 : static_cast<int64_t>(splits.train->classes().size());
  if (splits.table) m.category_sizes = splits.table->categorySizes();
  if (splits.text) m.category_sizes = {splits.text->vocabulary.size()};  // one column of token codes
  return m;
}

DatasetSplits openCsvDataset(const DatasetConfig& config, uint64_t seed) {
  const TableSelection select{config.target, config.task, config.columns, config.exclude_columns};
  auto table = std::make_shared<const CsvTable>(readCsvTable(config.path));
  const std::string task = resolveTask(*table, select);
  std::vector<int64_t> trainRows, valRows;
  std::shared_ptr<const CsvTable> valTable = table;
  if (!config.val_path.empty()) {
    CsvReadOptions asTraining;  // typed as the training file: a zip code "02134" stays a level there too
    for (const auto& c : table->columns)
      if (c.type == ColumnType::Category) asTraining.categorical.push_back(c.name);
    valTable = std::make_shared<const CsvTable>(readCsvTable(config.val_path, asTraining));
    trainRows = allRows(*table), valRows = allRows(*valTable);
  } else {
    stratifiedSplit(splitKeys(*table, config.target, task == "classification"), config.val_fraction, seed, trainRows,
                    valRows);
  }
  DatasetSplits s;
  // Fitted on the training rows only (rows without a target are then left out).
  auto encoding = std::make_shared<TableEncoding>(
      fitTableEncoding(*table, trainRows, {select.target, task, select.columns, select.exclude}));
  s.train = std::make_shared<TableDataset>(table, encoding, rowsWithTarget(*table, *encoding, trainRows, s.skipped));
  s.val = std::make_shared<TableDataset>(valTable, encoding, rowsWithTarget(*valTable, *encoding, valRows, s.skipped));
  s.table = encoding;
  const std::string name = std::filesystem::path(config.path).filename().string();
  s.label = task == "regression"
                ? Message{"trainscope::Data",
                          QT_TRANSLATE_NOOP("trainscope::Data", "table %1, predicting %2 (regression)"),
                          {name, config.target}}
                : Message{"trainscope::Data",
                          QT_TRANSLATE_NOOP("trainscope::Data", "table %1, predicting %2 (classification)"),
                          {name, config.target}};
  s.description = s.label.english() + " (" + config.path + ")";
  return s;
}

}  // namespace trainscope
