#include "ui/experiment/grid_dialog.h"

#include "engine/config/config_fields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace trainscope::ui {

GridDialog::GridDialog(const nlohmann::json& experiment, QWidget* parent) : QDialog(parent), experiment_(experiment) {
  setWindowTitle(tr("Grid of runs"));
  auto* form = new QFormLayout;
  QStringList fields = {""};  // the fields a grid usually varies (config_declarations.cpp)
  for (const auto& f : configFields())
    if (f.grid) fields << QString::fromStdString(f.key);
  const auto key = [](const ConfigField& f) { return QString::fromStdString(f.key); };
  const QString defaults[3][2] = {
      {key(configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr)), "0.1, 0.01"},
      {key(configField(&ExperimentConfig::optimizer, &OptimizerConfig::weight_decay)), "0, 0.0001"},
      {"", ""}};
  for (int i = 0; i < 3; ++i) {
    fields_[i] = new QComboBox(this);
    fields_[i]->setEditable(true);  // any field of the experiment, by its dotted name
    fields_[i]->addItems(fields);
    fields_[i]->setCurrentText(defaults[i][0]);
    values_[i] = new QLineEdit(defaults[i][1], this);
    values_[i]->setPlaceholderText(tr("values, separated by commas"));
    auto* row = new QHBoxLayout;
    row->addWidget(fields_[i], 1);
    row->addWidget(values_[i], 2);
    form->addRow(tr("Setting %1").arg(i + 1), row);
    connect(fields_[i], &QComboBox::currentTextChanged, this, &GridDialog::preview);
    connect(values_[i], &QLineEdit::textChanged, this, &GridDialog::preview);
  }
  parallel_ = new QCheckBox(tr("Two runs at once (cores split between them)"), this);
  status_ = new QLabel(this);
  status_->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Queue runs"));
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    if (expand()) accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(
      new QLabel(tr("Every combination of these values is trained with the rest of the current experiment, "
                    "then compared."),
                 this));
  layout->addLayout(form);
  layout->addWidget(parallel_);
  layout->addWidget(status_);
  layout->addWidget(buttons);
  preview();
}

bool GridDialog::twoAtOnce() const { return parallel_->isChecked(); }

void GridDialog::setAxis(int row, const QString& field, const QString& values) {
  fields_[row]->setCurrentText(field);
  values_[row]->setText(values);
}

bool GridDialog::expand() {
  std::vector<GridAxis> axes;
  for (int i = 0; i < 3; ++i) {
    const QString field = fields_[i]->currentText().trimmed();
    if (field.isEmpty()) continue;
    axes.push_back({field.toStdString(), parseGridValues(values_[i]->text().toStdString())});
  }
  try {
    runs_ = expandGrid(experiment_, axes);
  } catch (const std::exception& e) {
    runs_.clear();
    status_->setText(QString::fromStdString(e.what()));
    status_->setStyleSheet("color: #b00020;");
    return false;
  }
  status_->setStyleSheet({});
  status_->setText(tr("%n run(s) will be queued.", nullptr, static_cast<int>(runs_.size())));
  return true;
}

void GridDialog::preview() { expand(); }

}  // namespace trainscope::ui
