// Python source coloured as an editor colours it: keywords, built-ins, strings
// (triple-quoted docstrings across lines too), comments, numbers and decorators. For
// reading generated PyTorch code (Model > PyTorch code).
#pragma once

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <vector>

namespace trainscope::widgets {

class PythonHighlighter : public QSyntaxHighlighter {
  Q_OBJECT
 public:
  explicit PythonHighlighter(QTextDocument* document);

  // The format given to a kind of token, for tests: "keyword", "string", "comment",
  // "number", "builtin", "decorator".
  QTextCharFormat format(const QString& kind) const;

 protected:
  void highlightBlock(const QString& text) override;

 private:
  struct Rule {
    QRegularExpression pattern;
    QTextCharFormat format;
  };
  // Triple-quoted strings that span lines: the block state says whether one is open.
  void highlightDocstrings(const QString& text);
  std::vector<Rule> rules_;
  QTextCharFormat keyword_, builtin_, string_, comment_, number_, decorator_;
};

}  // namespace trainscope::widgets
