// A CSV table as a map-style Dataset: each sample is one row's features, encoded with
// the training split's statistics (table_encoding.h), and its target. A sample loads
// as a 1 x F CV_32F row that the DataLoader batches as [N, F] with no transforms.
#pragma once

#include "engine/config/config.h"
#include "engine/data/csv_table.h"
#include "engine/data/dataset.h"
#include "engine/data/table_encoding.h"

#include <memory>

namespace trainscope {

class TableDataset : public Dataset {
 public:
  // `rows`: the table's rows this split holds (those with a usable target).
  TableDataset(std::shared_ptr<const CsvTable> table, std::shared_ptr<const TableEncoding> encoding,
               std::vector<int64_t> rows);
  int64_t size() const override { return static_cast<int64_t>(rows_.size()); }
  int64_t label(int64_t i) const override;
  double value(int64_t i) const override;
  cv::Mat load(int64_t i, std::string* error) const override;
  std::string describe(int64_t i) const override;  // "data.csv:17", the row's line
  const std::vector<std::string>& classes() const override { return encoding_->classes; }
  int channels() const override { return 1; }
  int64_t featureCount() const override { return encoding_->featureCount(); }
  bool regression() const override { return encoding_->task == "regression"; }

  const CsvTable& table() const { return *table_; }
  const TableEncoding& encoding() const { return *encoding_; }
  int64_t row(int64_t i) const { return rows_.at(static_cast<size_t>(i)); }

 private:
  std::shared_ptr<const CsvTable> table_;
  std::shared_ptr<const TableEncoding> encoding_;
  TableEncoder encoder_;
  std::vector<int64_t> rows_;
};

// The dataset.kind "csv" splits: dataset.val_path, or a seeded dataset.val_fraction of the
// rows (per class, for classification). Rows whose target is missing (or, in validation,
// a class training never saw) are skipped and reported. Throws CsvError.
DatasetSplits openCsvDataset(const DatasetConfig& config, uint64_t seed);

}  // namespace trainscope
