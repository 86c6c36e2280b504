// Fashion-MNIST, the built-in dataset: found where Debian's dataset-fashion-mnist
// installs it, read straight from the gzipped IDX files.
#pragma once

#include "engine/data/dataset.h"

#include <optional>
#include <string>

namespace trainscope {

// The folder holding the four IDX files: $TRAINSCOPE_FASHION_MNIST_DIR, then the
// Debian package's /usr/share/datasets/fashion-mnist. Empty when none has them.
std::string findFashionMnistDir();

const std::vector<std::string>& fashionMnistClasses();

class FashionMnist : public Dataset {
 public:
  // split: "train" (60,000) or "test" (10,000). Throws std::runtime_error with the path on failure.
  FashionMnist(const std::string& dir, const std::string& split);
  int64_t size() const override { return count_; }
  int64_t label(int64_t i) const override { return labels_.at(i); }
  cv::Mat load(int64_t i, std::string* error) const override;
  std::string describe(int64_t i) const override;
  const std::vector<std::string>& classes() const override { return fashionMnistClasses(); }
  int channels() const override { return 1; }

 private:
  std::string split_;
  int64_t count_ = 0;
  int rows_ = 0, cols_ = 0;
  std::vector<uint8_t> images_;
  std::vector<uint8_t> labels_;
};

// train = the 60k training images, val = the 10k test images.
DatasetSplits openFashionMnist(const std::string& dir);

}  // namespace trainscope
