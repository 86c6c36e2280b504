// The Mistakes page of a text run: the validation documents the model got wrong at the
// last epoch, and the one picked with each token shaded by its saliency (gradient x
// embedding of the predicted class's logit, saliency.h5): green pushed the model towards
// its wrong answer, red against it.
#pragma once

#include "engine/sample_report.h"

#include <QWidget>

#include <memory>

class QLabel;
class QTableWidget;
class QTextBrowser;

namespace trainscope::ui {

class TextMistakesView : public QWidget {
  Q_OBJECT
 public:
  explicit TextMistakesView(QWidget* parent = nullptr);
  void setDiagnosis(std::shared_ptr<const RunDiagnosis> diagnosis);
  void selectDocument(int row);  // a row of the list
  // The page's status line: when saliency.h5 was read, or why it is not shown.
  static QString statusText(const RunDiagnosis& r, double seconds);

  // For tests.
  QTableWidget* list() const { return list_; }
  QTextBrowser* document() const { return document_; }
  QLabel* summary() const { return summary_; }

 private:
  QString className(int32_t id) const;
  std::shared_ptr<const RunDiagnosis> diagnosis_;
  QLabel* summary_;
  QTableWidget* list_;
  QTextBrowser* document_;
};

}  // namespace trainscope::ui
