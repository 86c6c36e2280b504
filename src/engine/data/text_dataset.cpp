#include "engine/data/text_dataset.h"

#include "engine/config/config_fields.h"
#include "engine/data/image_folder.h"

#include <algorithm>
#include <filesystem>
#include <unordered_map>

namespace trainscope {

namespace fs = std::filesystem;

std::string TokenStore::source(int64_t doc) const {
  const auto d = static_cast<size_t>(doc);
  if (csv.empty()) return files.at(d);
  return (val_from >= 0 && doc >= val_from ? val_csv : csv) + ":" + std::to_string(lines.at(d));
}

TextDataset::TextDataset(std::vector<std::string> classes, std::shared_ptr<const TokenStore> store,
                         std::vector<int64_t> which)
    : classes_(std::move(classes)), store_(std::move(store)), which_(std::move(which)) {}

TextDataset::TextDataset(std::vector<std::string> classes, std::vector<std::string> sources,
                         std::vector<int64_t> labels, const std::vector<std::vector<int32_t>>& ids)
    : classes_(std::move(classes)) {
  auto store = std::make_shared<TokenStore>();
  for (size_t d = 0; d < ids.size(); ++d) {
    store->ids.insert(store->ids.end(), ids[d].begin(), ids[d].end());
    store->offsets.push_back(static_cast<int64_t>(store->ids.size()));
    which_.push_back(static_cast<int64_t>(d));
  }
  store->labels = std::move(labels), store->files = std::move(sources);
  store_ = std::move(store);
}

int64_t TextDataset::tokenCount(int64_t i) const {
  const size_t d = doc(i);
  return store_->offsets[d + 1] - store_->offsets[d];
}

std::vector<int32_t> TextDataset::tokenIds(int64_t i) const {
  const auto first = store_->ids.begin() + store_->offsets[doc(i)];
  return std::vector<int32_t>(first, first + tokenCount(i));
}

cv::Mat TextDataset::load(int64_t i, std::string*) const {
  const int64_t n = tokenCount(i);
  cv::Mat row(1, static_cast<int>(n), CV_32S);
  const auto first = store_->ids.begin() + store_->offsets[doc(i)];
  std::copy(first, first + n, row.ptr<int32_t>());
  return row;
}

namespace {

// The one pass over the documents: each tokenised as it is read, its tokens interned (an
// id per distinct token, in order of first appearance) and kept as those ids.
class CorpusReader {
 public:
  CorpusReader(const TextEncoding& encoding, TokenStore& store, std::vector<SkippedItem>& skipped)
      : encoding_(encoding), store_(store), skipped_(skipped) {}

  void add(const DocumentOrigin& where, int64_t label, bool val, std::string_view text) {
    std::vector<std::string> tokens = encoding_.tokens(text);
    if (tokens.empty()) {
      skipped_.push_back({where.describe(), "an empty document (no " + encoding_.tokenizer + ")"});
      return;
    }
    for (std::string& token : tokens) {
      const auto [it, added] = index_.try_emplace(std::move(token), static_cast<int32_t>(names_.size()));
      if (added) names_.push_back(&it->first);
      store_.ids.push_back(it->second);
    }
    store_.offsets.push_back(static_cast<int64_t>(store_.ids.size()));
    store_.labels.push_back(label);
    if (where.line > 0) {
      if (store_.csv.empty()) store_.csv = where.file;
      if (where.file != store_.csv && store_.val_from < 0)  // the validation file's rows come last
        store_.val_csv = where.file, store_.val_from = store_.documents() - 1;
      store_.lines.push_back(where.line);
    } else
      store_.files.push_back(where.file);
    inVal.push_back(val);
  }

  // Fits the vocabulary on the `train` documents (counted in their order) and rewrites
  // every document's ids in it; returns the share of the training tokens it knows.
  double encode(const std::vector<int64_t>& train, int64_t maxSize, int64_t minFreq, Vocabulary& vocabulary) {
    std::vector<int64_t> counts(names_.size(), 0);
    std::vector<size_t> firstSeen;
    for (int64_t d : train)
      for (int64_t k = store_.offsets[static_cast<size_t>(d)]; k < store_.offsets[static_cast<size_t>(d) + 1]; ++k) {
        const auto id = static_cast<size_t>(store_.ids[static_cast<size_t>(k)]);
        if (counts[id]++ == 0) firstSeen.push_back(id);
      }
    std::vector<TokenCount> seen;
    for (size_t id : firstSeen) seen.push_back({*names_[id], counts[id]});
    vocabulary = vocabularyFromCounts(seen, maxSize, minFreq);
    std::vector<int32_t> finalId(names_.size());
    int64_t known = 0, all = 0;
    for (size_t id = 0; id < names_.size(); ++id) {
      finalId[id] = vocabulary.id(*names_[id]);
      all += counts[id], known += finalId[id] != Vocabulary::kUnk ? counts[id] : 0;
    }
    for (int32_t& id : store_.ids) id = finalId[static_cast<size_t>(id)];
    return all == 0 ? 1.0 : static_cast<double>(known) / static_cast<double>(all);
  }

  std::vector<bool> inVal;  // per document: from the folder's own validation split

 private:
  const TextEncoding& encoding_;
  TokenStore& store_;
  std::vector<SkippedItem>& skipped_;
  std::unordered_map<std::string, int32_t> index_;
  std::vector<const std::string*> names_;  // by interned id: the keys of index_ (stable)
};

}  // namespace

DatasetSplits openTextDataset(const DatasetConfig& c, uint64_t seed) {
  const bool csv = c.kind == "csv";
  auto encoding = std::make_shared<TextEncoding>();
  encoding->tokenizer = c.tokenizer;
  encoding->max_tokens = c.max_tokens;
  auto store = std::make_shared<TokenStore>();
  DatasetSplits s;
  CorpusReader reader(*encoding, *store, s.skipped);
  const OnDocument add = [&](const DocumentOrigin& where, int64_t label, bool val, std::string_view text) {
    reader.add(where, label, val, text);
  };
  const std::vector<std::string> classes =
      csv ? readCsvTextColumn(c, add, s.skipped) : readTextFolder(c.root, add, s.skipped);
  if (store->documents() == 0)
    throw std::runtime_error((csv ? c.path : c.root) + " holds no document with any " + c.tokenizer + " in it");
  std::vector<int64_t> trainIds, valIds;
  if (std::find(reader.inVal.begin(), reader.inVal.end(), true) != reader.inVal.end()) {
    for (int64_t d = 0; d < store->documents(); ++d)
      (reader.inVal[static_cast<size_t>(d)] ? valIds : trainIds).push_back(d);
  } else {
    stratifiedSplit(store->labels, c.val_fraction, seed, trainIds, valIds);
  }
  encoding->coverage = reader.encode(trainIds, c.vocab_size, c.min_freq, encoding->vocabulary);
  s.train = std::make_shared<TextDataset>(classes, store, std::move(trainIds));
  s.val = std::make_shared<TextDataset>(classes, store, std::move(valIds));
  s.text = encoding;
  const std::string name = fs::path(csv ? c.path : c.root).filename().string();
  s.label = csv ? Message{"trainscope::Data",
                          QT_TRANSLATE_NOOP("trainscope::Data", "text column %1 of %2"),
                          {c.text_column, name}}
                : Message{"trainscope::Data", QT_TRANSLATE_NOOP("trainscope::Data", "text folder %1"), {name}};
  s.description = s.label.english() + " (" + (csv ? c.path : c.root) + ")";
  return s;
}

int64_t longestDocument(const Dataset& d) {
  int64_t longest = 0;
  for (int64_t i = 0; i < d.size(); ++i) longest = std::max(longest, d.tokenCount(i));
  return longest;
}

LengthHistogram documentLengths(const Dataset& d, int bins) {
  LengthHistogram out;
  std::vector<int64_t> lengths;
  for (int64_t i = 0; i < d.size(); ++i) lengths.push_back(d.tokenCount(i));
  if (lengths.empty()) return out;
  std::sort(lengths.begin(), lengths.end());
  out.median = lengths[lengths.size() / 2], out.longest = lengths.back();
  const double width = std::max(1.0, static_cast<double>(out.longest) / bins);
  for (int b = 0; b <= bins; ++b) out.edges.push_back(b * width);
  out.counts.assign(static_cast<size_t>(bins), 0);
  for (int64_t n : lengths) ++out.counts[std::min<size_t>(static_cast<size_t>(n / width), bins - 1)];
  return out;
}

}  // namespace trainscope
