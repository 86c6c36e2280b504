// Model > PyTorch code…: the experiment on the Model page written as a PyTorch script
// (engine/deploy/pytorch_script.h), highlighted, to copy or save as train.py. What the
// script leaves out, or why none can be written, is said above it. The script is written
// in the background (a table's is written from its columns: the file is read).
#pragma once

#include "engine/config/config.h"
#include "engine/deploy/pytorch_script.h"

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace trainscope::ui {

class PytorchCodeDialog : public QDialog {
  Q_OBJECT
 public:
  PytorchCodeDialog(const ExperimentConfig& config, QWidget* parent = nullptr);
  QString code() const;
  // Writes the script to `path` (atomically); the reason when it cannot.
  QString saveTo(const QString& path) const;

 signals:
  void written(bool ok);  // the script is shown (ok), or why there is none

 private:
  void showScript(const PytorchScript& script);
  void save();
  QLabel* note_;
  QPlainTextEdit* text_;
  QPushButton *copy_, *save_;
};

}  // namespace trainscope::ui
