// The main window's "try the latest model": an image from the Data page's thumbnails,
// or a row of a table, with the newest run that trained on that kind of data.
#include "engine/deploy/run_family.h"
#include "engine/record/run_library.h"
#include "ui/compare/compare_page.h"
#include "ui/data/try_camera_dialog.h"
#include "ui/data/try_table_dialog.h"
#include "ui/data/try_text_dialog.h"
#include "ui/model/model_dialogs.h"
#include "ui/run/training_controller.h"
#include "ui/shell/main_window.h"

#include <QFileInfo>

#include <filesystem>

namespace trainscope::ui {

// This session's run, else the newest run with a checkpoint in the runs folder; of
// images, a table or text, as asked.
QString MainWindow::latestTrainedRun(DataFamily data) const {
  const auto fits = [data](const std::string& dir) {
    return std::filesystem::exists(dir + "/checkpoints/last.pt") && trainedDataFamily(dir) == data;
  };
  if (const QString own = controller_->runDir(); !own.isEmpty() && fits(own.toStdString())) return own;
  QString run;
  std::string newest;
  for (const RunEntry& e : listRuns(compare_->runsDir().toStdString()))
    if (e.start_time > newest && fits(e.dir)) newest = e.start_time, run = QString::fromStdString(e.dir);
  return run;
}

void MainWindow::classifyWithLatestModel(const QString& imagePath) {
  const QString run = latestTrainedRun(DataFamily::Images);
  if (run.isEmpty()) {
    showError(tr("No trained model yet"), tr("Train a run first; its model then classifies images here."));
    return;
  }
  auto* dialog = new PredictDialog(run, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
  dialog->predict({imagePath});
}

void MainWindow::tryTableModel(std::map<std::string, std::string> row) {
  const QString run = latestTrainedRun(DataFamily::Table);
  if (run.isEmpty()) {
    showError(tr("No trained model yet"), tr("Train a run on a table first; its model then predicts rows here."));
    return;
  }
  auto* dialog = new TryTableDialog(run, std::move(row), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
}

void MainWindow::tryTextModel(const QString& text) {
  const QString run = latestTrainedRun(DataFamily::Text);
  if (run.isEmpty()) {
    showError(tr("No trained model yet"), tr("Train a run on text first; its model then classifies documents here."));
    return;
  }
  auto* dialog = new TryTextDialog(run, text, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
}

void MainWindow::tryOnCamera() {
  const QString run = latestTrainedRun(DataFamily::Images);
  if (run.isEmpty()) {
    showError(tr("No trained model yet"),
              tr("Train a run on images first; its model then classifies a camera's or a video's frames here."));
    return;
  }
  auto* dialog = new TryCameraDialog(run, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
}

}  // namespace trainscope::ui
