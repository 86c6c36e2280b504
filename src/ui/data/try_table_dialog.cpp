#include "ui/data/try_table_dialog.h"

#include "engine/deploy/table_tools.h"
#include "ui/run/background.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScrollArea>
#include <QVBoxLayout>

namespace trainscope::ui {

TryTableDialog::TryTableDialog(const QString& runDir, std::map<std::string, std::string> row, QWidget* parent)
    : QDialog(parent), runDir_(runDir), row_(std::move(row)) {
  setWindowTitle(tr("Try the model of %1").arg(QFileInfo(runDir).fileName()));
  auto* fields = new QWidget(this);
  form_ = new QFormLayout(fields);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(fields);
  scroll->setWidgetResizable(true);
  answer_ = new QLabel(tr("Loading the model…"), this);
  answer_->setWordWrap(true);
  answer_->setStyleSheet("font-size: 14pt; font-weight: bold;");
  answer_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  truth_ = new QLabel(this);
  auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(
      new QLabel(tr("Change any value: the model answers at once. An empty field is a missing value."), this));
  layout->addWidget(scroll, 1);
  layout->addWidget(answer_);
  layout->addWidget(truth_);
  layout->addWidget(close);
  resize(520, 560);
  runInBackground(
      this, [dir = runDir.toStdString()] { return std::make_shared<const TablePredictor>(dir); },
      [this](std::shared_ptr<const TablePredictor> loaded) {
        if (!loaded->ok()) {
          answer_->setText(tr("This run's model cannot be used: %1").arg(QString::fromStdString(loaded->error())));
          return;
        }
        predictor_ = std::move(loaded);
        buildFields();
        predict();
      });
}

TryTableDialog::~TryTableDialog() = default;

// A field per column the encoding reads, numbers first, as the model's input orders them.
void TryTableDialog::buildFields() {
  const TableEncoding& e = predictor_->encoding();
  const auto given = [this](const std::string& name) {
    const auto it = row_.find(name);
    return it == row_.end() ? QString() : QString::fromStdString(it->second);
  };
  for (const auto& n : e.numbers) {
    auto* field = new QLineEdit(given(n.name), this);
    field->setPlaceholderText(tr("missing: the training median, %1").arg(QLocale().toString(n.median, 'g', 6)));
    connect(field, &QLineEdit::textEdited, this, &TryTableDialog::predict);
    form_->addRow(QString::fromStdString(n.name), field);
    numbers_.emplace_back(n.name, field);
  }
  for (const auto& c : e.categories) {
    auto* field = new QComboBox(this);
    field->setEditable(true);  // a level training never saw is allowed: the model's "unseen" code
    field->addItem(QString());
    for (const auto& level : c.levels) field->addItem(QString::fromStdString(level));
    field->setCurrentText(given(c.name));
    connect(field, &QComboBox::currentTextChanged, this, &TryTableDialog::predict);
    form_->addRow(QString::fromStdString(c.name), field);
    categories_.emplace_back(c.name, field);
  }
  if (const auto it = row_.find(e.target); it != row_.end() && !it->second.empty())
    truth_->setText(
        tr("The row's own %1: %2").arg(QString::fromStdString(e.target), QString::fromStdString(it->second)));
}

std::map<std::string, std::string> TryTableDialog::values() const {
  std::map<std::string, std::string> v;
  for (const auto& [name, field] : numbers_) v[name] = field->text().toStdString();
  for (const auto& [name, field] : categories_) v[name] = field->currentText().toStdString();
  return v;
}

void TryTableDialog::predict() {
  if (!predictor_) return;
  const quint64 asked = ++asked_;
  runInBackground(
      this, [predictor = predictor_, row = values()] { return predictor->predict(row); },
      [this, asked](TablePrediction p) {
        if (asked != asked_) return;  // the fields changed since
        const QString target = QString::fromStdString(predictor_->encoding().target);
        if (!p.ok) {
          answer_->setText(QString::fromStdString(p.error));
        } else if (p.classes.empty()) {
          answer_->setText(tr("Predicted %1: %2").arg(target, QLocale().toString(p.value, 'g', 6)));
        } else {
          QStringList shares;
          for (size_t k = 0; k < std::min<size_t>(5, p.classes.size()); ++k)
            shares << QString("%1 %2%").arg(QString::fromStdString(p.classes[k].label),
                                            QLocale().toString(100.0 * p.classes[k].probability, 'f', 1));
          answer_->setText(
              tr("Predicted %1: %2\n%3").arg(target, QString::fromStdString(p.predicted), shares.join(" · ")));
        }
        emit answered();
      });
}

QLineEdit* TryTableDialog::numberField(const QString& column) const {
  for (const auto& [name, field] : numbers_)
    if (QString::fromStdString(name) == column) return field;
  return nullptr;
}

QComboBox* TryTableDialog::categoryField(const QString& column) const {
  for (const auto& [name, field] : categories_)
    if (QString::fromStdString(name) == column) return field;
  return nullptr;
}

}  // namespace trainscope::ui
