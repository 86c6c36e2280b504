// Text datasets, one document per sample: dataset.kind "text-folder" or a CSV's text
// column (dataset.text_column), read one document at a time (text_documents.h). Each
// document is tokenised once, as it is read, and kept only as token ids: memory holds 4
// bytes per token kept (at most max_tokens per document) and each distinct token once,
// never the text. The vocabulary is fitted on the training split (text_encoding.h); a
// sample loads as a 1 x tokens CV_32S row of ids the DataLoader pads per batch
// (data_loader.h). Plain C++, no torch.
#pragma once

#include "engine/config/config.h"
#include "engine/data/dataset.h"
#include "engine/data/text_documents.h"
#include "engine/data/text_encoding.h"

#include <deque>
#include <memory>

namespace trainscope {

// Every document of a corpus as token ids in one sequence, with its class and origin. A
// deque grows by blocks: no reallocation copies the ids, nor doubles their memory.
struct TokenStore {
  std::deque<int32_t> ids;
  std::vector<int64_t> offsets{0};  // document d holds ids[offsets[d], offsets[d + 1])
  std::vector<int64_t> labels;
  std::string csv;                 // the CSV whose rows the documents are, or ""
  std::string val_csv;             // and its validation file's (dataset.val_path), whose rows
  int64_t val_from = -1;           // are the documents from this one on
  std::vector<int64_t> lines;      // a CSV's: each document's line
  std::vector<std::string> files;  // a folder's: each document's file
  int64_t documents() const { return static_cast<int64_t>(labels.size()); }
  std::string source(int64_t doc) const;
};

class TextDataset : public Dataset {
 public:
  // The documents `which` of a store (shared by the splits of one corpus).
  TextDataset(std::vector<std::string> classes, std::shared_ptr<const TokenStore> store, std::vector<int64_t> which);
  // Documents given as lists of ids (tests, small examples).
  TextDataset(std::vector<std::string> classes, std::vector<std::string> sources, std::vector<int64_t> labels,
              const std::vector<std::vector<int32_t>>& ids);
  int64_t size() const override { return static_cast<int64_t>(which_.size()); }
  int64_t label(int64_t i) const override { return store_->labels[doc(i)]; }
  cv::Mat load(int64_t i, std::string* error) const override;
  std::string describe(int64_t i) const override { return store_->source(static_cast<int64_t>(doc(i))); }
  const std::vector<std::string>& classes() const override { return classes_; }
  int channels() const override { return 1; }
  int64_t tokenCount(int64_t i) const override;
  std::vector<int32_t> tokenIds(int64_t i) const;

 private:
  size_t doc(int64_t i) const { return static_cast<size_t>(which_.at(static_cast<size_t>(i))); }
  std::vector<std::string> classes_;
  std::shared_ptr<const TokenStore> store_;
  std::vector<int64_t> which_;
};

// The dataset.kind "text-folder" splits, or a csv's with dataset.text_column: documents
// that are empty once tokenised are skipped and reported. Throws std::runtime_error
// (CsvError for a table).
DatasetSplits openTextDataset(const DatasetConfig& config, uint64_t seed);

// The longest document of a split, in tokens: what "dataset-longest" pads to.
int64_t longestDocument(const Dataset& d);

// Tokens per document of a split: a histogram (`bins` equal bins from 0 to the longest),
// the median and the longest.
struct LengthHistogram {
  std::vector<double> edges;
  std::vector<int64_t> counts;
  int64_t median = 0, longest = 0;
};
LengthHistogram documentLengths(const Dataset& d, int bins = 40);

}  // namespace trainscope
