// "Try it" for a text model: a document typed or pasted in, and the model's answer as it
// changes: each class's probability, and the tokens it read (<unk> greyed).
#pragma once

#include <QDialog>
#include <QString>

#include <memory>

class QLabel;
class QPlainTextEdit;
class QTextBrowser;

namespace trainscope {
class TextPredictor;
}

namespace trainscope::ui {

class TryTextDialog : public QDialog {
  Q_OBJECT
 public:
  // `text`: the document to start from (one of the dataset's; may be empty).
  TryTextDialog(const QString& runDir, const QString& text, QWidget* parent = nullptr);
  ~TryTextDialog() override;

  // For tests.
  QPlainTextEdit* editor() const { return editor_; }
  QLabel* answer() const { return answer_; }
  bool ready() const { return predictor_ != nullptr; }

 signals:
  void answered();  // a prediction is shown

 private:
  void predict();

  std::shared_ptr<const TextPredictor> predictor_;
  QPlainTextEdit* editor_;
  QLabel* answer_;
  QTextBrowser* tokens_;
  quint64 asked_ = 0;  // answers to older text are dropped
};

}  // namespace trainscope::ui
