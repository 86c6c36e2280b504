#include "ui/experiment/experiment_form.h"

#include "ui/experiment/experiment_document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QVBoxLayout>

#include <algorithm>

namespace trainscope::ui {

namespace {
// What the user typed, as JSON: numbers and lists as numbers, anything else as text
// (which the engine then reports as the wrong type, naming the field).
nlohmann::json parseTyped(const QString& text, bool list) {
  const QString t = text.trimmed();
  const std::string s = (list || t.contains(',')) && !t.startsWith('[') ? "[" + t.toStdString() + "]" : t.toStdString();
  nlohmann::json j = nlohmann::json::parse(s, nullptr, /*allow_exceptions=*/false);
  return j.is_discarded() ? nlohmann::json(t.toStdString()) : j;
}

QString display(const nlohmann::json& v) {
  if (v.is_null()) return {};
  if (v.is_string()) return QString::fromStdString(v.get<std::string>());
  if (v.is_array()) {
    QStringList parts;
    for (const auto& e : v) parts << QString::fromStdString(e.dump());
    return parts.join(", ");
  }
  return QString::fromStdString(v.dump());
}

QString translated(const char* source) { return QCoreApplication::translate(kConfigContext, source); }

// The declared fields of one form group, in their order on the form.
std::vector<const ConfigField*> fieldsOf(FormGroup group) {
  std::vector<const ConfigField*> out;
  for (const auto& f : configFields())
    if (f.group == group) out.push_back(&f);
  std::stable_sort(out.begin(), out.end(), [](const auto* a, const auto* b) { return a->rank < b->rank; });
  return out;
}
}  // namespace

ExperimentForm::ExperimentForm(ExperimentDocument* document, QWidget* parent) : QWidget(parent), doc_(document) {
  auto* layout = new QVBoxLayout(this);
  const std::pair<FormGroup, QString> groups[] = {
      {FormGroup::Optimizer, tr("Optimizer")},       {FormGroup::Schedule, tr("Learning-rate schedule")},
      {FormGroup::Training, tr("Training")},         {FormGroup::Debugging, tr("Debugging")},
      {FormGroup::Augmentation, tr("Augmentation")}, {FormGroup::Resources, tr("Reproducibility and resources")}};
  for (const auto& [group, title] : groups) {
    auto* box = new QGroupBox(title, this);
    auto* form = new QFormLayout(box);
    layout->addWidget(box);
    if (group == FormGroup::Augmentation) addAugmentation(form);
    for (const ConfigField* field : fieldsOf(group)) addField(form, *field);
  }
  layout->addStretch(1);

  connect(doc_, &ExperimentDocument::changed, this, &ExperimentForm::refresh);
  refresh();
}

QWidget* ExperimentForm::editorFor(const ConfigField& field) const {
  for (const auto& [f, editor] : editors_)
    if (f == &field) return editor;
  return nullptr;
}

void ExperimentForm::addField(QFormLayout* form, const ConfigField& field) {
  const bool isBool = std::holds_alternative<bool*>(field.at(fieldProbe()));
  QWidget* editor = isBool                                    ? static_cast<QWidget*>(newCheck(field))
                    : field.choices.empty() || field.isList() ? static_cast<QWidget*>(newText(field))
                                                              : static_cast<QWidget*>(newChoice(field));
  const QString tip = translated(field.tip);
  editor->setToolTip(tip);
  editor->setProperty("tip", tip);  // kept apart: a problem's message is shown above it
  form->addRow(translated(field.label), editor);
  editors_.push_back({&field, editor});
}

QWidget* ExperimentForm::newText(const ConfigField& field) {
  auto* edit = new QLineEdit(this);
  connect(edit, &QLineEdit::textEdited, this, [this, &field](const QString& text) {
    if (updating_) return;
    if (text.trimmed().isEmpty() && !field.isList())
      doc_->unset(field);  // an empty field means "the default"
    else
      doc_->set(field, parseTyped(text, field.isList()));
  });
  return edit;
}

QWidget* ExperimentForm::newChoice(const ConfigField& field) {
  auto* box = new QComboBox(this);
  for (const auto& c : field.choices)
    box->addItem(*c.label ? translated(c.label) : QString::fromStdString(c.value), QString::fromStdString(c.value));
  connect(box, &QComboBox::currentIndexChanged, this, [this, &field, box] {
    if (!updating_) doc_->set(field, box->currentData().toString().toStdString());
  });
  return box;
}

QWidget* ExperimentForm::newCheck(const ConfigField& field) {
  auto* box = new QCheckBox(this);
  connect(box, &QCheckBox::toggled, this, [this, &field](bool on) {
    if (!updating_) doc_->set(field, on);
  });
  return box;
}

void ExperimentForm::showProblem(QWidget* editor, const Problem* problem) {
  editor->setStyleSheet(problem ? "background-color: #ffd7d7;" : "");
  const QString tip = editor->property("tip").toString();
  editor->setToolTip(
      problem ? QString("<b>%1</b><br>%2").arg(QString::fromStdString(problem->message).toHtmlEscaped(), tip) : tip);
}

void ExperimentForm::addAugmentation(QFormLayout* form) {
  augment_ = new QCheckBox(tr("Augment training images"), this);
  augment_->setToolTip(
      tr("Random crops, flips and colour changes give the model new views of the same images "
         "each epoch: the cheapest cure for overfitting. Validation images are never augmented."));
  auto spin = [&](double min, double max, double step, const QString& tip) {
    auto* s = new QDoubleSpinBox(this);
    s->setRange(min, max);
    s->setSingleStep(step);
    s->setDecimals(2);
    s->setKeyboardTracking(false);  // one edit when the user is done typing, not per key
    s->setToolTip(tip);
    return s;
  };
  minScale_ = spin(0.05, 1.0, 0.05,
                   tr("RandomResizedCrop keeps between this share of the image and all of it, "
                      "then resizes back. 0.08 is ImageNet's bold default; 0.5-0.9 suits small images."));
  flip_ = spin(0.0, 1.0, 0.1,
               tr("RandomHorizontalFlip: the chance of a mirror image. Fine for clothes and "
                  "animals, wrong for digits and text."));
  jitter_ =
      spin(0.0, 1.0, 0.05, tr("ColorJitter strength for brightness, contrast (and saturation on colour images)."));
  form->addRow(augment_);
  form->addRow(tr("Crop scale from"), minScale_);
  form->addRow(tr("Flip probability"), flip_);
  form->addRow(tr("Colour jitter"), jitter_);
  auto apply = [this] {
    if (updating_) return;
    ExperimentDocument::Augmentation a;
    a.enabled = augment_->isChecked();
    a.min_scale = minScale_->value();
    a.flip = flip_->value();
    a.jitter = jitter_->value();
    doc_->setAugmentation(a);
  };
  connect(augment_, &QCheckBox::toggled, this, apply);
  for (auto* s : {minScale_, flip_, jitter_}) connect(s, qOverload<double>(&QDoubleSpinBox::valueChanged), this, apply);
}

void ExperimentForm::refresh() {
  updating_ = true;
  for (const auto& [field, editor] : editors_) {
    const nlohmann::json v = doc_->value(*field);
    if (auto* e = qobject_cast<QLineEdit*>(editor)) {
      if (!e->hasFocus()) e->setText(display(v));  // never fight the user's typing
    } else if (auto* c = qobject_cast<QComboBox*>(editor)) {
      if (v.is_string()) c->setCurrentIndex(c->findData(QString::fromStdString(v.get<std::string>())));
    } else if (auto* b = qobject_cast<QCheckBox*>(editor)) {
      b->setChecked(v.is_boolean() && v.get<bool>());
    }
    showProblem(editor, doc_->problemOf(*field));
  }
  const auto a = doc_->augmentation();
  augment_->setEnabled(doc_->config() != nullptr);  // derived from the val pipeline, which must be valid
  augment_->setChecked(a.enabled);
  minScale_->setValue(a.min_scale);
  flip_->setValue(a.flip);
  jitter_->setValue(a.jitter);
  for (auto* s : {minScale_, flip_, jitter_}) s->setEnabled(a.enabled);
  updating_ = false;
}

}  // namespace trainscope::ui
