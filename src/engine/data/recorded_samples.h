// The samples of a run whose data Trainscope never opened (a Python script's): their
// labels and class names as the run recorded them (samples.h5, predictions.h5), and no
// pixels. The Mistakes page and `suspects` show such a run through this dataset: each
// sample named by its split and index ("train[123]"), drawn as a blank tile.
#pragma once

#include "engine/data/dataset.h"

namespace trainscope {

class RecordedSamples : public Dataset {
 public:
  RecordedSamples(std::string split, std::vector<int64_t> labels, std::vector<std::string> classes)
      : split_(std::move(split)), labels_(std::move(labels)), classes_(std::move(classes)) {}
  int64_t size() const override { return static_cast<int64_t>(labels_.size()); }
  int64_t label(int64_t index) const override { return labels_.at(static_cast<size_t>(index)); }
  cv::Mat load(int64_t index, std::string* error) const override;
  std::string describe(int64_t index) const override { return split_ + "[" + std::to_string(index) + "]"; }
  const std::vector<std::string>& classes() const override { return classes_; }
  int channels() const override { return 1; }

 private:
  std::string split_;
  std::vector<int64_t> labels_;
  std::vector<std::string> classes_;
};

// Class names for `count` classes: `names` when it has that many, else "0", "1", ...
std::vector<std::string> recordedClassNames(const std::vector<std::string>& names, int64_t count);

}  // namespace trainscope
