#include "engine/data/text_documents.h"

#include "engine/config/file_input.h"
#include "engine/data/csv_scan.h"
#include "engine/data/csv_table.h"
#include "engine/data/image_folder.h"
#include "engine/system/quoting.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

namespace trainscope {

namespace fs = std::filesystem;

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

bool isTextDocument(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".txt";
}

std::string readTextDocument(const std::string& path, int64_t maxBytes, std::string* error) {
  // A regular file alone: a FIFO would block, /dev/zero never end.
  if (const std::string why = whyNotRegularFile(path); !why.empty()) return *error = why, "";
  std::error_code ec;
  const auto bytes = fs::file_size(path, ec);
  if (ec) return *error = "cannot read: " + ec.message(), "";
  if (static_cast<int64_t>(bytes) > maxBytes)
    return *error = "too large for one document (" + std::to_string(bytes / (1 << 20)) + " MB)", "";
  std::string text;
  try {  // checked again on the open descriptor: what is read is what was checked
    text = readRegularFile(path, static_cast<std::uintmax_t>(maxBytes));
  } catch (const BadInput& e) {
    return *error = e.what(), "";
  }
  if (text.find('\0') != std::string::npos) return *error = "a binary file, not text", "";
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);
  const std::string bad = firstNonUtf8(text);
  if (!bad.empty()) return *error = "not UTF-8 text (" + bad + "); save it as UTF-8", "";
  return text;
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

namespace {

// The class folders of `dir`: links are followed inside `root` only, and a name that is
// not UTF-8 is skipped with its path (run.json records class names, and holds UTF-8 alone).
std::vector<std::string> classFolders(const fs::path& dir, const fs::path& root, std::vector<SkippedItem>* skipped) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    std::error_code typeEc;
    if (!e.is_directory(typeEc) || name == "val" || name == "train") continue;
    if (e.is_symlink(typeEc) && !staysWithin(root, e.path())) {
      if (skipped)
        skipped->push_back({toValidUtf8(e.path().string()), "symbolic link out of the folder: not followed"});
      continue;
    }
    if (!isUtf8(name)) {
      if (skipped)
        skipped->push_back({toValidUtf8(e.path().string()),
                            "the class folder's name is not UTF-8 (" + terminalText(name) + "): rename it"});
      continue;
    }
    names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// The files under a class folder, in path order (the names only: read one at a time);
// a link out of `root` is skipped with its path.
std::vector<fs::path> filesUnder(const fs::path& dir, const fs::path& root, std::vector<SkippedItem>& skipped) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code typeEc;
    if (it->is_symlink(typeEc) && !staysWithin(root, it->path())) {
      skipped.push_back({toValidUtf8(it->path().string()), "symbolic link out of the folder: not followed"});
      continue;
    }
    if (it->is_regular_file(typeEc)) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The documents under dir/<class> for each known class (others reported); how many.
int64_t readSplit(const fs::path& dir, const fs::path& root, const std::vector<std::string>& classes, bool val,
                  const OnDocument& onDocument, std::vector<SkippedItem>& skipped) {
  int64_t read = 0;
  for (const std::string& name : classFolders(dir, root, val ? &skipped : nullptr)) {
    const auto known = std::find(classes.begin(), classes.end(), name);
    if (known == classes.end()) {
      skipped.push_back({(dir / name).string(), "a class the training folder does not have"});
      continue;
    }
    for (const fs::path& f : filesUnder(dir / name, root, skipped)) {
      const std::string path = f.string();
      if (!isTextDocument(f)) {
        skipped.push_back({path, "not a .txt file"});
        continue;
      }
      std::string error;
      const std::string text = readTextDocument(path, kMaxDocumentBytes, &error);
      if (!error.empty()) {
        skipped.push_back({path, error});
        continue;
      }
      onDocument(DocumentOrigin{path}, known - classes.begin(), val, text);
      ++read;
    }
  }
  return read;
}

}  // namespace

std::vector<std::string> readTextFolder(const std::string& rootPath, const OnDocument& onDocument,
                                        std::vector<SkippedItem>& skipped) {
  const fs::path root(rootPath);
  std::error_code ec;
  if (!fs::is_directory(root, ec)) throw std::runtime_error("not a folder: " + rootPath);
  if (isSystemTree(root))
    throw std::runtime_error(rootPath + ": a system folder (/proc, /sys, /dev) is never read as data");
  const fs::path canonicalRoot = fs::canonical(root, ec);
  const fs::path trainDir = fs::is_directory(root / "train", ec) ? root / "train" : root;
  const std::vector<std::string> classes = classFolders(trainDir, canonicalRoot, &skipped);
  if (classes.empty())
    throw std::runtime_error(rootPath + " has no class folders (root/<class>/*.txt, one document per file)");
  if (readSplit(trainDir, canonicalRoot, classes, false, onDocument, skipped) == 0)
    throw std::runtime_error(rootPath + " holds no readable .txt document");
  if (fs::is_directory(root / "val", ec)) readSplit(root / "val", canonicalRoot, classes, true, onDocument, skipped);
  return classes;
}

namespace {

struct CsvColumns {
  size_t text = 0, target = 0;
};

// The positions of the text and target columns in a header row.
CsvColumns headerColumns(const DatasetConfig& c, const std::string& path, const CsvRowView& row) {
  std::vector<std::string> names;
  for (const auto& f : row.fields) names.emplace_back(trimmed(f));
  checkCsvHeader(path, names);
  const auto at = [&](const std::string& name) {
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) throw CsvError(path, 1, name, "no column is named \"" + name + "\"");
    return static_cast<size_t>(it - names.begin());
  };
  return {at(c.text_column), at(c.target)};
}

// Pass 1: the target's levels, sorted as a table's categories.
std::vector<std::string> targetLevels(const DatasetConfig& c) {
  CsvColumns columns;
  std::map<std::string, int, std::less<>> seen;
  bool header = false;
  scanCsv(c.path, sniffDelimiter(c.path), 0, [&](const CsvRowView& row) {
    if (row.index == 0) {
      columns = headerColumns(c, c.path, row), header = true;
      return;
    }
    const std::string_view label = row.fields[columns.target];
    if (!isMissingValue(label) && seen.find(label) == seen.end()) seen.emplace(label, 0);
  });
  if (!header) throw CsvError(c.path, 0, "", "the file is empty: a CSV file starts with a header row");
  std::vector<std::string> levels;
  for (const auto& [level, unused] : seen) levels.push_back(level);
  sortCategoryLevels(levels);
  if (levels.size() < 2)
    throw CsvError(c.path, 0, c.target, "a classifier needs at least two classes in the target column");
  return levels;
}

// Pass 2, and a validation file's one pass: the documents, one row at a time. A class
// the training file does not have is skipped in a validation file (in the training
// file, it means the file changed since pass 1).
void readDocuments(const DatasetConfig& c, const std::string& path, bool val,
                   const std::map<std::string, int64_t, std::less<>>& labelOf, const OnDocument& onDocument,
                   std::vector<SkippedItem>& skipped) {
  CsvColumns columns;
  bool header = false;
  scanCsv(path, sniffDelimiter(path), 0, [&](const CsvRowView& row) {
    if (row.index == 0) {
      columns = headerColumns(c, path, row), header = true;
      return;
    }
    const DocumentOrigin where{path, row.line};
    const std::string_view label = row.fields[columns.target], text = row.fields[columns.text];
    if (isMissingValue(label)) {
      skipped.push_back({where.describe(), "the target is missing"});
      return;
    }
    const auto known = labelOf.find(label);
    if (known == labelOf.end()) {
      if (!val) throw CsvError(path, row.line, c.target, "the file changed while it was read");
      skipped.push_back({where.describe(), "the class \"" + std::string(label) + "\" is not in the training file"});
      return;
    }
    onDocument(where, known->second, val, isMissingValue(text) ? std::string_view() : text);
  });
  if (!header) throw CsvError(path, 0, "", "the file is empty: a CSV file starts with a header row");
}

}  // namespace

std::vector<std::string> readCsvTextColumn(const DatasetConfig& c, const OnDocument& onDocument,
                                           std::vector<SkippedItem>& skipped) {
  const std::vector<std::string> classes = targetLevels(c);
  std::map<std::string, int64_t, std::less<>> labelOf;
  for (size_t k = 0; k < classes.size(); ++k) labelOf.emplace(classes[k], static_cast<int64_t>(k));
  readDocuments(c, c.path, false, labelOf, onDocument, skipped);
  if (!c.val_path.empty()) readDocuments(c, c.val_path, true, labelOf, onDocument, skipped);
  return classes;
}

}  // namespace trainscope
