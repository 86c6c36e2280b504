#include "engine/data/text_encoding.h"

#include <stdexcept>

namespace trainscope {

std::vector<std::string> TextEncoding::tokens(std::string_view utf8) const {
  return tokenize(utf8, tokenizerNamed(tokenizer), static_cast<size_t>(std::max<int64_t>(0, max_tokens)));
}

std::vector<int32_t> TextEncoding::encode(std::string_view utf8) const { return vocabulary.encode(tokens(utf8)); }

nlohmann::json TextEncoding::toJson() const {
  return {{"tokenizer", tokenizer},
          {"max_tokens", max_tokens},
          {"coverage", coverage},
          {"vocabulary", vocabulary.toJson()}};
}

TextEncoding TextEncoding::fromJson(const nlohmann::json& j) {
  try {
    TextEncoding e;
    e.tokenizer = j.at("tokenizer").get<std::string>();
    tokenizerNamed(e.tokenizer);  // refuses an unknown one now, not at the first prediction
    e.max_tokens = j.at("max_tokens").get<int64_t>();
    e.coverage = j.value("coverage", 1.0);
    e.vocabulary = Vocabulary::fromJson(j.at("vocabulary"));
    return e;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("the run's text encoding is damaged: ") + e.what());
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(std::string("the run's text encoding is damaged: ") + e.what());
  }
}

}  // namespace trainscope
