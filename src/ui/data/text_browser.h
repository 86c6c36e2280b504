// The Data page's view of text: every document (virtualised), the one selected as its
// file holds it and as the model reads it (its tokens, <unk> greyed), the lengths of the
// training documents in tokens, and how much of them the vocabulary covers.
#pragma once

#include "engine/data/dataset.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace trainscope::widgets {
class HistogramPlot;
}

namespace trainscope::ui {

class DocumentModel;

class TextBrowser : public QWidget {
  Q_OBJECT
 public:
  explicit TextBrowser(QWidget* parent = nullptr);
  void setDataset(std::shared_ptr<const DatasetSplits> splits);
  void selectDocument(int row);

 signals:
  // "Try the model…": the selected document's text to start from.
  void tryRequested(const QString& text);

 public:
  // For tests.
  QTableView* view() const { return view_; }
  QLabel* summaryLabel() const { return summary_; }
  QTextBrowser* documentView() const { return document_; }
  widgets::HistogramPlot* lengths() const { return lengths_; }
  QPushButton* tryButton() const { return try_; }

 private:
  std::shared_ptr<const DatasetSplits> splits_;
  DocumentModel* model_;
  QTableView* view_;
  QLabel* summary_;
  QPushButton* try_;
  QTextBrowser* document_;
  QString selectedText_;  // the selected document as its file holds it ("" for a CSV row)
  widgets::HistogramPlot* lengths_;
};

}  // namespace trainscope::ui
