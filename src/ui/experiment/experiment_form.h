// The experiment's settings as a form: one row per config field the engine declares
// for the form (config_fields.h), in its group and order, with its translated label
// and tooltip. Each row edits that field of the document and is marked in red with
// the engine's own message when its value is invalid.
#pragma once

#include <QWidget>

#include "engine/config/config_fields.h"

#include <utility>
#include <vector>

class QFormLayout;
class QCheckBox;
class QDoubleSpinBox;

namespace trainscope::ui {

class ExperimentDocument;

class ExperimentForm : public QWidget {
  Q_OBJECT
 public:
  explicit ExperimentForm(ExperimentDocument* document, QWidget* parent = nullptr);
  // The editor of a config field, for tests; nullptr when the form has none.
  QWidget* editorFor(const ConfigField& field) const;

 private:
  void addField(QFormLayout* form, const ConfigField& field);
  QWidget* newText(const ConfigField& field);    // numbers, lists, free text
  QWidget* newChoice(const ConfigField& field);  // a string of declared choices
  QWidget* newCheck(const ConfigField& field);   // a flag
  void addAugmentation(QFormLayout* form);
  void refresh();  // document -> editors, and problem marks
  static void showProblem(QWidget* editor, const Problem* problem);

  ExperimentDocument* doc_;
  std::vector<std::pair<const ConfigField*, QWidget*>> editors_;  // in form order
  QCheckBox* augment_ = nullptr;
  QDoubleSpinBox *minScale_ = nullptr, *flip_ = nullptr, *jitter_ = nullptr;
  bool updating_ = false;
};

}  // namespace trainscope::ui
