#include "ui/pages/experiment_form.h"

#include "ui/experiment_document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QVBoxLayout>

namespace trainscope::ui {

namespace {
std::string pointerOf(const std::string& field) {
  std::string p = "/" + field;
  for (auto& c : p)
    if (c == '.') c = '/';
  return p;
}

// What the user typed, as JSON: numbers and lists as numbers, anything else as text
// (which the engine then reports as the wrong type, naming the field).
nlohmann::json parseTyped(const QString& text, bool list) {
  const QString t = text.trimmed();
  const std::string s = (list || t.contains(',')) && !t.startsWith('[') ? "[" + t.toStdString() + "]" : t.toStdString();
  nlohmann::json j = nlohmann::json::parse(s, nullptr, /*allow_exceptions=*/false);
  return j.is_discarded() ? nlohmann::json(t.toStdString()) : j;
}

bool isListField(const std::string& field) { return field == "scheduler.milestones"; }

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
}  // namespace

ExperimentForm::ExperimentForm(ExperimentDocument* document, QWidget* parent) : QWidget(parent), doc_(document) {
  auto* layout = new QVBoxLayout(this);
  auto group = [&](const QString& title) {
    auto* box = new QGroupBox(title, this);
    auto* form = new QFormLayout(box);
    layout->addWidget(box);
    return form;
  };

  QFormLayout* opt = group(tr("Optimizer"));
  addChoice(opt, "optimizer.name", tr("Optimizer"), {{"sgd", "SGD"}, {"adam", "Adam"}, {"adamw", "AdamW"}},
            tr("How the weights move. SGD with momentum is the classic and generalises well; Adam adapts a step size "
               "per weight and is forgiving of the learning rate; AdamW is Adam with weight decay done right."));
  addText(opt, "optimizer.lr", tr("Learning rate"),
          tr("The size of each step. Too high and the loss jumps or becomes NaN; too low and nothing happens. "
             "Typical: 0.1-0.01 for SGD, 1e-3 to 3e-4 for Adam."));
  addText(
      opt, "optimizer.momentum", tr("Momentum"),
      tr("SGD only: how much of the previous step carries over, smoothing noisy gradients. 0.9 is the usual choice."));
  addCheck(opt, "optimizer.nesterov", tr("Nesterov"),
           tr("SGD only: looks ahead along the momentum before computing the gradient; often slightly better."));
  addText(opt, "optimizer.weight_decay", tr("Weight decay"),
          tr("Pulls weights towards zero each step, a brake on overfitting. Try 1e-4 to 5e-4; raise it when the "
             "validation loss climbs while the training loss falls."));

  QFormLayout* sched = group(tr("Learning-rate schedule"));
  addChoice(sched, "scheduler.name", tr("Schedule"),
            {{"constant", tr("constant")}, {"step", "StepLR"}, {"multistep", "MultiStepLR"}, {"cosine", tr("cosine")}},
            tr("How the learning rate changes during training. Lowering it late lets the model settle into a "
               "minimum: step drops it by gamma every step_size epochs, cosine glides it down smoothly."));
  addText(sched, "scheduler.step_size", tr("Step size (epochs)"), tr("StepLR: epochs between two drops."));
  addText(sched, "scheduler.gamma", tr("Gamma"),
          tr("StepLR / MultiStepLR: the factor of each drop (0.1 = ten times smaller)."));
  addText(sched, "scheduler.milestones", tr("Milestones (epochs)"),
          tr("MultiStepLR: the epochs at which to drop, e.g. 30, 60."));
  addText(sched, "scheduler.eta_min", tr("Minimum rate"), tr("Cosine: the learning rate it ends at."));
  addText(sched, "scheduler.warmup_epochs", tr("Warmup (epochs)"),
          tr("Start small and ramp up linearly over this many epochs: large models and large batches are unstable "
             "in their first steps. May be fractional, e.g. 0.5."));

  QFormLayout* train = group(tr("Training"));
  addText(train, "epochs", tr("Epochs"),
          tr("Passes over the training set. Watch the validation curve to see when more stop helping."));
  addText(train, "loader.batch_size", tr("Batch size"),
          tr("Images per step. Larger batches are faster per image but need more memory and often a larger learning "
             "rate."));
  addText(train, "training.grad_accum_steps", tr("Gradient accumulation"),
          tr("Sum the gradients of this many batches before one optimizer step: a large effective batch when memory is "
             "short."));
  addText(train, "training.clip_grad_norm", tr("Clip gradient norm"),
          tr("Scales gradients down when their overall norm exceeds this (0 = off). A seat belt against exploding "
             "gradients; 1.0 to 5.0 is common."));
  addText(train, "training.label_smoothing", tr("Label smoothing"),
          tr("Trains towards 90% instead of 100% confidence (at 0.1), which calibrates the model and often helps a "
             "little."));
  addText(train, "training.mixup_alpha", tr("MixUp alpha"),
          tr("Blends each batch with a shuffled copy of itself, labels too (Beta(alpha, alpha) weights): a brake on "
             "overfitting small datasets. Try 0.2; 0 is off."));
  addText(train, "training.cutmix_alpha", tr("CutMix alpha"),
          tr("Pastes a box from another image of the batch, labels weighted by its area. Try 1.0; 0 is off. With "
             "MixUp on too, each batch gets one of the two."));
  addText(train, "model.unfreeze_epoch", tr("Unfreeze at epoch"),
          tr("Fine-tuning: from this epoch on, the frozen layers (Model page) train too. 0 keeps them frozen."));
  addText(train, "model.backbone_lr_factor", tr("Backbone LR factor"),
          tr("Fine-tuning: the learning rate of every layer but the classifier head, as a share of the rate "
             "(0.1 is common). 1 trains all alike."));

  QFormLayout* debug = group(tr("Debugging"));
  addChoice(debug, "training.nan_guard", tr("NaN guard"),
            {{"pause", tr("pause")}, {"stop", tr("stop")}, {"skip", tr("skip the batch")}, {"off", tr("off")}},
            tr("When the loss or a gradient becomes NaN or infinite: pause the run (and save the batch and the first "
               "bad layer to HDF5), stop it, or skip that batch and go on. The bad step is never applied. Its check "
               "costs about 1% of a step."));
  addCheck(debug, "training.anomaly_detection", tr("Anomaly detection (slow)"),
           tr("autograd's detect_anomaly: every backward op checks its output and the first one producing NaN is "
              "named. Costs about half the speed: turn it on to chase a NaN, not to train."));
  addCheck(debug, "probes.enabled", tr("Probes"),
           tr("Statistics of every layer's output and gradient each step, and histograms, for the Inspect page and "
              "probes.h5. Within 3% of a step's time."));
  addText(debug, "probes.histogram_every", tr("Histogram every (steps)"),
          tr("Steps between full histograms and update-to-weight ratios (0 = none). Each costs a pass over every "
             "activation and gradient."));

  QFormLayout* aug = group(tr("Augmentation"));
  addAugmentation(aug);

  QFormLayout* sys = group(tr("Reproducibility and resources"));
  addText(sys, "seed", tr("Seed"), tr("Seeds weight initialisation, shuffling and augmentation. Same seed, same run."));
  addCheck(sys, "deterministic", tr("Deterministic"),
           tr("Only deterministic kernels: bit-identical reruns at some speed cost. On the CPU, the same seed and "
              "thread count already repeat exactly."));
  addText(sys, "loader.num_workers", tr("Loader workers"),
          tr("Threads preparing batches while the model trains. Raise it when the data-wait share is high."));
  addText(sys, "threads", tr("Threads"), tr("LibTorch compute threads; 0 uses every core."));
  layout->addStretch(1);

  connect(doc_, &ExperimentDocument::changed, this, &ExperimentForm::refresh);
  refresh();
}

QWidget* ExperimentForm::editorFor(const std::string& field) const {
  const auto it = editors_.find(field);
  return it == editors_.end() ? nullptr : it->second;
}

void ExperimentForm::addEditor(QFormLayout* form, const std::string& field, const QString& label, QWidget* editor,
                               const QString& tip) {
  editor->setToolTip(tip);
  editor->setProperty("tip", tip);  // kept apart: a problem's message is shown above it
  form->addRow(label, editor);
  editors_[field] = editor;
}

void ExperimentForm::addText(QFormLayout* form, const std::string& field, const QString& label, const QString& tip) {
  auto* edit = new QLineEdit(this);
  addEditor(form, field, label, edit, tip);
  connect(edit, &QLineEdit::textEdited, this, [this, field](const QString& text) {
    if (updating_) return;
    if (text.trimmed().isEmpty() && !isListField(field))
      doc_->unset(pointerOf(field));  // an empty field means "the default"
    else
      doc_->set(pointerOf(field), parseTyped(text, isListField(field)));
  });
}

void ExperimentForm::addChoice(QFormLayout* form, const std::string& field, const QString& label,
                               const QList<QPair<QString, QString>>& choices, const QString& tip) {
  auto* box = new QComboBox(this);
  for (const auto& [value, shown] : choices) box->addItem(shown, value);
  addEditor(form, field, label, box, tip);
  connect(box, &QComboBox::currentIndexChanged, this, [this, field, box] {
    if (!updating_) doc_->set(pointerOf(field), box->currentData().toString().toStdString());
  });
}

void ExperimentForm::addCheck(QFormLayout* form, const std::string& field, const QString& label, const QString& tip) {
  auto* box = new QCheckBox(this);
  addEditor(form, field, label, box, tip);
  connect(box, &QCheckBox::toggled, this, [this, field](bool on) {
    if (!updating_) doc_->set(pointerOf(field), on);
  });
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
  const auto& problems = doc_->problems();
  for (auto& [field, editor] : editors_) {
    const nlohmann::json v = doc_->value(pointerOf(field));
    if (auto* e = qobject_cast<QLineEdit*>(editor)) {
      if (!e->hasFocus()) e->setText(display(v));  // never fight the user's typing
    } else if (auto* c = qobject_cast<QComboBox*>(editor)) {
      if (v.is_string()) c->setCurrentIndex(c->findData(QString::fromStdString(v.get<std::string>())));
    } else if (auto* b = qobject_cast<QCheckBox*>(editor)) {
      b->setChecked(v.is_boolean() && v.get<bool>());
    }
    // "scheduler.milestones[1]" belongs to the milestones editor.
    auto problem = problems.begin();
    for (; problem != problems.end(); ++problem)
      if (problem->first == field || problem->first.rfind(field + "[", 0) == 0 ||
          problem->first.rfind(field + ".", 0) == 0)
        break;
    const bool bad = problem != problems.end();
    editor->setStyleSheet(bad ? "background-color: #ffd7d7;" : "");
    const QString tip = editor->property("tip").toString();
    editor->setToolTip(
        bad ? QString("<b>%1</b><br>%2").arg(QString::fromStdString(problem->second).toHtmlEscaped(), tip) : tip);
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
