// How a table's columns become a model's input, fitted on the training split only (as
// scikit-learn's fit/transform): numbers standardised with the training mean and
// standard deviation, a missing number replaced by the training median plus a
// was-missing flag, a category as its level's code (0: missing or not seen in
// training; the model embeds or one-hot encodes it). Saved with the run (table.json)
// so predictions and exports preprocess exactly as training did. Plain C++, no torch.
#pragma once

#include "engine/data/csv_table.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace trainscope {

struct TableEncoding {
  struct Number {
    std::string name;
    double median = 0, mean = 0, std = 1;
    bool missing_flag = false;  // the training split had missing values here
  };
  struct Category {
    std::string name;
    std::vector<std::string> levels;  // code k + 1 is levels[k]
  };
  std::string target;
  std::string task;                        // "classification" | "regression"
  std::vector<std::string> classes;        // classification: the target's levels
  double target_mean = 0, target_std = 1;  // regression: the model learns the standardised target
  std::vector<Number> numbers;
  std::vector<Category> categories;
  struct LeftOut {
    std::string column, reason;  // English, as the run's log says it
  };
  std::vector<LeftOut> left_out;

  // Features per row: [numbers | was-missing flags | category codes].
  int64_t flagCount() const;
  int64_t featureCount() const;
  // Each category's code count (levels + 1), in feature order: what embeddings need.
  std::vector<int64_t> categorySizes() const;

  nlohmann::json toJson() const;
  static TableEncoding fromJson(const nlohmann::json& j);  // throws std::runtime_error
};

// Which columns of a table feed the model and how the target is read.
struct TableSelection {
  std::string target;
  std::string task = "auto";         // auto | classification | regression
  std::vector<std::string> columns;  // only these (empty: all but the target)
  std::vector<std::string> exclude;  // and never these
};

// Fits on `rows` of `table`. Throws CsvError naming the file and column: no such target
// or column, a target all missing or with one class, a regression target that is not a
// number.
TableEncoding fitTableEncoding(const CsvTable& table, const std::vector<int64_t>& rows, const TableSelection& select);

// The selection's task, `auto` resolved by inferTask. Throws CsvError when the target
// column does not exist.
std::string resolveTask(const CsvTable& table, const TableSelection& select);

// The task `auto` chooses for a target column: classification for a category, or for
// whole numbers with at most 20 distinct values; otherwise regression.
std::string inferTask(const TableColumn& target);

// Reads one table's rows into features with a fitted encoding: columns matched by name,
// category levels by their text, so a validation or prediction file read on its own
// encodes as the training file did. Throws CsvError when a needed column is absent.
class TableEncoder {
 public:
  TableEncoder(const TableEncoding& encoding, const CsvTable& table);
  // featureCount() floats for `row`.
  void encode(int64_t row, float* out) const;
  // The class index (classification), or -1 when the target is missing or an unknown
  // class; regression: the standardised value, NaN when missing.
  double target(int64_t row) const;
  bool hasTarget() const { return targetColumn_ >= 0; }

 private:
  const TableEncoding& encoding_;
  const CsvTable& table_;
  std::vector<int> numberColumns_, categoryColumns_;
  std::vector<std::vector<int32_t>> codeOfLevel_;  // per category: the table's code -> the encoding's
  int targetColumn_ = -1;
  std::vector<int32_t> classOfLevel_;  // classification target: the table's code -> class
};

}  // namespace trainscope
