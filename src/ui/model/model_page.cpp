#include "ui/model/model_page.h"

#include "engine/config/config_checks.h"
#include "engine/data/dataset_source.h"
#include "ui/experiment/experiment_document.h"
#include "ui/experiment/experiment_form.h"
#include "ui/model/graph_dialog.h"
#include "ui/model/model_dialogs.h"
#include "ui/model/pytorch_code_dialog.h"
#include "ui/run/background.h"
#include "widgets/summary_table.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QtConcurrent/QtConcurrentRun>

namespace trainscope::ui {

namespace {
// What each built-in model is, by its model.name (the config field declares the names).
const char* modelNote(const QString& name) {
  static const QHash<QString, const char*> notes{
      {"mlp",
       QT_TRANSLATE_NOOP("ModelPage",
                         "A multi-layer perceptron: flatten the image, then fully connected layers. The baseline.")},
      {"lenet",
       QT_TRANSLATE_NOOP("ModelPage",
                         "LeNet-5: two 5x5 convolutions with pooling, then three fully connected layers. Small, "
                         "fast, the classic.")},
      {"vgg", QT_TRANSLATE_NOOP("ModelPage",
                                "A small VGG: three stages of 3x3 convolution + BatchNorm + ReLU, Dropout before the "
                                "classifier.")},
      {"resnet18",
       QT_TRANSLATE_NOOP("ModelPage",
                         "ResNet-18: residual blocks that let gradients flow through 18 layers. Strong, and "
                         "slow on a CPU.")},
      {"fastcnn", QT_TRANSLATE_NOOP("ModelPage",
                                    "Fast CNN: seven 3x3 convolutions with BatchNorm, strided instead of pooled, and "
                                    "global average pooling. Made for your own photos at 64-128 px: useful in minutes "
                                    "on a laptop.")},
      {"tabular_mlp", QT_TRANSLATE_NOOP("ModelPage",
                                        "For tables: each category column embedded (or one-hot), beside the "
                                        "standardised numbers, then Linear, BatchNorm1d, the activation and Dropout "
                                        "per hidden layer.")},
      {"text_cnn", QT_TRANSLATE_NOOP("ModelPage",
                                     "For text: each token embedded, 1-D convolutions over 3, 4 and 5 tokens, and "
                                     "the largest response of each filter anywhere in the document (the padding "
                                     "never counts). Fast, and strong on topics and keywords.")},
      {"text_gru", QT_TRANSLATE_NOOP("ModelPage",
                                     "For text: each token embedded, then a GRU reads the document word by word; "
                                     "its state after the last word classifies it. Packed sequences skip the "
                                     "padding.")},
      {"torchscript", QT_TRANSLATE_NOOP("ModelPage",
                                        "Your own model from Python: a file saved with torch.jit.save(torch.jit.script("
                                        "model)). Its last Linear layer is replaced to fit your classes; freeze the "
                                        "backbone to fine-tune it.")}};
  return notes.value(name, "");
}

// The models that fit the data (engine/config/config_checks.h: its family).
QStringList modelsFor(const ExperimentDocument& doc) {
  DatasetConfig data;
  data.kind = doc.datasetKind();
  if (doc.datasetIsText()) data.kind = "text-folder";
  QStringList names;
  for (const auto& name : configField(&ExperimentConfig::model, &ModelConfig::name).choiceValues())
    if (modelFamilyOf(name) == dataFamilyOf(data)) names << QString::fromStdString(name);
  return names;
}

QString shapeText(const std::vector<int64_t>& s) { return QString::fromStdString(formatShape(s)); }
}  // namespace

ModelPage::ModelPage(ExperimentDocument* document, QWidget* parent) : QWidget(parent), doc_(document) {
  auto* splitter = new QSplitter(this);
  splitter->addWidget(makeModelChooser());
  splitter->addWidget(makeExperimentPanel());
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(splitter);
  connectModelFields();
  connect(&watcher_, &QFutureWatcher<SummaryResult>::finished, this, [this] {
    showSummary(watcher_.result());
    if (refreshQueued_) {
      refreshQueued_ = false;
      refreshSummary();
    }
  });
  connect(doc_, &ExperimentDocument::changed, this, &ModelPage::refreshSummary);
  connect(doc_, &ExperimentDocument::datasetChanged, this, &ModelPage::refreshSummary);
  refreshSummary();
}

// The model, its settings and its summary (layers, output shapes, parameters).
QWidget* ModelPage::makeModelChooser() {
  model_ = new QComboBox(this);
  model_->addItems(modelsFor(*doc_));
  hidden_ = new QLineEdit(this);
  hidden_->setToolTip(tr("MLP: the width of each hidden layer, e.g. 256, 128."));
  activation_ = new QComboBox(this);
  activation_->addItems({"relu", "sigmoid", "tanh"});
  activation_->setToolTip(
      tr("MLP: the non-linearity. ReLU trains deep stacks; sigmoid and tanh saturate and make "
         "gradients vanish as layers pile up."));
  batchNorm_ = new QCheckBox(tr("after each hidden layer"), this);
  batchNorm_->setToolTip(
      tr("Tables: normalise each hidden layer's outputs over the batch (%1).")
          .arg(QString::fromStdString(configField(&ExperimentConfig::model, &ModelConfig::batch_norm).key)));
  categorical_ = new QComboBox(this);
  for (const auto& c : configField(&ExperimentConfig::model, &ModelConfig::categorical).choices)
    categorical_->addItem(
        *c.label ? QCoreApplication::translate(kConfigContext, c.label) : QString::fromStdString(c.value),
        QString::fromStdString(c.value));
  categorical_->setToolTip(
      tr("Tables: each category as a learned embedding (nn.Embedding) or a one-hot vector (%1).")
          .arg(QString::fromStdString(configField(&ExperimentConfig::model, &ModelConfig::categorical).key)));
  dropout_ = new QLineEdit(this);
  dropout_->setToolTip(tr("MLP and VGG: the share of units switched off at random while training (0 = none)."));
  imageSize_ = new QSpinBox(this);
  imageSize_->setRange(0, 1024);
  imageSize_->setSingleStep(16);
  imageSize_->setSuffix(tr(" px"));
  imageSize_->setSpecialValueText(tr("as the transforms say"));
  imageSize_->setToolTip(
      tr("The side of the square images the model sees: every Resize and crop of both pipelines follows it. "
         "Smaller is much faster (64 px is 12x less work than 224 px) and is often enough for photos."));
  scriptPath_ = new QLineEdit(this);
  scriptPath_->setPlaceholderText(tr("model.pt, saved with torch.jit.save"));
  auto* browse = new QPushButton(tr("Browse…"), this);
  auto* scriptRow = new QHBoxLayout();
  scriptRow->addWidget(scriptPath_, 1);
  scriptRow->addWidget(browse);
  freeze_ = new QLineEdit(this);
  freeze_->setPlaceholderText(tr("backbone, or layer names: conv1, layer1"));
  freeze_->setToolTip(
      tr("Parameters that do not train: \"backbone\" is every layer but the classifier head; or "
         "names from the summary (a name freezes everything under it)."));
  note_ = new QLabel(this);
  note_->setWordWrap(true);
  auto* note = note_;

  auto* choose = new QGroupBox(tr("Model"), this);
  auto* cf = new QFormLayout(choose);
  cf->addRow(tr("Built-in model"), model_);
  cf->addRow(note);
  cf->addRow(tr("Image size"), imageSize_);
  cf->addRow(tr("TorchScript file"), scriptRow);
  cf->addRow(tr("Freeze"), freeze_);
  cf->addRow(tr("Hidden layers"), hidden_);
  cf->addRow(tr("Activation"), activation_);
  cf->addRow(tr("Dropout"), dropout_);
  cf->addRow(tr("Batch norm"), batchNorm_);
  cf->addRow(tr("Categories"), categorical_);

  summary_ = new widgets::SummaryTable({tr("Layer"), tr("Type"), tr("Output shape"), tr("Parameters")}, this);
  auto* left = new QWidget(this);
  auto* ll = new QVBoxLayout(left);
  ll->setContentsMargins(0, 0, 0, 0);
  ll->addWidget(choose);
  ll->addWidget(summary_, 1);

  connect(browse, &QPushButton::clicked, this, [this] {
    const QString f = QFileDialog::getOpenFileName(this, tr("TorchScript model"), scriptPath_->text(),
                                                   tr("TorchScript (*.pt *.pth *.ptl);;All files (*)"));
    if (f.isEmpty()) return;
    doc_->set(configField(&ExperimentConfig::model, &ModelConfig::name), "torchscript");
    doc_->set(configField(&ExperimentConfig::model, &ModelConfig::path), f.toStdString());
  });
  return left;
}

// The experiment's form, its problems, and the tools that fill it in.
QWidget* ModelPage::makeExperimentPanel() {
  form_ = new ExperimentForm(doc_, this);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(form_);
  scroll->setWidgetResizable(true);
  auto* open = new QPushButton(tr("Open experiment…"), this);
  auto* save = new QPushButton(tr("Save experiment…"), this);
  auto* grid = new QPushButton(tr("Grid…"), this);
  grid->setToolTip(
      tr("Queue every combination of a few settings (e.g. learning rate x weight decay) and compare them."));
  auto* search = new QPushButton(tr("Search…"), this);
  search->setToolTip(
      tr("Search learning rate, weight decay, batch size, ...: trials drawn at random, the weaker "
         "ones stopped early, the best against the experiment as it is."));
  problems_ = new QLabel(this);
  problems_->setWordWrap(true);
  problems_->setStyleSheet("color: #b00020;");
  auto* right = new QWidget(this);
  auto* rl = new QVBoxLayout(right);
  rl->setContentsMargins(0, 0, 0, 0);
  rl->addWidget(scroll, 1);
  rl->addWidget(problems_);
  // Two rows: the page fits 1024x768 in presentation mode's larger font too.
  auto* buttons = new QGridLayout();
  buttons->addWidget(open, 0, 0);
  buttons->addWidget(save, 0, 1);
  auto* findLr = findLr_ = new QPushButton(tr("Find LR…"), this);
  findLr->setToolTip(
      tr("Learning-rate range test: a short run with a growing rate, the loss plotted against it, "
         "and a suggested rate."));
  auto* fitBatch = fitBatch_ = new QPushButton(tr("Fit batch…"), this);
  fitBatch->setToolTip(
      tr("Measure the largest batch that fits in memory, and the gradient accumulation that "
         "reaches the batch you want."));
  buttons->addWidget(findLr, 1, 0);
  buttons->addWidget(fitBatch, 1, 1);
  buttons->addWidget(grid, 1, 2);
  buttons->addWidget(search, 0, 2);
  buttons->addWidget(makeCodeButton(), 2, 0);
  buttons->addWidget(makeGraphButton(), 2, 1);
  buttons->setColumnStretch(3, 1);
  rl->addLayout(buttons);

  connect(open, &QPushButton::clicked, this, &ModelPage::openExperimentRequested);
  connect(save, &QPushButton::clicked, this, &ModelPage::saveExperimentRequested);
  connect(grid, &QPushButton::clicked, this, &ModelPage::gridRequested);
  connect(search, &QPushButton::clicked, this, &ModelPage::searchRequested);
  connect(findLr, &QPushButton::clicked, this, [this] {
    const ExperimentConfig* cfg = doc_->config();
    if (!cfg || !doc_->dataset()) return;
    auto* dialog = new LrFinderDialog(
        *cfg,
        [this](double lr) {
          doc_->set(configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr),
                    std::stod(QString::number(lr, 'g', 3).toStdString()));
        },
        this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
  });
  connect(fitBatch, &QPushButton::clicked, this, [this] {
    const ExperimentConfig* cfg = doc_->config();
    if (!cfg || !doc_->dataset()) return;
    fitBatchSize(this, *cfg, [this](int batch, int accum, int segments) {
      doc_->set(configField(&ExperimentConfig::loader, &LoaderConfig::batch_size), batch);
      doc_->set(configField(&ExperimentConfig::training, &TrainingConfig::grad_accum_steps), accum);
      if (segments > 0)
        doc_->set(configField(&ExperimentConfig::model, &ModelConfig::activation_checkpointing), segments);
    });
  });
  return right;
}

QPushButton* ModelPage::makeCodeButton() {
  auto* code = new QPushButton(tr("PyTorch code…"), this);
  code->setToolTip(
      tr("This experiment written as a PyTorch script: the Dataset, the DataLoader, the nn.Module, the optimizer "
         "and the loop (zero_grad, forward, loss, backward, step), to read, copy or save as train.py."));
  connect(code, &QPushButton::clicked, this, [this] {
    const ExperimentConfig* cfg = doc_->config();
    if (!cfg) return;
    auto* dialog = new PytorchCodeDialog(*cfg, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
  });
  return code;
}

QPushButton* ModelPage::makeGraphButton() {
  auto* graph = new QPushButton(tr("Graph…"), this);
  graph->setToolTip(
      tr("The model as a graph (each module's output shape and parameters, ResNet's skips as they are) and the "
         "autograd graph of one training step: every grad_fn, the leaf tensors, what each saved for backward."));
  connect(graph, &QPushButton::clicked, this, [this] {
    const ExperimentConfig* cfg = doc_->config();
    if (!cfg) return;
    auto* dialog = new GraphDialog(*cfg, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &GraphDialog::inspectRequested, this, &ModelPage::inspectLayerRequested);
    dialog->show();
  });
  return graph;
}

// The model rows write their fields into the document.
void ModelPage::connectModelFields() {
  connect(model_, &QComboBox::currentTextChanged, this, [this](const QString& name) {
    doc_->set(configField(&ExperimentConfig::model, &ModelConfig::name), name.toStdString());
  });
  connect(batchNorm_, &QCheckBox::clicked, this,
          [this](bool on) { doc_->set(configField(&ExperimentConfig::model, &ModelConfig::batch_norm), on); });
  connect(categorical_, &QComboBox::activated, this, [this] {
    doc_->set(configField(&ExperimentConfig::model, &ModelConfig::categorical),
              categorical_->currentData().toString().toStdString());
  });
  connect(activation_, &QComboBox::currentTextChanged, this, [this](const QString& a) {
    doc_->set(configField(&ExperimentConfig::model, &ModelConfig::activation), a.toStdString());
  });
  connect(hidden_, &QLineEdit::textEdited, this, [this](const QString& text) {
    nlohmann::json widths = nlohmann::json::array();
    for (const QString& part : text.split(',', Qt::SkipEmptyParts)) {
      bool ok = false;
      const int w = part.trimmed().toInt(&ok);
      widths.push_back(ok ? nlohmann::json(w) : nlohmann::json(part.trimmed().toStdString()));
    }
    doc_->set(configField(&ExperimentConfig::model, &ModelConfig::hidden), widths);
  });
  connect(dropout_, &QLineEdit::textEdited, this, [this](const QString& text) {
    bool ok = false;
    const double d = text.toDouble(&ok);
    doc_->set(configField(&ExperimentConfig::model, &ModelConfig::dropout),
              ok ? nlohmann::json(d) : nlohmann::json(text.toStdString()));
  });
  connect(scriptPath_, &QLineEdit::textEdited, this, [this](const QString& f) {
    doc_->set(configField(&ExperimentConfig::model, &ModelConfig::path), f.toStdString());
  });
  connect(freeze_, &QLineEdit::textEdited, this, [this](const QString& text) {
    nlohmann::json names = nlohmann::json::array();
    for (const QString& part : text.split(',', Qt::SkipEmptyParts)) names.push_back(part.trimmed().toStdString());
    doc_->set(configField(&ExperimentConfig::model, &ModelConfig::freeze), names);
  });
  connect(imageSize_, &QSpinBox::valueChanged, this,
          [this](int size) { doc_->set(configField(&ExperimentConfig::model, &ModelConfig::image_size), size); });
}

void ModelPage::refreshSummary() {
  const ExperimentConfig* cfg = doc_->config();
  {
    QSignalBlocker b1(model_), b2(activation_), b3(imageSize_);
    if (cfg) imageSize_->setValue(cfg->model.image_size);
    if (cfg && !scriptPath_->hasFocus()) scriptPath_->setText(QString::fromStdString(cfg->model.path));
    if (cfg && !freeze_->hasFocus()) {
      QStringList names;
      for (const auto& f : cfg->model.freeze) names << QString::fromStdString(f);
      freeze_->setText(names.join(", "));
    }
    const QStringList models = modelsFor(*doc_);
    if (models != modelChoices_) {  // a table's model list, or an image dataset's
      QSignalBlocker block(model_);
      model_->clear();
      model_->addItems(models);
      modelChoices_ = models;
    }
    const auto name = doc_->value(configField(&ExperimentConfig::model, &ModelConfig::name));
    if (name.is_string()) {
      QSignalBlocker block(model_);
      model_->setCurrentText(QString::fromStdString(name.get<std::string>()));
    }
    const auto categorical = doc_->value(configField(&ExperimentConfig::model, &ModelConfig::categorical));
    if (categorical.is_string())
      categorical_->setCurrentIndex(
          std::max(0, categorical_->findData(QString::fromStdString(categorical.get<std::string>()))));
    if (cfg) batchNorm_->setChecked(cfg->model.batch_norm);
    const auto act = doc_->value(configField(&ExperimentConfig::model, &ModelConfig::activation));
    if (act.is_string()) activation_->setCurrentText(QString::fromStdString(act.get<std::string>()));
    if (!hidden_->hasFocus() && cfg) {
      QStringList widths;
      for (int w : cfg->model.hidden) widths << QString::number(w);
      hidden_->setText(widths.join(", "));
    }
    if (!dropout_->hasFocus() && cfg) dropout_->setText(QString::number(cfg->model.dropout));
    const QString current = model_->currentText();
    note_->setText(tr(modelNote(current)));
    const bool table = current == "tabular_mlp", mlp = current == "mlp" || table;
    const bool text = modelFamilyOf(current.toStdString()) == DataFamily::Text;
    hidden_->setEnabled(mlp || text);
    activation_->setEnabled(mlp);
    dropout_->setEnabled(mlp || text || current == "vgg" || current == "fastcnn");
    scriptPath_->setEnabled(current == "torchscript");
    imageSize_->setEnabled(!table && !text);
    batchNorm_->setEnabled(table);
    categorical_->setEnabled(table);
  }
  problems_->setText(doc_->problemText());
  const auto splits = doc_->dataset();
  if (!cfg || !splits) {
    if (!splits) summary_->setMessage(tr("Import a dataset on the Data page to see the model for its images."));
    return;
  }
  // Only the model and the images' shape change the summary.
  const std::string key = toJson(*cfg)["model"].dump() + toJson(*cfg)["transforms"]["val"].dump() + splits->description;
  if (key == summarizedKey_) return;
  if (watcher_.isRunning()) {
    refreshQueued_ = true;  // one more when this one is done: the latest settings win
    return;
  }
  summarizedKey_ = key;
  const ModelConfig model = cfg->model;
  const auto val = cfg->val_transforms;
  const uint64_t seed = cfg->seed;
  // Building the model runs LibTorch: off the GUI thread, so typing stays fluid.
  watcher_.setFuture(runInBackground([splits, model, val, seed] {
    SummaryResult r;
    try {
      const auto shape = inputShapeOf(*splits->train, val, seed);
      const ModelOutputs outputs = modelOutputsFor(*splits);  // as the trainer builds it
      r.summary = summarizeModel(model, shape, outputs.outputs, outputs.category_sizes);
    } catch (const std::exception& e) {
      r.error = QString::fromStdString(e.what());
    }
    return r;
  }));
}

void ModelPage::showSummary(const SummaryResult& r) {
  if (!r.error.isEmpty()) {
    summary_->setMessage(tr("This model cannot take these images: %1").arg(r.error));
    return;
  }
  const QLocale locale;
  QVector<QStringList> rows;
  for (const auto& l : r.summary.layers)
    rows.push_back({QString::fromStdString(l.name), QString::fromStdString(l.type), shapeText(l.output_shape),
                    locale.toString(static_cast<qlonglong>(l.parameters))});
  summary_->setRows(rows,
                    tr("Input %1 · %2 parameters (%3 trainable) · parameters %4 MB, buffers %5 MB, model size %6 MB")
                        .arg(shapeText(r.summary.input_shape))
                        .arg(locale.toString(static_cast<qlonglong>(r.summary.total_parameters)))
                        .arg(locale.toString(static_cast<qlonglong>(r.summary.trainable_parameters)))
                        .arg(r.summary.parameters_mb, 0, 'f', 2)
                        .arg(r.summary.buffers_mb, 0, 'f', 2)
                        .arg(r.summary.size_mb, 0, 'f', 2));
}

void ModelPage::setTrainingActive(bool active) {
  // Both measure with LibTorch's process-wide state (its random generator, the peak
  // memory): a run training meanwhile would disturb them, and they it.
  for (QPushButton* b : {findLr_, fitBatch_}) {
    b->setEnabled(!active);
    b->setStatusTip(active ? tr("Not while a run trains in this window") : QString());
  }
}

}  // namespace trainscope::ui
