#include "engine/data/text_tokens.h"

#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utext.h>

#include <memory>
#include <stdexcept>

namespace trainscope {

namespace {

// One iterator per thread: creating one loads ICU's rules and dictionaries (~1 ms).
icu::BreakIterator& wordIterator() {
  thread_local std::unique_ptr<icu::BreakIterator> it = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> made(icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
    if (U_FAILURE(status) || !made) throw std::runtime_error(std::string("ICU word break: ") + u_errorName(status));
    return made;
  }();
  return *it;
}

std::string lowered(const icu::UnicodeString& text) {
  icu::UnicodeString lower(text);
  lower.toLower(icu::Locale::getRoot());
  std::string out;
  lower.toUTF8String(out);
  return out;
}

std::vector<std::string> words(const icu::UnicodeString& text, size_t maxTokens) {
  std::vector<std::string> out;
  icu::BreakIterator& it = wordIterator();
  it.setText(text);
  for (int32_t start = it.first(), end = it.next(); end != icu::BreakIterator::DONE; start = end, end = it.next()) {
    // UBRK_WORD_NONE: spaces and punctuation; numbers, letters, kana and ideographs count.
    if (it.getRuleStatus() < UBRK_WORD_NONE_LIMIT) continue;
    out.push_back(lowered(icu::UnicodeString(text, start, end - start)));
    if (maxTokens > 0 && out.size() >= maxTokens) break;
  }
  return out;
}

std::vector<std::string> characters(const icu::UnicodeString& text, size_t maxTokens) {
  std::vector<std::string> out;
  for (int32_t i = 0; i < text.length(); i = text.moveIndex32(i, 1)) {
    const UChar32 c = text.char32At(i);
    if (u_isUWhiteSpace(c)) continue;
    out.push_back(lowered(icu::UnicodeString(c)));
    if (maxTokens > 0 && out.size() >= maxTokens) break;
  }
  return out;
}

}  // namespace

std::vector<std::string> tokenize(std::string_view utf8, Tokenizer how, size_t maxTokens) {
  // fromUTF8 replaces each ill-formed sequence with U+FFFD.
  const icu::UnicodeString text =
      icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())));
  return how == Tokenizer::Words ? words(text, maxTokens) : characters(text, maxTokens);
}

Tokenizer tokenizerNamed(const std::string& name) {
  if (name == "words") return Tokenizer::Words;
  if (name == "characters") return Tokenizer::Characters;
  throw std::invalid_argument("a tokenizer is \"words\" or \"characters\", got \"" + name + "\"");
}

}  // namespace trainscope
