#include "widgets/python_highlighter.h"

#include <QStringList>

namespace trainscope::widgets {

namespace {
QTextCharFormat makeFormat(const QColor& color, bool bold = false, bool italic = false) {
  QTextCharFormat f;
  f.setForeground(color);
  if (bold) f.setFontWeight(QFont::Bold);
  f.setFontItalic(italic);
  return f;
}

QRegularExpression words(const QStringList& list) { return QRegularExpression("\\b(" + list.join('|') + ")\\b"); }
}  // namespace

PythonHighlighter::PythonHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {
  keyword_ = makeFormat(QColor(0, 0, 160), true);
  builtin_ = makeFormat(QColor(0, 110, 130));
  string_ = makeFormat(QColor(0, 120, 0));
  comment_ = makeFormat(QColor(110, 110, 110), false, true);
  number_ = makeFormat(QColor(150, 0, 120));
  decorator_ = makeFormat(QColor(130, 80, 0));
  const QStringList keywords = {"and",   "as",     "break",  "class", "continue", "def",  "elif",
                                "else",  "except", "False",  "for",   "from",     "if",   "import",
                                "in",    "is",     "lambda", "None",  "not",      "or",   "pass",
                                "raise", "return", "True",   "try",   "while",    "with", "yield"};
  const QStringList builtins = {"enumerate", "float", "int",   "isinstance", "len",   "list",   "max",
                                "min",       "open",  "print", "range",      "round", "sorted", "str",
                                "sum",       "super", "tuple", "zip",        "self"};
  // Later rules win where they overlap: numbers inside names are not numbers, and
  // anything inside a string or after a # is the string's or the comment's.
  rules_.push_back({words(builtins), builtin_});
  rules_.push_back({words(keywords), keyword_});
  rules_.push_back({QRegularExpression("\\b[0-9][0-9_]*(\\.[0-9]*)?([eE][-+]?[0-9]+)?\\b"), number_});
  rules_.push_back({QRegularExpression("^\\s*@[A-Za-z_][A-Za-z0-9_.]*"), decorator_});
  rules_.push_back({QRegularExpression("[rbf]?\"(\\\\.|[^\"\\\\])*\"|[rbf]?'(\\\\.|[^'\\\\])*'"), string_});
  rules_.push_back({QRegularExpression("#[^\\n]*$"), comment_});
}

QTextCharFormat PythonHighlighter::format(const QString& kind) const {
  if (kind == "keyword") return keyword_;
  if (kind == "builtin") return builtin_;
  if (kind == "string") return string_;
  if (kind == "comment") return comment_;
  if (kind == "number") return number_;
  return decorator_;
}

void PythonHighlighter::highlightBlock(const QString& text) {
  for (const Rule& rule : rules_) {
    for (auto it = rule.pattern.globalMatch(text); it.hasNext();) {
      const QRegularExpressionMatch m = it.next();
      // A # inside a string is not a comment.
      if (&rule == &rules_.back() && QSyntaxHighlighter::format(static_cast<int>(m.capturedStart())) == string_)
        continue;
      setFormat(static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), rule.format);
    }
  }
  highlightDocstrings(text);
}

void PythonHighlighter::highlightDocstrings(const QString& text) {
  static const QString quotes = "\"\"\"";
  setCurrentBlockState(0);
  int start = previousBlockState() == 1 ? 0 : static_cast<int>(text.indexOf(quotes));
  while (start >= 0) {
    const int from = previousBlockState() == 1 && start == 0 ? 0 : start + 3;
    const int end = static_cast<int>(text.indexOf(quotes, from));
    if (end < 0) {  // open to the next line
      setFormat(start, static_cast<int>(text.size()) - start, string_);
      setCurrentBlockState(1);
      return;
    }
    setFormat(start, end + 3 - start, string_);
    start = static_cast<int>(text.indexOf(quotes, end + 3));
  }
}

}  // namespace trainscope::widgets
