// Text datasets, one document per sample: dataset.kind "text-folder" (root/<class>/*.txt,
// as ImageFolder lays out images) or a CSV's text column (dataset.text_column). Every
// document is tokenised when the dataset opens, the vocabulary is built on the training
// split (text_encoding.h), and a sample loads as a 1 x tokens CV_32S row of ids that
// the DataLoader pads per batch (data_loader.h). Plain C++, no torch.
#pragma once

#include "engine/config/config.h"
#include "engine/data/dataset.h"
#include "engine/data/text_encoding.h"

#include <filesystem>
#include <functional>
#include <memory>

namespace trainscope {

class TextDataset : public Dataset {
 public:
  TextDataset(std::vector<std::string> classes, std::vector<std::string> sources, std::vector<int64_t> labels,
              std::vector<std::vector<int32_t>> ids);
  int64_t size() const override { return static_cast<int64_t>(ids_.size()); }
  int64_t label(int64_t i) const override { return labels_.at(static_cast<size_t>(i)); }
  cv::Mat load(int64_t i, std::string* error) const override;
  std::string describe(int64_t i) const override { return sources_.at(static_cast<size_t>(i)); }
  const std::vector<std::string>& classes() const override { return classes_; }
  int channels() const override { return 1; }
  int64_t tokenCount(int64_t i) const override { return static_cast<int64_t>(ids_.at(static_cast<size_t>(i)).size()); }
  const std::vector<int32_t>& tokenIds(int64_t i) const { return ids_.at(static_cast<size_t>(i)); }

 private:
  std::vector<std::string> classes_, sources_;
  std::vector<int64_t> labels_;
  std::vector<std::vector<int32_t>> ids_;
};

// The documents of a text dataset before tokenising, as found on disk.
struct TextDocuments {
  std::vector<std::string> classes;
  std::vector<TextDocument> train, val;  // val empty: split by val_fraction
  std::vector<SkippedItem> skipped;
};

// The largest document a text dataset or a prediction reads (64 MB).
constexpr int64_t kMaxDocumentBytes = 64LL << 20;
// A .txt file (any case): what a text folder holds as documents.
bool isTextDocument(const std::filesystem::path& path);

// A text file's contents, or "" and the reason: larger than maxBytes, binary (a NUL
// byte), not UTF-8 (naming the line and the byte). A UTF-8 BOM is dropped.
std::string readTextDocument(const std::string& path, int64_t maxBytes, std::string* error);

// root/train/<class> + root/val/<class>, root/<class> + root/val/<class>, or root/<class>;
// the .txt files anywhere under a class folder. Throws std::runtime_error when root is
// unusable or holds no class folder.
TextDocuments readTextFolder(const std::string& root);

// The rows of a CSV's text column as documents, classified by the target column.
// Throws CsvError (missing columns, a target with fewer than two classes).
TextDocuments readCsvTextColumn(const DatasetConfig& config);

// Whether a folder's first files (a few hundred, sorted by the file system) are .txt
// documents rather than images: what a dropped or named folder is imported as.
bool looksLikeTextFolder(const std::string& root);

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
