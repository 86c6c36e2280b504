// predictions.h5: what the model predicts on the validation split. The confusion matrix
// of every completed epoch (/confusion [epochs, classes, classes]: rows the true class,
// columns the predicted one; each matrix sums to the validation size), and for the last
// epoch each validation sample's predicted class, its probability, and the sample's
// loss. Rewritten whole,
// atomically, at each epoch's end.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct ValidationPredictions {
  int64_t classes = 0;
  std::vector<std::string> class_names;
  std::vector<std::vector<int64_t>> confusion;  // [epochs][classes * classes], row-major
  std::vector<int64_t> labels;                  // [N] each validation sample's class
  std::vector<int32_t> predicted;               // [N] last epoch; -1 when not seen
  std::vector<float> probability;               // [N] softmax probability of `predicted`
  std::vector<float> loss;                      // [N] last epoch's cross-entropy of each sample's label
  int64_t epochs() const { return static_cast<int64_t>(confusion.size()); }
};

void writePredictionFile(const std::string& path, const ValidationPredictions& p);
// Throws BadInput naming the file and dataset when it cannot be read, its shapes
// disagree, or a class index is out of range.
ValidationPredictions readPredictionFile(const std::string& path);

}  // namespace trainscope
