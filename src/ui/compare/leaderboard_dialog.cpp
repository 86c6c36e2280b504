#include "ui/compare/leaderboard_dialog.h"

#include "ui/translation.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace trainscope::ui {

namespace {

QTableWidgetItem* cell(const QString& text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter) {
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(align);
  item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  return item;
}

QString summaryOf(const Collection& c) {
  int collected = 0, again = 0;
  for (const auto& r : c.runs) collected += r.outcome == "collected", again += r.outcome == "already collected";
  QString text = LeaderboardDialog::tr("%n run(s) collected, tagged \"%1\"", nullptr, collected)
                     .arg(QString::fromStdString(c.tag));
  if (again) text += " " + LeaderboardDialog::tr("(%n already there)", nullptr, again);
  text += ". " + LeaderboardDialog::tr("Best validation accuracy first; the settings each run changed, against %1.")
                     .arg(translated(c.against));
  return text;
}

}  // namespace

LeaderboardDialog::LeaderboardDialog(const Collection& c, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Leaderboard: %1").arg(QString::fromStdString(c.tag)));
  auto* summary = new QLabel(summaryOf(c), this);
  summary->setWordWrap(true);
  table_ = new QTableWidget(static_cast<int>(c.leaderboard.size()), 6, this);
  table_->setHorizontalHeaderLabels(
      {tr("#"), tr("Student"), tr("Run"), tr("Best val acc"), tr("Epochs"), tr("Changed settings")});
  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setWordWrap(true);
  const auto right = Qt::AlignRight | Qt::AlignVCenter;
  for (int i = 0; i < static_cast<int>(c.leaderboard.size()); ++i) {
    const LeaderboardRow& row = c.leaderboard[static_cast<size_t>(i)];
    QStringList changed;
    for (const auto& [key, value] : row.differences)
      changed << QString::fromStdString(key) + " = " + QString::fromStdString(value);
    table_->setItem(i, 0, cell(QString::number(i + 1), right));
    table_->setItem(i, 1, cell(QString::fromStdString(row.student)));
    table_->setItem(i, 2, cell(QString::fromStdString(row.name)));
    table_->setItem(
        i, 3,
        cell(std::isnan(row.best_val_accuracy) ? QString("–")
                                               : QLocale().toString(100 * row.best_val_accuracy, 'f', 2) + "%",
             right));
    table_->setItem(i, 4, cell(QString::number(row.epochs_completed), right));
    table_->setItem(i, 5, cell(changed.join("\n")));
    table_->item(i, 2)->setToolTip(QString::fromStdString(row.folder));
  }
  table_->resizeColumnsToContents();
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->resizeRowsToContents();
  QStringList skipped;
  for (const auto& r : c.runs)
    if (r.outcome == "skipped")
      skipped << tr("Skipped %1: %2").arg(QString::fromStdString(r.source), QString::fromStdString(r.reason));
  auto* skippedLabel = new QLabel(skipped.join("\n"), this);
  skippedLabel->setWordWrap(true);
  skippedLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
  skippedLabel->setVisible(!skipped.isEmpty());
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(summary);
  layout->addWidget(table_, 1);
  layout->addWidget(skippedLabel);
  layout->addWidget(buttons);
  resize(860, 520);
}

}  // namespace trainscope::ui
