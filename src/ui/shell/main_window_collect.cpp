// File ▸ Collect Runs…, after the copy: the class's runs on Compare, filtered by their
// tag and ticked, so their curves are overlaid at once.
#include "ui/compare/compare_page.h"
#include "ui/shell/main_window.h"

namespace trainscope::ui {

void MainWindow::showCollection(const Collection& c) {
  QStringList folders;
  for (const auto& r : c.runs)
    if (r.outcome != "skipped" && !r.folder.empty()) folders << QString::fromStdString(r.folder);
  // Tick them once the page has read the folder again (a one-shot connection).
  auto* once = new QObject(this);
  connect(compare_, &ComparePage::refreshed, once, [this, once, folders] {
    compare_->selectRuns(folders);
    once->deleteLater();
  });
  compare_->setFilter(QString::fromStdString(c.tag));  // the class's runs together
  compare_->reload();
  showPage(Compare);
}

}  // namespace trainscope::ui
