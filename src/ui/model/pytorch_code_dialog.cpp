#include "ui/model/pytorch_code_dialog.h"

#include "engine/deploy/pytorch_script.h"
#include "engine/system/atomic_file.h"
#include "ui/run/background.h"
#include "widgets/python_highlighter.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace trainscope::ui {

PytorchCodeDialog::PytorchCodeDialog(const ExperimentConfig& config, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("The experiment as PyTorch code"));
  note_ = new QLabel(tr("Writing the script…"), this);
  note_->setWordWrap(true);
  note_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  text_ = new QPlainTextEdit(this);
  text_->setReadOnly(true);
  text_->setLineWrapMode(QPlainTextEdit::NoWrap);
  text_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  copy_ = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
  save_ = buttons->addButton(tr("Save…"), QDialogButtonBox::ActionRole);
  copy_->setEnabled(false);
  save_->setEnabled(false);
  connect(copy_, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(code()); });
  connect(save_, &QPushButton::clicked, this, &PytorchCodeDialog::save);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(note_);
  layout->addWidget(text_, 1);
  layout->addWidget(buttons);
  // As large as the screen allows, up to a comfortable reading size.
  const QSize room = parent ? parent->window()->size() : QSize(1000, 700);
  resize(std::min(900, room.width() - 40), std::min(760, room.height() - 40));
  // A table's script is written from its columns as a run reads them: the file is read
  // in the background.
  ScriptSources sources;
  sources.origin = "the app's experiment \"" + config.name + "\"";
  runInBackground(
      this, [config, sources] { return pytorchScript(config, sources); },
      [this](PytorchScript script) { showScript(script); });
}

void PytorchCodeDialog::showScript(const PytorchScript& script) {
  if (!script.ok) {
    note_->setText(tr("No script for this experiment yet: %1 (%2).")
                       .arg(QString::fromStdString(script.error), QString::fromStdString(script.field)));
    emit written(false);
    return;
  }
  QString note =
      tr("What this experiment does, written as a PyTorch script: the Dataset, the DataLoader, the "
         "model as an nn.Module with the same layer names, the optimizer and the loop. Save it as "
         "train.py and run it with /usr/bin/python3 train.py.");
  if (!script.omitted.empty()) {
    QStringList keys;
    for (const auto& key : script.omitted) keys << QString::fromStdString(key);
    note += " " + tr("Not written out (the engine applies them, the script does not): %1.").arg(keys.join(", "));
  }
  note_->setText(note);
  text_->setPlainText(QString::fromStdString(script.text));
  (new widgets::PythonHighlighter(text_->document()))->rehighlight();  // now, not at the next event
  copy_->setEnabled(true);
  save_->setEnabled(true);
  emit written(true);
}

QString PytorchCodeDialog::code() const { return text_->toPlainText(); }

QString PytorchCodeDialog::saveTo(const QString& path) const {
  std::string why;
  if (!writeOutputFile(path.toStdString(), code().toStdString(), &why)) return QString::fromStdString(why);
  return {};
}

void PytorchCodeDialog::save() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Save the PyTorch script"), QDir::home().filePath("train.py"), tr("Python (*.py);;All files (*)"));
  if (path.isEmpty()) return;
  const QString why = saveTo(path);
  if (!why.isEmpty())
    QMessageBox::warning(this, tr("Save the PyTorch script"), tr("Cannot write %1: %2").arg(path, why));
}

}  // namespace trainscope::ui
