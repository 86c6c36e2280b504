#include "ui/experiment/search_dialog.h"

#include "engine/config/config_fields.h"
#include "engine/config/experiment_grid.h"
#include "engine/config/problem.h"
#include "engine/search/search_scheduler.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace trainscope::ui {

namespace {

QString key(const ConfigField& f) { return QString::fromStdString(f.key); }

const char* kindKey(SearchDialog::Kind kind) {
  switch (kind) {
    case SearchDialog::LogUniform: return "log_uniform";
    case SearchDialog::Uniform: return "uniform";
    case SearchDialog::Integer: return "int";
    case SearchDialog::Values: return "choice";
  }
  return "choice";
}

}  // namespace

SearchDialog::SearchDialog(const nlohmann::json& experiment, QWidget* parent)
    : QDialog(parent), experiment_(experiment) {
  setWindowTitle(tr("Search hyperparameters"));
  setMinimumWidth(620);
  auto* intro = new QLabel(tr("Trials draw these settings at random (or take every combination) with the rest of "
                              "the current experiment. The experiment as it is trains too, as the preset to beat."),
                           this);
  intro->setWordWrap(true);
  trials_ = new QSpinBox(this);
  trials_->setRange(1, 1000);
  trials_->setValue(12);
  sampler_ = new QComboBox(this);
  sampler_->addItem(tr("Random"), "random");
  sampler_->addItem(tr("Grid (every combination)"), "grid");
  halving_ = new QCheckBox(tr("Stop the weaker trials early (successive halving)"), this);
  halving_->setChecked(true);
  halving_->setToolTip(
      tr("At epochs 1, 3, 9, ... a trial below the best third of those that reached that epoch "
         "stops, and a new trial takes its place."));
  parallel_ = new QCheckBox(tr("Two trials at once (cores split between them)"), this);
  status_ = new QLabel(this);
  status_->setWordWrap(true);
  auto* grid = new QGridLayout;
  grid->addWidget(new QLabel(tr("Setting"), this), 0, 0);
  grid->addWidget(new QLabel(tr("Drawn as"), this), 0, 1);
  grid->addWidget(new QLabel(tr("Range or values"), this), 0, 2);
  QStringList fields = {""};
  for (const auto& f : configFields())
    if (f.grid) fields << key(f);
  for (int i = 0; i < kRows; ++i) {
    addRow(i, fields);
    grid->addWidget(fields_[i], i + 1, 0);
    grid->addWidget(kinds_[i], i + 1, 1);
    grid->addWidget(values_[i], i + 1, 2);
  }
  grid->setColumnStretch(2, 1);
  // Around the experiment's own rate; weight decay over the usual decades; three batches.
  const ConfigField& lrField = configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr);
  const nlohmann::json* given = lrField.in(experiment_);
  const double lr = given && given->is_number() ? given->get<double>() : 0.01;
  setDimension(0, key(lrField), LogUniform, QString("%1, %2").arg(lr / 10, 0, 'g', 3).arg(lr * 10, 0, 'g', 3));
  setDimension(1, key(configField(&ExperimentConfig::optimizer, &OptimizerConfig::weight_decay)), LogUniform,
               "1e-6, 1e-2");
  setDimension(2, key(configField(&ExperimentConfig::loader, &LoaderConfig::batch_size)), Values, "32, 64, 128");

  auto* how = new QHBoxLayout;
  how->addWidget(new QLabel(tr("Trials"), this));
  how->addWidget(trials_);
  how->addWidget(sampler_);
  how->addStretch(1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Start search"));
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    if (check()) accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addLayout(grid);
  layout->addLayout(how);
  layout->addWidget(halving_);
  layout->addWidget(parallel_);
  layout->addWidget(status_);
  layout->addWidget(buttons);
  connect(trials_, &QSpinBox::valueChanged, this, &SearchDialog::check);
  connect(sampler_, &QComboBox::currentIndexChanged, this, &SearchDialog::check);
  connect(halving_, &QCheckBox::toggled, this, &SearchDialog::check);
  check();
}

void SearchDialog::addRow(int row, const QStringList& fields) {
  fields_[row] = new QComboBox(this);
  fields_[row]->setEditable(true);  // any field of the experiment, by its dotted name
  fields_[row]->addItems(fields);
  kinds_[row] = new QComboBox(this);
  kinds_[row]->addItem(tr("log-uniform"), LogUniform);
  kinds_[row]->addItem(tr("uniform"), Uniform);
  kinds_[row]->addItem(tr("integer"), Integer);
  kinds_[row]->addItem(tr("values"), Values);
  values_[row] = new QLineEdit(this);
  values_[row]->setPlaceholderText(tr("low, high; or values, separated by commas"));
  connect(fields_[row], &QComboBox::currentTextChanged, this, &SearchDialog::check);
  connect(kinds_[row], &QComboBox::currentIndexChanged, this, &SearchDialog::check);
  connect(values_[row], &QLineEdit::textChanged, this, &SearchDialog::check);
}

void SearchDialog::setDimension(int row, const QString& field, Kind kind, const QString& values) {
  fields_[row]->setCurrentText(field);
  kinds_[row]->setCurrentIndex(kinds_[row]->findData(kind));
  values_[row]->setText(values);
}

void SearchDialog::setTrials(int trials) { trials_->setValue(trials); }

nlohmann::json SearchDialog::dimension(int row) const {
  const QString field = fields_[row]->currentText().trimmed();
  if (field.isEmpty()) return nullptr;
  const auto kind = static_cast<Kind>(kinds_[row]->currentData().toInt());
  const std::vector<nlohmann::json> values = parseGridValues(values_[row]->text().toStdString());
  return {{kindKey(kind), values}};
}

SearchSettings SearchDialog::settings() const {
  SearchSettings s;
  s.sampler = sampler_->currentData().toString().toStdString();
  s.trials = trials_->value();
  s.seed = experiment_.value("seed", uint64_t{0});
  s.parallel = parallel_->isChecked() ? 2 : 1;
  s.halving.on = halving_->isChecked();
  return s;
}

bool SearchDialog::check() {
  space_ = nlohmann::json::object();
  for (int i = 0; i < kRows; ++i) {
    const nlohmann::json d = dimension(i);
    if (!d.is_null()) space_[fields_[i]->currentText().trimmed().toStdString()] = d;
  }
  try {
    const SearchRecord plan = planSearch("search", "", experiment_, space_, settings());
    const auto rungs = halvingRungs(plan.settings.halving, plan.epochs);
    QStringList rungText;
    for (auto r : rungs) rungText << QString::number(r);
    status_->setStyleSheet({});
    status_->setText(
        tr("%1 trials (the preset and %2 drawn), %3 epochs each.")
            .arg(plan.trials.size())
            .arg(plan.trials.size() - 1)
            .arg(plan.epochs) +
        (rungs.empty() ? QString() : " " + tr("Trials are judged at epochs %1.").arg(rungText.join(", "))));
    return true;
  } catch (const std::exception& e) {
    status_->setStyleSheet("color: #b00020;");
    status_->setText(QString::fromStdString(e.what()));
    return false;
  }
}

}  // namespace trainscope::ui
