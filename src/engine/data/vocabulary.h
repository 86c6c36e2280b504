// The tokens a text model knows, built on the training split only (as torchtext's
// build_vocab_from_iterator): id 0 is <pad> (what a batch is padded with), 1 <unk> (a
// token not in the vocabulary), then the tokens seen at least `min_freq` times, most
// frequent first (ties in text order), at most `max_size` in all. Saved with the run so
// predictions map tokens as training did. Plain C++, no torch.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace trainscope {

struct Vocabulary {
  static constexpr int32_t kPad = 0, kUnk = 1;
  std::vector<std::string> tokens;  // by id; tokens[0] "<pad>", tokens[1] "<unk>"
  std::unordered_map<std::string, int32_t> ids;

  int64_t size() const { return static_cast<int64_t>(tokens.size()); }
  int32_t id(const std::string& token) const;  // kUnk when unknown
  std::vector<int32_t> encode(const std::vector<std::string>& doc) const;

  nlohmann::json toJson() const;                        // {"tokens": [...]}
  static Vocabulary fromJson(const nlohmann::json& j);  // throws std::runtime_error
};

// A token of the training split with how often it appears there.
struct TokenCount {
  std::string_view token;
  int64_t count = 0;
};

// The vocabulary of tokens listed in order of first appearance with their counts.
// `maxSize` counts <pad> and <unk> (0: no limit); `minFreq` at least 1.
Vocabulary vocabularyFromCounts(const std::vector<TokenCount>& seen, int64_t maxSize, int64_t minFreq);

// The same, counted from tokenised documents.
Vocabulary buildVocabulary(const std::vector<std::vector<std::string>>& docs, int64_t maxSize, int64_t minFreq);

// The share of the tokens of `docs` the vocabulary knows (1 when there are none): what a
// vocabulary size or min_freq leaves to <unk>.
double vocabularyCoverage(const Vocabulary& v, const std::vector<std::vector<std::string>>& docs);

}  // namespace trainscope
