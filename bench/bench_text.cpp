// Tokenising a corpus as a text dataset will (data/text_tokens.h, then
// data/vocabulary.h): DOCS generated documents of about 200 words (a Zipf draw from
// 30,000 made-up words, with punctuation; every fifth one Chinese, 300 characters of
// common hanzi), split over THREADS threads; prints the seconds for the words, for the
// characters, and for the vocabulary. Usage: bench_text [DOCS] [THREADS]
#include "engine/data/text_tokens.h"
#include "engine/data/vocabulary.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {
using trainscope::Tokenizer;

std::vector<std::string> corpus(int docs) {
  std::mt19937 rng(31);
  std::vector<std::string> lexicon;
  std::uniform_int_distribution<int> letter('a', 'z'), length(2, 9);
  for (int i = 0; i < 30000; ++i) {
    std::string w;
    for (int k = length(rng); k > 0; --k) w += static_cast<char>(letter(rng));
    lexicon.push_back(w);
  }
  std::vector<double> weights;
  for (size_t i = 0; i < lexicon.size(); ++i) weights.push_back(1.0 / static_cast<double>(i + 1));
  std::discrete_distribution<size_t> zipf(weights.begin(), weights.end());
  std::uniform_int_distribution<int> hanzi(0x4E00, 0x4E00 + 2500);  // common ideographs
  std::vector<std::string> out;
  for (int d = 0; d < docs; ++d) {
    std::string text;
    if (d % 5 == 4) {
      for (int k = 0; k < 300; ++k) {
        const int c = k % 23 == 22 ? 0x3002 : hanzi(rng);  // 。 now and then
        text += static_cast<char>(0xE0 | (c >> 12));
        text += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        text += static_cast<char>(0x80 | (c & 0x3F));
      }
    } else {
      for (int k = 0; k < 200; ++k) text += lexicon[zipf(rng)] + (k % 13 == 12 ? ". " : k % 7 == 6 ? ", " : " ");
    }
    out.push_back(std::move(text));
  }
  return out;
}

double seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

std::vector<std::vector<std::string>> tokenizeAll(const std::vector<std::string>& docs, Tokenizer how, int threads) {
  std::vector<std::vector<std::string>> out(docs.size());
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      for (size_t d = static_cast<size_t>(t); d < docs.size(); d += static_cast<size_t>(threads))
        out[d] = trainscope::tokenize(docs[d], how);
    });
  for (auto& w : workers) w.join();
  return out;
}
}  // namespace

int main(int argc, char** argv) {
  const int docs = argc > 1 ? std::atoi(argv[1]) : 100000, threads = argc > 2 ? std::atoi(argv[2]) : 2;
  const auto texts = corpus(docs);
  size_t bytes = 0;
  for (const auto& t : texts) bytes += t.size();
  auto start = std::chrono::steady_clock::now();
  const auto words = tokenizeAll(texts, Tokenizer::Words, threads);
  const double wordSeconds = seconds(start);
  size_t tokens = 0;
  for (const auto& w : words) tokens += w.size();
  start = std::chrono::steady_clock::now();
  const auto vocabulary = trainscope::buildVocabulary(words, 20000, 2);
  const double vocabularySeconds = seconds(start);
  start = std::chrono::steady_clock::now();
  tokenizeAll(texts, Tokenizer::Characters, threads);
  const double characterSeconds = seconds(start);
  std::printf(
      "%d documents (%.0f MB), %d threads: words %.2f s (%zu tokens), characters %.2f s, vocabulary of %lld "
      "(coverage %.3f) %.2f s\n",
      docs, static_cast<double>(bytes) / 1e6, threads, wordSeconds, tokens, characterSeconds,
      static_cast<long long>(vocabulary.size()), trainscope::vocabularyCoverage(vocabulary, words), vocabularySeconds);
  return 0;
}
