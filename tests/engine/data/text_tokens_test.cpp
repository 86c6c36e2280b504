// Text's first steps: ICU's word breaks (English, Chinese by its dictionary), characters,
// bad bytes, a cap on tokens; a vocabulary built from training documents.
#include "engine/data/text_tokens.h"
#include "engine/data/vocabulary.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

using Tokens = std::vector<std::string>;

TEST(Tokenize, WordsAreLowerCasedWithoutSpacesOrPunctuation) {
  EXPECT_EQ(tokenize("The cat's 3 toys, \"new\"!  Fine.", Tokenizer::Words),
            (Tokens{"the", "cat's", "3", "toys", "new", "fine"}));
  EXPECT_EQ(tokenize("Ünïcode ÉTÉ", Tokenizer::Words), (Tokens{"ünïcode", "été"}));
}

TEST(Tokenize, ChineseIsSegmentedIntoWordsByTheDictionary) {
  const Tokens words = tokenize("我爱北京天安门。", Tokenizer::Words);
  EXPECT_EQ(words, (Tokens{"我", "爱", "北京", "天安门"}));
  EXPECT_EQ(tokenize("我爱北京", Tokenizer::Characters), (Tokens{"我", "爱", "北", "京"}));
}

TEST(Tokenize, CharactersDropSpacesAndKeepPunctuation) {
  EXPECT_EQ(tokenize("Hi, b", Tokenizer::Characters), (Tokens{"h", "i", ",", "b"}));
}

TEST(Tokenize, BadBytesAndEmptyDocumentsNeverFail) {
  EXPECT_TRUE(tokenize("", Tokenizer::Words).empty());
  EXPECT_TRUE(tokenize(" \n\t ", Tokenizer::Words).empty());
  const Tokens bad = tokenize(std::string("ok \xff\xfe then"), Tokenizer::Words);
  ASSERT_GE(bad.size(), 2u);
  EXPECT_EQ(bad.front(), "ok");
  EXPECT_EQ(bad.back(), "then");
  EXPECT_EQ(tokenize(std::string("a\0b", 3), Tokenizer::Characters).size(), 3u);
}

TEST(Tokenize, MaxTokensKeepsTheFirst) {
  EXPECT_EQ(tokenize("one two three four", Tokenizer::Words, 2), (Tokens{"one", "two"}));
  EXPECT_EQ(tokenizerNamed("characters"), Tokenizer::Characters);
  EXPECT_THROW(tokenizerNamed("bytes"), std::invalid_argument);
}

TEST(Vocabulary, MostFrequentFirstWithPadAndUnk) {
  const std::vector<Tokens> docs{{"b", "a", "b", "c"}, {"a", "b", "d"}, {"c", "a"}};
  const Vocabulary v = buildVocabulary(docs, 0, 1);
  EXPECT_EQ(v.tokens, (Tokens{"<pad>", "<unk>", "b", "a", "c", "d"})) << "b and a tie at 3: b came first";
  EXPECT_EQ(v.id("a"), 3);
  EXPECT_EQ(v.id("zebra"), Vocabulary::kUnk);
  EXPECT_EQ(v.encode({"d", "x"}), (std::vector<int32_t>{5, 1}));
  const Vocabulary small = buildVocabulary(docs, 4, 1);
  EXPECT_EQ(small.tokens, (Tokens{"<pad>", "<unk>", "b", "a"}));
  const Vocabulary frequent = buildVocabulary(docs, 0, 2);
  EXPECT_EQ(frequent.tokens, (Tokens{"<pad>", "<unk>", "b", "a", "c"})) << "d is seen once";
  EXPECT_DOUBLE_EQ(vocabularyCoverage(frequent, docs), 8.0 / 9.0);
  EXPECT_EQ(Vocabulary::fromJson(v.toJson()).tokens, v.tokens);
  EXPECT_THROW(Vocabulary::fromJson({{"tokens", {"a"}}}), std::runtime_error);
  EXPECT_THROW(Vocabulary::fromJson({{"tokens", {"<pad>", "<unk>", "a", "a"}}}), std::runtime_error);
}

}  // namespace
}  // namespace trainscope
