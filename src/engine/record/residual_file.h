// residuals.h5: what a regression predicts on the validation split at the last epoch
// completed: each validation row's true value and prediction, in the target's units
// (/truth, /predicted, float [N]; NaN where a row was not seen), and the target's name
// (attribute "target"). The Mistakes page plots one against the other and lists the
// largest residuals. Rewritten whole, atomically, at each epoch's end.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct ValidationResiduals {
  std::string target;
  std::vector<float> truth, predicted;  // [N] by validation sample index
  int64_t samples() const { return static_cast<int64_t>(truth.size()); }
};

void writeResidualFile(const std::string& path, const ValidationResiduals& r);
// Throws BadInput naming the file and dataset when it cannot be read or its shapes disagree.
ValidationResiduals readResidualFile(const std::string& path);

// The validation indices by largest absolute residual first (rows never predicted left out).
std::vector<int64_t> largestResiduals(const ValidationResiduals& r, size_t top);

}  // namespace trainscope
