// The main window's hyperparameter search: the Model page's Search… button opens the
// dialog, the search runs as trainscope-cli in the search window, and its trials go to
// the Compare page against the preset.
#include "engine/search/search_record.h"
#include "ui/compare/compare_page.h"
#include "ui/experiment/experiment_document.h"
#include "ui/experiment/search_dialog.h"
#include "ui/search/search_window.h"
#include "ui/shell/main_window.h"

#include <QFileDialog>
#include <QMessageBox>

namespace trainscope::ui {

SearchWindow* MainWindow::searchWindow() {
  if (search_) return search_;
  search_ = new SearchWindow(this);
  connect(search_, &SearchWindow::compareRequested, this, [this](const QStringList& dirs, const QString& baseline) {
    compare_->reload();
    compare_->selectRuns(dirs);
    if (!baseline.isEmpty()) compare_->setBaseline(baseline);
    compare_->setMetric("val_accuracy");
    compare_->setXAxis("epoch");
    showPage(Compare);
    raise();
    activateWindow();
  });
  return search_;
}

void MainWindow::openSearchDialog() {
  if (search_ && search_->searching()) {
    QMessageBox::information(this, tr("Search"), tr("A search is running; stop it first."));
    search_->show();
    search_->raise();
    return;
  }
  SearchDialog dialog(doc_->json(), this);
  if (dialog.exec() != QDialog::Accepted) return;
  QString error;
  if (!searchWindow()->start(doc_->json(), dialog.space(), dialog.settings(), &error)) {
    QMessageBox::warning(this, tr("Search"), error);
    return;
  }
  search_->show();
  search_->raise();
}

void MainWindow::openSearchFolder() {
  const QString folder = QFileDialog::getExistingDirectory(
      this, tr("The search folder to open"), QString::fromStdString(searchesDir(compare_->runsDir().toStdString())));
  if (folder.isEmpty()) return;
  if (!QFileInfo::exists(folder + "/" + kSearchFile)) {
    QMessageBox::warning(this, tr("Search"), tr("%1 holds no search (no %2).").arg(folder, kSearchFile));
    return;
  }
  if (search_ && search_->searching()) {
    QMessageBox::information(this, tr("Search"), tr("A search is running; stop it first."));
    return;
  }
  searchWindow()->follow(folder);
  search_->show();
  search_->raise();
}

}  // namespace trainscope::ui
