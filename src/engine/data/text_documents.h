// Where a text dataset's documents come from, read one at a time: a folder of .txt files
// by class (root/<class>/*.txt, laid out as ImageFolder lays out images) or a CSV's text
// column. Each document is handed to a callback and dropped when it returns, so a corpus
// is never in memory at once. Plain C++, no torch.
#pragma once

#include "engine/config/config.h"
#include "engine/data/dataset.h"

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace trainscope {

// The largest document a text dataset or a prediction reads (64 MB).
constexpr int64_t kMaxDocumentBytes = 64LL << 20;
// A .txt file (any case): what a text folder holds as documents.
bool isTextDocument(const std::filesystem::path& path);

// A text file's contents, or "" and the reason: larger than maxBytes, binary (a NUL
// byte), not UTF-8 (naming the line and the byte). A UTF-8 BOM is dropped.
std::string readTextDocument(const std::string& path, int64_t maxBytes, std::string* error);

// Whether a folder's first files (a few hundred, sorted by the file system) are .txt
// documents rather than images: what a dropped or named folder is imported as.
bool looksLikeTextFolder(const std::string& root);

// Where one document is: a file (line 0), or line `line` of a CSV file.
struct DocumentOrigin {
  const std::string& file;
  int64_t line = 0;
  std::string describe() const { return line > 0 ? file + ":" + std::to_string(line) : file; }
};

// One document: where it is, its class, whether it belongs to the folder's own
// validation split (root/val), and its UTF-8 text (valid during the call).
using OnDocument = std::function<void(const DocumentOrigin& where, int64_t label, bool val, std::string_view text)>;

// root/train/<class> + root/val/<class>, root/<class> + root/val/<class>, or root/<class>:
// the .txt files anywhere under a class folder, in path order, train before val. Files
// that cannot be documents are added to `skipped` with the reason. Returns the classes.
// Throws std::runtime_error when root is unusable, holds no class folder or no document.
std::vector<std::string> readTextFolder(const std::string& root, const OnDocument& onDocument,
                                        std::vector<SkippedItem>& skipped);

// The rows of a CSV's text column (config.text_column) as documents, classified by the
// target column (its levels sorted as a table's categories are); rows without a target
// are skipped. Two streamed passes: the target's levels, then the documents; then the
// rows of config.val_path, when set, as the validation split (val: true; a class the
// training file lacks is skipped). Returns the classes. Throws CsvError (missing
// columns, a target with fewer than two classes).
std::vector<std::string> readCsvTextColumn(const DatasetConfig& config, const OnDocument& onDocument,
                                           std::vector<SkippedItem>& skipped);

}  // namespace trainscope
