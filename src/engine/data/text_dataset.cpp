#include "engine/data/text_dataset.h"

#include "engine/config/config_fields.h"
#include "engine/data/csv_scan.h"
#include "engine/data/csv_table.h"
#include "engine/data/image_folder.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace trainscope {

namespace fs = std::filesystem;

TextDataset::TextDataset(std::vector<std::string> classes, std::vector<std::string> sources,
                         std::vector<int64_t> labels, std::vector<std::vector<int32_t>> ids)
    : classes_(std::move(classes)), sources_(std::move(sources)), labels_(std::move(labels)), ids_(std::move(ids)) {}

cv::Mat TextDataset::load(int64_t i, std::string*) const {
  const std::vector<int32_t>& doc = tokenIds(i);
  cv::Mat row(1, static_cast<int>(doc.size()), CV_32S);
  std::copy(doc.begin(), doc.end(), row.ptr<int32_t>());
  return row;
}

namespace {

// Where the text stops being UTF-8 ("line 3, byte 0xE9"), or "".
std::string firstNonUtf8(const std::string& s) {
  size_t bad = 0;
  if (validUtf8(s, &bad)) return "";
  std::ostringstream where;
  where << "line " << 1 + std::count(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(bad), '\n') << ", byte 0x"
        << std::hex << std::uppercase << static_cast<int>(static_cast<unsigned char>(s[bad]));
  return where.str();
}

}  // namespace

bool isTextDocument(const std::filesystem::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".txt";
}

std::string readTextDocument(const std::string& path, int64_t maxBytes, std::string* error) {
  std::error_code ec;
  const auto bytes = fs::file_size(path, ec);
  if (ec) return *error = "cannot read: " + ec.message(), "";
  if (static_cast<int64_t>(bytes) > maxBytes)
    return *error = "too large for one document (" + std::to_string(bytes / (1 << 20)) + " MB)", "";
  std::ifstream in(path, std::ios::binary);
  std::string text(static_cast<size_t>(bytes), '\0');
  if (!in.read(text.data(), static_cast<std::streamsize>(bytes))) return *error = "cannot read", "";
  if (text.find('\0') != std::string::npos) return *error = "a binary file, not text", "";
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);
  const std::string bad = firstNonUtf8(text);
  if (!bad.empty()) return *error = "not UTF-8 text (" + bad + "); save it as UTF-8", "";
  return text;
}

namespace {

std::vector<std::string> classFolders(const fs::path& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_directory(ec) && e.path().filename() != "val" && e.path().filename() != "train")
      names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// The documents under dir/<class> for each known class (others reported).
void readSplit(const fs::path& dir, const std::vector<std::string>& classes, std::vector<TextDocument>& out,
               std::vector<SkippedItem>& skipped) {
  std::error_code ec;
  for (const std::string& name : classFolders(dir)) {
    const auto known = std::find(classes.begin(), classes.end(), name);
    if (known == classes.end()) {
      skipped.push_back({(dir / name).string(), "a class the training folder does not have"});
      continue;
    }
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(dir / name, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->is_regular_file(ec)) files.push_back(it->path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      if (!isTextDocument(f)) {
        skipped.push_back({f.string(), "not a .txt file"});
        continue;
      }
      std::string error;
      std::string text = readTextDocument(f.string(), kMaxDocumentBytes, &error);
      if (!error.empty())
        skipped.push_back({f.string(), error});
      else
        out.push_back({f.string(), known - classes.begin(), std::move(text)});
    }
  }
}

}  // namespace

TextDocuments readTextFolder(const std::string& rootPath) {
  const fs::path root(rootPath);
  std::error_code ec;
  if (!fs::is_directory(root, ec)) throw std::runtime_error("not a folder: " + rootPath);
  const fs::path trainDir = fs::is_directory(root / "train", ec) ? root / "train" : root;
  TextDocuments docs;
  docs.classes = classFolders(trainDir);
  if (docs.classes.empty())
    throw std::runtime_error(rootPath + " has no class folders (root/<class>/*.txt, one document per file)");
  readSplit(trainDir, docs.classes, docs.train, docs.skipped);
  if (fs::is_directory(root / "val", ec)) readSplit(root / "val", docs.classes, docs.val, docs.skipped);
  if (docs.train.empty()) throw std::runtime_error(rootPath + " holds no readable .txt document");
  return docs;
}

TextDocuments readCsvTextColumn(const DatasetConfig& c) {
  CsvReadOptions options;
  options.categorical = {c.target};
  const CsvTable table = readCsvTable(c.path, options);
  const int textColumn = table.find(c.text_column), target = table.find(c.target);
  if (textColumn < 0) throw CsvError(c.path, 1, c.text_column, "no column is named \"" + c.text_column + "\"");
  if (target < 0) throw CsvError(c.path, 1, c.target, "no column is named \"" + c.target + "\"");
  const TableColumn& labels = table.columns[static_cast<size_t>(target)];
  const TableColumn& text = table.columns[static_cast<size_t>(textColumn)];
  TextDocuments docs;
  docs.classes = labels.levels;
  if (docs.classes.size() < 2)
    throw CsvError(c.path, 0, c.target, "a classifier needs at least two classes in the target column");
  for (int64_t r = 0; r < table.rows; ++r) {
    const std::string where = c.path + ":" + std::to_string(table.lines[static_cast<size_t>(r)]);
    if (labels.isMissing(r))
      docs.skipped.push_back({where, "the target is missing"});
    else
      docs.train.push_back({where, labels.codes[static_cast<size_t>(r)], text.display(r)});
  }
  return docs;
}

namespace {

struct Tokenised {
  std::vector<std::string> sources;
  std::vector<int64_t> labels;
  std::vector<std::vector<std::string>> tokens;
};

Tokenised tokenise(std::vector<TextDocument>& docs, const std::vector<int64_t>& which, const TextEncoding& encoding,
                   std::vector<SkippedItem>& skipped) {
  Tokenised out;
  for (int64_t i : which) {
    TextDocument& d = docs[static_cast<size_t>(i)];
    std::vector<std::string> tokens = encoding.tokens(d.text);
    std::string().swap(d.text);  // the tokens are what is kept
    if (tokens.empty()) {
      skipped.push_back({d.source, "an empty document (no " + encoding.tokenizer + ")"});
      continue;
    }
    out.sources.push_back(std::move(d.source));
    out.labels.push_back(d.label);
    out.tokens.push_back(std::move(tokens));
  }
  return out;
}

std::shared_ptr<const Dataset> encodedSplit(const std::vector<std::string>& classes, Tokenised&& t,
                                            const Vocabulary& v) {
  std::vector<std::vector<int32_t>> ids;
  ids.reserve(t.tokens.size());
  for (auto& doc : t.tokens) ids.push_back(v.encode(doc)), std::vector<std::string>().swap(doc);
  return std::make_shared<TextDataset>(classes, std::move(t.sources), std::move(t.labels), std::move(ids));
}

std::vector<int64_t> upTo(size_t n) {
  std::vector<int64_t> all(n);
  for (size_t i = 0; i < n; ++i) all[i] = static_cast<int64_t>(i);
  return all;
}

}  // namespace

DatasetSplits openTextDataset(const DatasetConfig& c, uint64_t seed) {
  const bool csv = c.kind == "csv";
  TextDocuments docs = csv ? readCsvTextColumn(c) : readTextFolder(c.root);
  auto encoding = std::make_shared<TextEncoding>();
  encoding->tokenizer = c.tokenizer;
  encoding->max_tokens = c.max_tokens;
  std::vector<int64_t> trainIds, valIds;
  std::vector<TextDocument>& valSource = docs.val.empty() ? docs.train : docs.val;
  if (docs.val.empty()) {
    std::vector<int64_t> labels;
    for (const auto& d : docs.train) labels.push_back(d.label);
    stratifiedSplit(labels, c.val_fraction, seed, trainIds, valIds);
  } else {
    trainIds = upTo(docs.train.size()), valIds = upTo(docs.val.size());
  }
  DatasetSplits s;
  Tokenised train = tokenise(docs.train, trainIds, *encoding, s.skipped);
  Tokenised val = tokenise(valSource, valIds, *encoding, s.skipped);
  encoding->vocabulary = buildVocabulary(train.tokens, c.vocab_size, c.min_freq);  // the training split's only
  encoding->coverage = vocabularyCoverage(encoding->vocabulary, train.tokens);
  s.train = encodedSplit(docs.classes, std::move(train), encoding->vocabulary);
  s.val = encodedSplit(docs.classes, std::move(val), encoding->vocabulary);
  s.skipped.insert(s.skipped.begin(), docs.skipped.begin(), docs.skipped.end());
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

bool looksLikeTextFolder(const std::string& root) {
  std::error_code ec;
  int64_t text = 0, images = 0, seen = 0;
  for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator() && seen < 400; it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    ++seen;
    text += isTextDocument(it->path()), images += hasImageExtension(it->path());
  }
  return text > images;
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
