#include "ui/data/try_text_dialog.h"

#include "engine/deploy/text_tools.h"
#include "ui/run/background.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace trainscope::ui {

TryTextDialog::TryTextDialog(const QString& runDir, const QString& text, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Try the model of %1").arg(QFileInfo(runDir).fileName()));
  editor_ = new QPlainTextEdit(text, this);
  answer_ = new QLabel(tr("Loading the model…"), this);
  answer_->setWordWrap(true);
  answer_->setStyleSheet("font-size: 14pt; font-weight: bold;");
  answer_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  tokens_ = new QTextBrowser(this);
  auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(new QLabel(tr("Type or paste a document: the model answers as you write."), this));
  layout->addWidget(editor_, 2);
  layout->addWidget(answer_);
  layout->addWidget(new QLabel(tr("What the model reads"), this));
  layout->addWidget(tokens_, 1);
  layout->addWidget(close);
  resize(620, 560);
  connect(editor_, &QPlainTextEdit::textChanged, this, &TryTextDialog::predict);
  runInBackground(
      this, [dir = runDir.toStdString()] { return std::make_shared<const TextPredictor>(dir); },
      [this](std::shared_ptr<const TextPredictor> loaded) {
        if (!loaded->ok()) {
          answer_->setText(tr("This run's model cannot be used: %1").arg(QString::fromStdString(loaded->error())));
          return;
        }
        predictor_ = std::move(loaded);
        predict();
      });
}

TryTextDialog::~TryTextDialog() = default;

void TryTextDialog::predict() {
  if (!predictor_) return;
  const quint64 asked = ++asked_;
  runInBackground(
      this, [predictor = predictor_, text = editor_->toPlainText().toStdString()] { return predictor->predict(text); },
      [this, asked](TextPrediction p) {
        if (asked != asked_) return;  // the text changed since
        if (!p.ok) {
          answer_->setText(QString::fromStdString(p.error));
          tokens_->clear();
        } else {
          QStringList shares;
          for (size_t k = 0; k < std::min<size_t>(5, p.classes.size()); ++k)
            shares << QString("%1 %2%").arg(QString::fromStdString(p.classes[k].label),
                                            QLocale().toString(100.0 * p.classes[k].probability, 'f', 1));
          answer_->setText(tr("Predicted: %1\n%2").arg(QString::fromStdString(p.predicted), shares.join(" · ")));
          QStringList words;
          for (const auto& t : p.tokens) words << QString::fromStdString(t).toHtmlEscaped();
          tokens_->setHtml(words.join(' ').replace("&lt;unk&gt;", "<span style=\"color:#888888\">&lt;unk&gt;</span>"));
        }
        emit answered();
      });
}

}  // namespace trainscope::ui
