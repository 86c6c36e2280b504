#include "ui/compare/run_actions.h"

#include "ui/model/model_dialogs.h"
#include "ui/run/background.h"

#include <QMenu>
#include <QToolButton>

#include "engine/record/run_library.h"
#include "engine/record/tensorboard_export.h"
#include "engine/repro/bundle.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace trainscope::ui {

namespace {

// Runs `work` off the GUI thread behind a busy dialog, then shows its message (or the
// error it threw) in a message box titled `title`.
void inBackground(QWidget* parent, const QString& title, const QString& busy, std::function<QString()> work) {
  auto* progress = new QProgressDialog(busy, QString(), 0, 0, parent);
  progress->setWindowTitle(title);
  progress->setMinimumDuration(300);
  progress->setAttribute(Qt::WA_DeleteOnClose);
  using Outcome = std::pair<bool, QString>;
  auto* watcher = new QFutureWatcher<Outcome>(parent);
  QObject::connect(watcher, &QFutureWatcher<Outcome>::finished, parent, [parent, title, progress, watcher] {
    progress->close();
    const Outcome outcome = watcher->result();
    watcher->deleteLater();
    if (outcome.first)
      QMessageBox::information(parent, title, outcome.second);
    else
      QMessageBox::warning(parent, title, outcome.second);
  });
  watcher->setFuture(runInBackground([work]() -> Outcome {
    try {
      return {true, work()};
    } catch (const std::exception& e) {
      return {false, QString::fromStdString(e.what())};
    }
  }));
}

}  // namespace

void RunActions::exportTensorBoard(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return;
  // Beside the runs folder by default (~/Trainscope/tensorboard), then where the last export went.
  const QString suggested = QFileInfo(dir).absoluteDir().absoluteFilePath("../tensorboard");
  const QString start = QSettings().value("tensorboardFolder", QDir::cleanPath(suggested)).toString();
  QDir().mkpath(start);
  const QString out = QFileDialog::getExistingDirectory(parent, tr("TensorBoard log folder"), start);
  if (out.isEmpty()) return;
  QSettings().setValue("tensorboardFolder", out);
  inBackground(parent, tr("Export to TensorBoard"), tr("Writing TensorBoard event files…"), [dir, out] {
    const TensorBoardExport e = trainscope::exportTensorBoard(dir.toStdString(), out.toStdString());
    QString message = tr("Wrote %1 scalar values and %2 histograms to\n%3\n\nView them with:\ntensorboard --logdir %4")
                          .arg(e.scalar_values)
                          .arg(e.histogram_values)
                          .arg(QString::fromStdString(e.file), out);
    for (const auto& note : e.notes) message += "\n\n" + QString::fromStdString(note);
    return message;
  });
}

void RunActions::bundle(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return;
  const QString suggested = QDir::cleanPath(dir) + ".bundle.tar";
  const QString out =
      QFileDialog::getSaveFileName(parent, tr("Save the reproducibility bundle"), suggested, tr("Bundles (*.tar)"));
  if (out.isEmpty()) return;
  inBackground(parent, tr("Reproducibility bundle"), tr("Fingerprinting the dataset and writing the bundle…"),
               [dir, out] {
                 const BundleWritten b = writeBundle(dir.toStdString(), out.toStdString());
                 return tr("Wrote %1 (%2 MB): the config, versions, seed, threads, %3 dataset files fingerprinted "
                           "and the checkpoint.\n\nCheck it on any machine with:\ntrainscope-cli verify %1")
                     .arg(QString::fromStdString(b.file))
                     .arg(static_cast<double>(b.bytes) / 1e6, 0, 'f', 1)
                     .arg(b.dataset_files);
               });
}

bool RunActions::rename(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return false;
  const RunEntry r = readRunEntry(dir.toStdString());
  bool ok = false;
  const QString name =
      QInputDialog::getText(parent, tr("Rename run"), tr("Name shown for %1:").arg(QString::fromStdString(r.id)),
                            QLineEdit::Normal, QString::fromStdString(r.name), &ok);
  if (!ok) return false;
  setRunName(dir.toStdString(), name.trimmed().toStdString());
  return true;
}

bool RunActions::tag(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return false;
  const RunEntry r = readRunEntry(dir.toStdString());
  QStringList current;
  for (const auto& t : r.tags) current << QString::fromStdString(t);
  bool ok = false;
  const QString text = QInputDialog::getText(parent, tr("Tags"), tr("Tags, separated by commas:"), QLineEdit::Normal,
                                             current.join(", "), &ok);
  if (!ok) return false;
  std::vector<std::string> tags;
  for (const auto& t : text.split(',', Qt::SkipEmptyParts))
    if (!t.trimmed().isEmpty()) tags.push_back(t.trimmed().toStdString());
  setRunTags(dir.toStdString(), tags);
  return true;
}

bool RunActions::note(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return false;
  const RunEntry r = readRunEntry(dir.toStdString());
  bool ok = false;
  const QString note = QInputDialog::getMultiLineText(
      parent, tr("Note"), tr("A note on %1:").arg(QString::fromStdString(r.name)), QString::fromStdString(r.note), &ok);
  if (!ok) return false;
  setRunNote(dir.toStdString(), note.toStdString());
  return true;
}

bool RunActions::remove(QWidget* parent, const QString& dir) {
  if (dir.isEmpty()) return false;
  const RunEntry r = readRunEntry(dir.toStdString());
  if (r.status == "running" || r.status == "paused") {
    QMessageBox::information(parent, tr("Delete run"),
                             tr("%1 is still training: stop it first.").arg(QString::fromStdString(r.name)));
    return false;
  }
  if (QMessageBox::question(parent, tr("Delete run"),
                            tr("Delete %1 and everything in its folder?\n%2\nThis cannot be undone.")
                                .arg(QString::fromStdString(r.name), dir)) != QMessageBox::Yes)
    return false;
  try {
    deleteRun(dir.toStdString());
  } catch (const std::exception& e) {
    QMessageBox::warning(parent, tr("Delete run"), QString::fromStdString(e.what()));
  }
  return true;
}

QToolButton* RunActions::modelButton(QWidget* parent, std::function<QString()> currentRunDir) {
  auto* button = new QToolButton(parent);
  button->setText(tr("Export run"));
  button->setToolTip(
      tr("The selected run: export its trained model for Python, OpenCV or ONNX, try it on images, write it "
         "as TensorBoard event files, or bundle it for reproduction on another machine."));
  button->setPopupMode(QToolButton::InstantPopup);
  auto* menu = new QMenu(button);
  QObject::connect(menu->addAction(tr("Export for Python / ONNX…")), &QAction::triggered, parent,
                   [parent, currentRunDir] {
                     const QString dir = currentRunDir();
                     if (!dir.isEmpty()) exportRunModel(parent, dir);
                   });
  QObject::connect(menu->addAction(tr("Try it on images…")), &QAction::triggered, parent, [parent, currentRunDir] {
    const QString dir = currentRunDir();
    if (dir.isEmpty()) return;
    auto* dialog = new PredictDialog(dir, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
  });
  menu->addSeparator();
  QObject::connect(menu->addAction(tr("Export run to TensorBoard…")), &QAction::triggered, parent,
                   [parent, currentRunDir] { exportTensorBoard(parent, currentRunDir()); });
  QObject::connect(menu->addAction(tr("Reproducibility bundle…")), &QAction::triggered, parent,
                   [parent, currentRunDir] { bundle(parent, currentRunDir()); });
  button->setMenu(menu);
  return button;
}

}  // namespace trainscope::ui
