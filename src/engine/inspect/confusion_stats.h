// What a confusion matrix says, for the app's Mistakes page and its CSV export: each
// class's precision, recall and F1, the most confused pairs, and an order of the classes
// that puts those pairs side by side. Plain C++; rows are the true class.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct ClassScore {
  int64_t support = 0;                       // validation samples of the class (its row)
  int64_t predicted = 0;                     // samples predicted as the class (its column)
  double precision = 0, recall = 0, f1 = 0;  // 0 where undefined (nothing predicted, no support)
};

struct ConfusedPair {
  int64_t truth = 0, predicted = 0;
  int64_t count = 0;
};

// `confusion`: [classes * classes], row-major.
std::vector<ClassScore> classScores(const std::vector<int64_t>& confusion, int64_t classes);
// The off-diagonal cells with any samples, most first (ties: by true, then predicted class).
std::vector<ConfusedPair> confusedPairs(const std::vector<int64_t>& confusion, int64_t classes);
// The classes ordered so that the most confused pairs sit next to each other: greedily
// by pair count (both ways together), each pair's classes joined at the ends of chains.
std::vector<int64_t> confusionOrder(const std::vector<int64_t>& confusion, int64_t classes);
// The matrix as CSV (a header of predicted classes, one row per true class) followed by
// each class's support, precision, recall and F1; names quoted as CSV needs.
std::string confusionCsv(const std::vector<int64_t>& confusion, const std::vector<std::string>& names);

}  // namespace trainscope
