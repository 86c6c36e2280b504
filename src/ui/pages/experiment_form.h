// The experiment's settings as a form. Each field edits one JSON field of the document,
// carries a tooltip that says what it does and when to change it, and is marked in red
// with the engine's own message when its value is invalid.
#pragma once

#include <QWidget>

#include <map>
#include <string>

class QFormLayout;
class QCheckBox;
class QDoubleSpinBox;

namespace trainscope::ui {

class ExperimentDocument;

class ExperimentForm : public QWidget {
  Q_OBJECT
 public:
  explicit ExperimentForm(ExperimentDocument* document, QWidget* parent = nullptr);
  // The editor of a config field ("optimizer.lr"), for tests; nullptr when none.
  QWidget* editorFor(const std::string& field) const;

 private:
  void addEditor(QFormLayout* form, const std::string& field, const QString& label, QWidget* editor,
                 const QString& tip);
  void addText(QFormLayout* form, const std::string& field, const QString& label, const QString& tip);
  // `choices`: (value written to the config, what the menu shows).
  void addChoice(QFormLayout* form, const std::string& field, const QString& label,
                 const QList<QPair<QString, QString>>& choices, const QString& tip);
  void addCheck(QFormLayout* form, const std::string& field, const QString& label, const QString& tip);
  void addAugmentation(QFormLayout* form);
  void refresh();  // document -> editors, and problem marks

  ExperimentDocument* doc_;
  std::map<std::string, QWidget*> editors_;  // "optimizer.lr" -> its editor
  QCheckBox* augment_ = nullptr;
  QDoubleSpinBox *minScale_ = nullptr, *flip_ = nullptr, *jitter_ = nullptr;
  bool updating_ = false;
};

}  // namespace trainscope::ui
