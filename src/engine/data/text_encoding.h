// How a text dataset's documents become token ids, fitted on the training split and
// kept with the run (run.json "text") so a prediction reads a document as training did:
// the tokenizer, the cap on tokens per document and the vocabulary. Plain C++, no torch.
#pragma once

#include "engine/data/text_tokens.h"
#include "engine/data/vocabulary.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace trainscope {

struct TextEncoding {
  std::string tokenizer = "words";  // text_tokens.h: "words" | "characters"
  int64_t max_tokens = 0;           // per document; 0 = all
  Vocabulary vocabulary;
  double coverage = 1;  // the share of the training tokens the vocabulary knows

  std::vector<std::string> tokens(std::string_view utf8) const;
  std::vector<int32_t> encode(std::string_view utf8) const;

  nlohmann::json toJson() const;
  static TextEncoding fromJson(const nlohmann::json& j);  // throws std::runtime_error
};

}  // namespace trainscope
