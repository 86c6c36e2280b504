#include "ui/lessons/lessons_page.h"

#include "ui/compare/metric_names.h"
#include "ui/compare/run_differences.h"
#include "ui/model/graph_dialog.h"

#include "engine/system/install_paths.h"

#include "ui/run/run_queue.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace trainscope::ui {

LessonsPage::LessonsPage(RunQueue* queue, QWidget* parent) : QWidget(parent), queue_(queue) {
  heading_ = new QLabel(this);
  heading_->setWordWrap(true);
  list_ = new QListWidget(this);
  list_->setMinimumWidth(220);
  // Long titles wrap: the list never needs a horizontal scroll bar.
  list_->setWordWrap(true);
  list_->setTextElideMode(Qt::ElideNone);
  list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  list_->setResizeMode(QListView::Adjust);
  list_->setSpacing(2);
  text_ = new QTextBrowser(this);
  text_->setOpenExternalLinks(false);
  run_ = new QPushButton(this);
  cancel_ = new QPushButton(this);
  cancel_->setEnabled(false);
  graph_ = new QPushButton(this);
  graph_->setMenu(new QMenu(graph_));
  parallel_ = new QCheckBox(this);
  status_ = new QLabel(this);
  status_->setWordWrap(true);

  auto* right = new QWidget(this);
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  rightLayout->addWidget(text_, 1);
  rightLayout->addWidget(parallel_);  // a line of its own: the page fits 1024x768 in presentation mode
  auto* bar = new QHBoxLayout;
  bar->addWidget(graph_);
  bar->addStretch();
  bar->addWidget(cancel_);
  bar->addWidget(run_);
  rightLayout->addLayout(bar);
  rightLayout->addWidget(status_);
  auto* splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(list_);
  splitter->addWidget(right);
  splitter->setStretchFactor(1, 1);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(heading_);
  layout->addWidget(splitter, 1);

  connect(list_, &QListWidget::currentRowChanged, this, &LessonsPage::showLesson);
  connect(run_, &QPushButton::clicked, this, [this] { runLesson(); });
  connect(cancel_, &QPushButton::clicked, queue_, &RunQueue::cancel);
  connect(parallel_, &QCheckBox::toggled, this, [this](bool on) { queue_->setParallel(on ? 2 : 1); });
  connect(queue_, &RunQueue::changed, this, [this] {
    cancel_->setEnabled(!queue_->idle());
    status_->setText(queue_->idle()
                         ? QString()
                         : tr("%1 running, %2 waiting. Their curves appear on the Compare page as they train.")
                               .arg(queue_->running())
                               .arg(queue_->waiting()));
  });
  connect(queue_, &RunQueue::failedToStart, this, [this](const QString& label, const QString& message) {
    status_->setText(tr("%1 did not start: %2").arg(label, message));
  });
  retranslate();
  loadLessons();
}

QString LessonsPage::defaultLessonsFolder() { return QString::fromStdString(sharedResourceDir("lessons")); }

void LessonsPage::loadLessons(const QString& folder) {
  const QString dir = folder.isEmpty() ? defaultLessonsFolder() : folder;
  Problems problems;
  lessons_ = dir.isEmpty() ? std::vector<Lesson>{} : trainscope::loadLessons(dir.toStdString(), &problems);
  list_->clear();
  for (const auto& l : lessons_)
    list_->addItem(QString("%1. %2").arg(l.number).arg(QString::fromStdString(l.titleIn(language_.toStdString()))));
  if (!problems.empty()) {
    QStringList lines;
    for (const auto& p : problems) lines << QString::fromStdString(p.text());
    status_->setText(tr("Some lessons could not be read:\n%1").arg(lines.join('\n')));
  } else if (lessons_.empty()) {
    status_->setText(tr("No lessons found in share/trainscope/lessons next to the app."));
  }
  if (!lessons_.empty()) list_->setCurrentRow(0);
}

void LessonsPage::setLanguage(const QString& language) {
  language_ = language;
  const int row = list_->currentRow();
  for (int i = 0; i < list_->count() && i < static_cast<int>(lessons_.size()); ++i)
    list_->item(i)->setText(
        QString("%1. %2")
            .arg(lessons_[static_cast<size_t>(i)].number)
            .arg(QString::fromStdString(lessons_[static_cast<size_t>(i)].titleIn(language.toStdString()))));
  showLesson(row);
}

void LessonsPage::showLesson(int row) {
  if (row < 0 || row >= static_cast<int>(lessons_.size())) {
    text_->clear();
    run_->setEnabled(false);
    graph_->setEnabled(false);
    return;
  }
  const Lesson& l = lessons_[static_cast<size_t>(row)];
  const std::string lang = language_.toStdString();
  QString html = "<h2>" + QString::fromStdString(l.titleIn(lang)).toHtmlEscaped() + "</h2><p>" +
                 QString::fromStdString(l.explanationIn(lang)).toHtmlEscaped() + "</p><h3>" + tr("Runs") + "</h3><ul>";
  for (const auto& r : l.runs) {
    QString change;
    for (auto it = r.set.begin(); it != r.set.end(); ++it)
      change +=
          (change.isEmpty() ? "" : ", ") + QString::fromStdString(it.key()) + " = " + RunDifferences::readable(*it);
    html += "<li><b>" + QString::fromStdString(r.label).toHtmlEscaped() + "</b>" +
            (change.isEmpty() ? QString(" — %1").arg(tr("as written")) : " — " + change.toHtmlEscaped()) + "</li>";
  }
  QStringList metrics;
  for (const auto& m : l.metrics) metrics << curveLabel(QString::fromStdString(m));
  html += "</ul><p><i>" +
          tr("Compare: %1, by %2.").arg(metrics.join(", "), xAxisLabel(QString::fromStdString(l.x))).toHtmlEscaped() +
          "</i></p>";
  text_->setHtml(html);
  run_->setEnabled(true);
  fillGraphMenu(l);
}

// One entry per run of the lesson: its autograd graph of one step (and its model graph).
void LessonsPage::fillGraphMenu(const Lesson& lesson) {
  QMenu* menu = graph_->menu();
  menu->clear();
  for (const auto& r : lesson.runs) {
    menu->addAction(QString::fromStdString(r.label), this, [this, config = r.config] {
      auto* dialog = new GraphDialog(config, this);
      dialog->setAttribute(Qt::WA_DeleteOnClose);
      dialog->setAutograd(true);
      dialog->show();
    });
  }
  graph_->setEnabled(!lesson.runs.empty());
}

void LessonsPage::runLesson(int index) {
  const int row = index >= 0 ? index : list_->currentRow();
  if (row < 0 || row >= static_cast<int>(lessons_.size())) return;
  const Lesson& l = lessons_[static_cast<size_t>(row)];
  for (const auto& r : l.runs) {
    ExperimentConfig config = r.config;
    config.runs_dir = runsDir_.toStdString();
    queue_->enqueue(config, QString::fromStdString(r.label));
  }
  emit lessonStarted(l);
}

void LessonsPage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void LessonsPage::retranslate() {
  heading_->setText(
      tr("Each lesson runs its experiments on Fashion-MNIST (a few minutes at most on a laptop) and opens "
         "the comparison. Read what to look for while the curves come in."));
  run_->setText(tr("Run this lesson"));
  graph_->setText(tr("Autograd graph of"));
  graph_->setToolTip(
      tr("The graph one training step of a run builds: its grad_fn nodes, its leaf tensors and what "
         "each saved for backward (Model ▸ Graph… for the experiment on the Model page)."));
  cancel_->setText(tr("Stop queued runs"));
  cancel_->setToolTip(tr("Stops the runs training now (their records are kept) and drops the waiting ones."));
  parallel_->setText(tr("Two runs at once (cores split between them)"));
  showLesson(list_->currentRow());
}

}  // namespace trainscope::ui
