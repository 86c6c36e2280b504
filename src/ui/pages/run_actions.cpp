#include "ui/pages/run_actions.h"

#include "ui/model_dialogs.h"

#include <QMenu>
#include <QToolButton>

#include "engine/record/run_library.h"

#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>

namespace trainscope::ui {

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
  button->setText(tr("Model"));
  button->setToolTip(
      tr("The selected run's trained model: export it for Python, OpenCV or ONNX, or try it on "
         "images."));
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
  button->setMenu(menu);
  return button;
}

}  // namespace trainscope::ui
