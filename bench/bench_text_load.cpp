// Opens a text dataset as training does (data/text_dataset.h) and prints the seconds,
// the documents, the tokens kept and the vocabulary; bench/text_load.sh runs it under
// /usr/bin/time for the peak memory against the corpus's size.
// Usage: bench_text_load FOLDER | FILE.csv TEXT_COLUMN TARGET
#include "engine/data/text_dataset.h"

#include <chrono>
#include <cstdio>

int main(int argc, char** argv) {
  if (argc != 2 && argc != 4) {
    std::fprintf(stderr, "usage: bench_text_load FOLDER | FILE.csv TEXT_COLUMN TARGET\n");
    return 2;
  }
  trainscope::DatasetConfig c;
  if (argc == 2) {
    c.kind = "text-folder", c.root = argv[1];
  } else {
    c.kind = "csv", c.path = argv[1], c.text_column = argv[2], c.target = argv[3];
  }
  const auto start = std::chrono::steady_clock::now();
  try {
    const trainscope::DatasetSplits s = trainscope::openTextDataset(c, 1);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int64_t tokens = 0;
    for (const auto* split : {s.train.get(), s.val.get()})
      for (int64_t i = 0; i < split->size(); ++i) tokens += split->tokenCount(i);
    std::printf("opened %lld + %lld documents, %lld tokens kept, a vocabulary of %lld (coverage %.3f) in %.1f s\n",
                static_cast<long long>(s.train->size()), static_cast<long long>(s.val->size()),
                static_cast<long long>(tokens), static_cast<long long>(s.text->vocabulary.size()), s.text->coverage,
                seconds);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
