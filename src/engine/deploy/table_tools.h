// The engine's face for a table's trained model: a prediction for one row typed in (the
// app's "try it") and for every row of a CSV file (trainscope-cli predict). The rows
// are encoded with the encoding fitted on the run's training split (run.json's "table"),
// so a file's columns may come in any order. Plain C++ (no torch, no Qt); errors come
// back as values with a reason.
#pragma once

#include "engine/data/table_encoding.h"
#include "engine/deploy/class_probability.h"

#include <cstdint>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace trainscope {

struct TablePrediction {
  bool ok = false;
  std::string error;
  std::string predicted;                  // the class, or the value as text
  double value = 0;                       // a regression's prediction, in the target's units
  std::vector<ClassProbability> classes;  // a classification's classes, most probable first
};

struct TablePredictionFile {
  bool ok = false;
  std::string error;
  bool bad_input = false;  // the file or the run could not be used (exit code 2)
  int64_t rows = 0;
};

class TablePredictor {
 public:
  // Loads the run's model (checkpoint as ExportRequest); error() says why when it cannot.
  explicit TablePredictor(const std::string& runDir, const std::string& checkpoint = "", int threads = 0);
  ~TablePredictor();
  bool ok() const;
  const std::string& error() const;
  bool badInput() const;
  const TableEncoding& encoding() const;  // when ok()

  // One row as column name -> text, as a CSV cell spells it; a column not given, or
  // empty, is missing (the training median, or the unseen level).
  TablePrediction predict(const std::map<std::string, std::string>& row) const;
  // Every row of `csv`, written as CSV to `out` (atomically) or, when `out` is empty,
  // to `console`: the row's line, its identifier columns, its target when the file has
  // it, the prediction and (classification) each class's probability.
  TablePredictionFile predictFile(const std::string& csv, const std::string& out, std::ostream& console) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace trainscope
