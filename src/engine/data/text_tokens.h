// A document's tokens, for text datasets: its words as ICU's word break iterator finds
// them (Unicode's word boundaries, UAX #29; Chinese, Japanese and Thai by ICU's
// dictionaries), lower-cased, spaces and punctuation dropped; or its characters (code
// points, spaces dropped). Bytes that are not UTF-8 read as U+FFFD. Plain C++ on ICU,
// no torch.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace trainscope {

enum class Tokenizer { Words, Characters };

// At most `maxTokens` tokens (0: all), the first ones.
std::vector<std::string> tokenize(std::string_view utf8, Tokenizer how, size_t maxTokens = 0);

// "words" | "characters"; throws std::invalid_argument otherwise.
Tokenizer tokenizerNamed(const std::string& name);

}  // namespace trainscope
