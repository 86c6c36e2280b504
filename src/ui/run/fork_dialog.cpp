#include "ui/run/fork_dialog.h"

#include "engine/config/config.h"
#include "engine/config/config_fields.h"
#include "engine/train/run_fork.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace trainscope::ui {

ForkDialog::ForkDialog(const QString& runDir, int64_t hitStep, double lr, QWidget* parent)
    : QDialog(parent), runDir_(runDir) {
  try {  // what the changes are checked against, while they are typed
    parentConfig_ = recordedConfig(runDir.toStdString());
  } catch (const std::exception& e) {
    unreadable_ = QString::fromStdString(e.what());
  }
  setWindowTitle(tr("Rewind and fork"));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(tr("Go back to a checkpoint of %1 and train a child run from there with other "
                              "settings. The child is a new run beside this one; Compare shows them as one family.")
                               .arg(QFileInfo(runDir).fileName()));
  intro->setWordWrap(true);
  layout->addWidget(intro);
  layout->addWidget(new QLabel(tr("Rewind to")));
  points_ = new QListWidget;
  layout->addWidget(points_, 1);
  layout->addWidget(new QLabel(tr("Changes, one per line as field=value (docs/config.md)")));
  changes_ = new QPlainTextEdit;
  changes_->setTabChangesFocus(true);
  if (lr > 0)
    changes_->setPlainText(QString::fromStdString(configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr).key) +
                           "=" + QString::number(lr / 2, 'g', 3));
  layout->addWidget(changes_, 1);
  problems_ = new QLabel;
  problems_->setWordWrap(true);
  problems_->setStyleSheet("color: #b3261e;");
  layout->addWidget(problems_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
  fork_ = buttons->addButton(tr("Fork and train"), QDialogButtonBox::AcceptRole);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(changes_, &QPlainTextEdit::textChanged, this, &ForkDialog::check);
  connect(points_, &QListWidget::currentRowChanged, this, &ForkDialog::check);
  listCheckpoints(hitStep);
  check();
  resize(560, 460);
}

// Newest first, each with its time; the ones at or after a breakpoint are marked.
void ForkDialog::listCheckpoints(int64_t hitStep) {
  const auto ring = rewindPoints(runDir_.toStdString());
  int chosen = -1;
  for (auto it = ring.rbegin(); it != ring.rend(); ++it) {
    const QDateTime when = QFileInfo(QString::fromStdString(it->path.string())).lastModified();
    QString text = tr("step %1, saved %2").arg(it->step).arg(when.toString("yyyy-MM-dd HH:mm:ss"));
    if (hitStep >= 0 && it->step >= hitStep) text += " " + tr("(at or after the breakpoint)");
    auto* item = new QListWidgetItem(text, points_);
    item->setData(Qt::UserRole, QVariant::fromValue<qint64>(it->step));
    if (chosen < 0 && (hitStep < 0 || it->step < hitStep)) chosen = points_->count() - 1;
  }
  // None before a breakpoint: the user chooses (the state at the hit may be what went wrong).
  points_->setCurrentRow(chosen >= 0 ? chosen : hitStep >= 0 ? -1 : 0);
}

bool ForkDialog::hasCheckpoints() const { return points_->count() > 0; }

int64_t ForkDialog::step() const {
  const auto* item = points_->currentItem();
  return item ? item->data(Qt::UserRole).toLongLong() : -1;
}

QStringList ForkDialog::changes() const {
  QStringList out;
  for (const QString& line : changes_->toPlainText().split('\n')) {
    const QString trimmed = line.trimmed();
    if (!trimmed.isEmpty()) out << trimmed;
  }
  return out;
}

void ForkDialog::setChanges(const QString& text) { changes_->setPlainText(text); }

void ForkDialog::check() {
  QStringList text;
  if (!hasCheckpoints())
    text << tr("This run keeps no checkpoints to rewind to (%1 was 0, or it ended before its first checkpoint).")
                .arg(QString::fromStdString(
                    configField(&ExperimentConfig::training, &TrainingConfig::checkpoint_ring).key));
  else if (step() < 0)
    text << tr("Choose the checkpoint to rewind to: none of them is from before the breakpoint.");
  std::vector<std::string> changes;
  for (const QString& c : this->changes()) changes.push_back(c.toStdString());
  if (!unreadable_.isEmpty())
    text << unreadable_;
  else
    for (const auto& p : forkChangeProblems(parentConfig_, changes)) text << QString::fromStdString(p.text());
  problems_->setText(text.join('\n'));
  problems_->setVisible(!text.isEmpty());
  fork_->setEnabled(text.isEmpty());
}

}  // namespace trainscope::ui
