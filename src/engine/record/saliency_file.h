// saliency.h5: why a text model got its validation mistakes wrong, at the last epoch
// completed. For each misclassified document: its validation index (/samples, int64
// [M]), true and predicted class (/label, /predicted, int32 [M]), where it is from
// (/sources, the "a/b.txt" or "data.csv:17" of each, newline-separated UTF-8 bytes),
// and its token ids (/tokens, int32) with each token's saliency (/saliency, float):
// gradient x embedding, summed over the embedding, of the predicted class's logit;
// document m's tokens are [offsets[m], offsets[m + 1]) (/offsets, int64 [M + 1]).
// The run's vocabulary (run.json "text") names the ids. Rewritten whole, atomically.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct TokenSaliencies {
  std::vector<int64_t> samples, offsets{0};
  std::vector<int32_t> label, predicted, tokens;
  std::vector<float> saliency;
  std::vector<std::string> sources;
  int64_t documents() const { return static_cast<int64_t>(samples.size()); }
};

void writeSaliencyFile(const std::string& path, const TokenSaliencies& s);
// Throws BadInput naming the file and dataset when it cannot be read or its shapes disagree.
TokenSaliencies readSaliencyFile(const std::string& path);

}  // namespace trainscope
