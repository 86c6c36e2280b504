#include "ui/shell/main_window.h"

#include "ui/shell/desktop_notifier.h"

#include <QGuiApplication>
#include <QScreen>

#include "engine/record/resume_offer.h"
#include "engine/record/run_library.h"
#include "ui/model/model_dialogs.h"

#include <filesystem>

#include "engine/system/install_paths.h"
#include "engine/system/versions.h"
#include "ui/compare/compare_page.h"
#include "ui/compare/metric_names.h"
#include "ui/compare/run_actions.h"
#include "ui/data/data_page.h"
#include "ui/experiment/experiment_document.h"
#include "ui/experiment/grid_dialog.h"
#include "ui/inspect/inspect_page.h"
#include "ui/lessons/lessons_page.h"
#include "ui/mistakes/mistakes_page.h"
#include "ui/model/model_page.h"
#include "ui/run/guard_report.h"
#include "ui/run/run_queue.h"
#include "ui/run/training_controller.h"
#include "ui/shell/welcome_dialog.h"
#include "ui/system/system_page.h"
#include "ui/system/system_sampler.h"
#include "ui/train/resume_banner.h"
#include "ui/train/train_page.h"
#include "ui/translation.h"
#include "widgets/gauge.h"
#include "widgets/plot_theme.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QUrl>

namespace trainscope::ui {

MainWindow::MainWindow(ExperimentDocument* document, TrainingController* controller, QWidget* parent)
    : QMainWindow(parent), doc_(document), controller_(controller) {
  baseFont_ = QApplication::font();
  setWindowTitle(tr("Trainscope"));
  setAcceptDrops(true);
  makePages();
  makeSidebar();
  makeStatusBar();
  buildMenus();
  connectPages();
  connectQueue();
  connectNotifications();
  connectForks();
  fitToScreen();
  train_->showRecordedRun(QSettings().value("lastRun").toString());
}

// The pages, and what feeds them from the app's sampler and queue.
void MainWindow::makePages() {
  data_ = new DataPage(doc_, this);
  model_ = new ModelPage(doc_, this);
  train_ = new TrainPage(doc_, controller_, this);
  inspect_ = new InspectPage(controller_, this);
  mistakes_ = new MistakesPage(controller_, doc_, this);
  sampler_ = new SystemSampler(this);
  system_ = new SystemPage(controller_, sampler_, this);
  queue_ = new RunQueue(this);
  notifier_ = new DesktopNotifier(this);
  compare_ = new ComparePage(this);
  const auto saved = [this](const QString& path) {
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 15000);
  };
  connect(compare_, &ComparePage::exported, this, saved);
  connect(mistakes_, &MistakesPage::exported, this, saved);
  lessons_ = new LessonsPage(queue_, this);
  lessons_->setLanguage(currentLanguage());
  connect(sampler_, &SystemSampler::sampled, this, [this](const ProcessSample& p, const GpuMemory&) {
    if (p.available)
      train_->memoryGauge()->setValue(static_cast<double>(p.rss), static_cast<double>(p.total_memory),
                                      formatBytes(p.rss));
    else
      train_->memoryGauge()->setUnavailable(tr("n/a"));
  });
}

// The sidebar of pages beside the page shown.
void MainWindow::makeSidebar() {
  pages_ = new QStackedWidget(this);
  sidebar_ = new QListWidget(this);
  sidebar_->setFixedWidth(130);
  sidebar_->setIconSize(QSize(24, 24));
  sidebar_->setSpacing(2);
  const struct {
    QString name;
    QStyle::StandardPixmap icon;
    QWidget* widget;
  } pages[] = {
      {tr("Data"), QStyle::SP_DirIcon, data_},
      {tr("Model"), QStyle::SP_FileDialogDetailedView, model_},
      {tr("Train"), QStyle::SP_MediaPlay, train_},
      {tr("Compare"), QStyle::SP_FileDialogContentsView, compare_},
      {tr("Inspect"), QStyle::SP_FileDialogInfoView, inspect_},
      {tr("Mistakes"), QStyle::SP_MessageBoxWarning, mistakes_},
      {tr("System"), QStyle::SP_ComputerIcon, system_},
      {tr("Lessons"), QStyle::SP_DialogHelpButton, lessons_},
  };
  for (const auto& p : pages) {
    sidebar_->addItem(new QListWidgetItem(style()->standardIcon(p.icon), p.name));
    pages_->addWidget(p.widget);
  }
  connect(sidebar_, &QListWidget::currentRowChanged, pages_, &QStackedWidget::setCurrentIndex);

  auto* central = new QWidget(this);
  auto* layout = new QHBoxLayout(central);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(sidebar_);
  layout->addWidget(pages_, 1);
  setCentralWidget(central);
}

void MainWindow::makeStatusBar() {
  runState_ = new QLabel(tr("Ready"), this);
  datasetLabel_ = new QLabel(this);
  // Both permanent: a temporary message gets the left side to itself, never over them.
  runState_->setContentsMargins(0, 0, 16, 0);  // apart from the dataset beside it
  statusBar()->addPermanentWidget(runState_);
  statusBar()->addPermanentWidget(datasetLabel_);
}

// What the pages ask of the window, and what the run and the document change.
void MainWindow::connectPages() {
  connect(data_, &DataPage::classifyRequested, this, &MainWindow::classifyWithLatestModel);
  connect(data_, &DataPage::tryTableRequested, this, &MainWindow::tryTableModel);
  connect(data_, &DataPage::tryTextRequested, this, &MainWindow::tryTextModel);
  connect(data_, &DataPage::importFailed, this, [this](const QString& m) { showError(tr("Import failed"), m); });
  connect(data_, &DataPage::datasetReady, this, [this](const QString& description) {
    datasetLabel_->setText(description);
    const std::string kind = doc_->datasetKind();
    QSettings().setValue("lastDataset", kind == "image-folder" ? QString::fromStdString(doc_->datasetRoot())
                                        : kind == "csv"        ? QString::fromStdString(doc_->datasetPath())
                                                               : QString("fashion-mnist"));
  });
  connect(model_, &ModelPage::openExperimentRequested, this, &MainWindow::openExperimentDialog);
  connect(model_, &ModelPage::saveExperimentRequested, this, &MainWindow::saveExperimentDialog);
  connect(train_, &TrainPage::runFailed, this, [this](const QString& m) { showError(tr("Training stopped"), m); });
  connect(controller_, &TrainingController::stateChanged, this, &MainWindow::updateStatus);
  connect(controller_, &TrainingController::stateChanged, this,
          [this] { model_->setTrainingActive(controller_->isActive()); });
  connect(controller_, &TrainingController::guardTripped, this, &MainWindow::showGuardTrip);
  connect(controller_, &TrainingController::started, this, [this](const RunStarted& info) {
    showPage(Train);
    // Kept at once: after a crash or a kill, the next start offers to resume it.
    QSettings().setValue("lastRun", QString::fromStdString(info.run_dir));
    if (queue_->idle()) train_->setQueueStatus({});  // a finished lesson's note is not about this run
  });
  connect(compare_, &ComparePage::resumeRequested, this, [this](const QString& dir, qint64 epochs) {
    showPage(Train);  // where it goes on, at once: its checkpoint loads in the background
    train_->resumeRun(dir, epochs);
  });
  connect(compare_, &ComparePage::followRequested, this, [this](const QString& dir) { followRun(dir); });
  connect(doc_, &ExperimentDocument::changed, this, &MainWindow::updateStatus);
  // The runs folder of the experiment is the one the Compare page lists and lessons fill.
  auto followRunsDir = [this] {
    const auto dir = doc_->value(configField(&ExperimentConfig::runs_dir));
    const QString runs = QString::fromStdString(runsFolder(dir.is_string() ? dir.get<std::string>() : ""));
    compare_->setRunsDir(runs);
    lessons_->setRunsDir(runs);
  };
  connect(doc_, &ExperimentDocument::changed, this, followRunsDir);
  followRunsDir();
  connect(lessons_, &LessonsPage::lessonStarted, this, &MainWindow::openLessonComparison);
  connect(model_, &ModelPage::gridRequested, this, &MainWindow::openGridDialog);
  connect(model_, &ModelPage::searchRequested, this, &MainWindow::openSearchDialog);
  connect(model_, &ModelPage::inspectLayerRequested, this, [this](const QString& layer) {
    showPage(Inspect);
    inspect_->select(layer, "activation");
  });
}

// The queue's runs on the Compare page; its progress on the Train page and in the status bar.
void MainWindow::connectQueue() {
  connect(queue_, &RunQueue::runStarted, this, [this](const QString&, const QString& dir) {
    lessonRuns_ << dir;
    compare_->reload();
    compare_->selectRuns(lessonRuns_);
  });
  connect(queue_, &RunQueue::runEnded, this,
          [this](const QString& label, const QString&, int code, const QString& message) {
            compare_->reload();
            if (code != 0)
              statusBar()->showMessage(
                  tr("%1 ended early: %2").arg(label, message.isEmpty() ? tr("exit code %1").arg(code) : message),
                  20000);
          });
  connect(queue_, &RunQueue::failedToStart, this, [this](const QString& label, const QString& message) {
    statusBar()->showMessage(tr("%1 did not start: %2").arg(label, message), 20000);
  });
  // The queue's progress on the Train page; its end said there and in the status bar.
  connect(queue_, &RunQueue::changed, this, &MainWindow::updateQueueStatus);
  connect(queue_, &RunQueue::batchFinished, this, [this](int runs, int failed) {
    const QString what = queueName();
    const QString text = failed == 0 ? tr("%1 finished: all %2 runs are on the Compare page.").arg(what).arg(runs)
                                     : tr("%1 finished: %2 of %3 runs ended early:").arg(what).arg(failed).arg(runs) +
                                           "\n• " + queue_->endedEarly().join("\n• ");
    train_->setQueueStatus(text);
    train_->queueEnded();
    statusBar()->showMessage(text.section('\n', 0, 0), 30000);
    if (lesson_ && failed > 0) compare_->setGuide(lessonTitle(*lesson_), lessonExplanation(*lesson_), text);
    compare_->reload();
    notifier_->notify(text.section('\n', 0, 0), text.section('\n', 1));
  });
}

// Desktop notifications while the window is not in front (View > Desktop notifications).
void MainWindow::connectNotifications() {
  connect(controller_, &TrainingController::stateChanged, notifier_, [this](RunState state, const QString& reason) {
    notifier_->runStateChanged(state, reason, controller_->runDir());
  });
  connect(controller_, &TrainingController::guardTripped, notifier_, [this](const GuardTripped& trip) {
    if (trip.action != "skip") notifier_->guardTripped(controller_->runDir(), GuardReport::text(trip));
  });
}

// The Data page, at a size that fits the screen.
void MainWindow::fitToScreen() {
  showPage(Data);
  // 1280x820, or the screen's free area when it is smaller (a 1024x768 projector).
  // A geometry kept from a bigger screen is bounded the same way.
  QSize fits(1280, 820);
  if (const QScreen* screen = QGuiApplication::primaryScreen())
    fits = fits.boundedTo(screen->availableGeometry().size() - QSize(16, 40));  // the frame and title bar
  resize(fits);
  restoreGeometry(QSettings().value("geometry").toByteArray());
  if (const QScreen* screen = QGuiApplication::primaryScreen()) {
    const QSize free = screen->availableGeometry().size() - QSize(16, 40);
    if (width() > free.width() || height() > free.height()) resize(size().boundedTo(free));
  }
  if (QSettings().value("presentation", false).toBool()) setPresentationMode(true);
}

void MainWindow::followRun(const QString& dir) {
  if (dir.isEmpty()) return;
  showPage(Train);
  train_->followRun(dir);
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open Image Folder…"), QKeySequence::Open, data_, &DataPage::chooseFolder);
  file->addAction(tr("Open &Table…"), data_, &DataPage::chooseTable);
  file->addAction(tr("Use &Fashion-MNIST"), data_, &DataPage::importFashionMnist);
  file->addSeparator();
  file->addAction(tr("Open &Experiment…"), QKeySequence(tr("Ctrl+Shift+O")), this, &MainWindow::openExperimentDialog);
  file->addAction(tr("&Save Experiment…"), QKeySequence::Save, this, &MainWindow::saveExperimentDialog);
  file->addSeparator();
  file->addAction(tr("Export Run to &TensorBoard…"), this, [this] {
    // This session's run, else the Compare page's current one, else ask.
    QString run = controller_->runDir();
    if (run.isEmpty()) run = compare_->currentRunDir();
    if (run.isEmpty()) run = QFileDialog::getExistingDirectory(this, tr("The run to export"), compare_->runsDir());
    RunActions::exportTensorBoard(this, run);
  });
  file->addAction(tr("Save &Report…"), this, [this] {
    // This session's run, else the Compare page's current one, else ask.
    QString run = controller_->runDir();
    if (run.isEmpty()) run = compare_->currentRunDir();
    if (run.isEmpty()) run = QFileDialog::getExistingDirectory(this, tr("The run to report"), compare_->runsDir());
    RunActions::saveReport(this, run);
  });
  file->addAction(tr("&Follow Run…"), this, [this] {
    followRun(QFileDialog::getExistingDirectory(this, tr("The run folder to follow"), compare_->runsDir()));
  });
  file->addAction(tr("&Collect Runs…"), this, [this] {
    RunActions::collectRuns(this, compare_->runsDir(), [this](const Collection& c) { showCollection(c); });
  });
  file->addAction(tr("&Import TensorBoard Runs…"), this,
                  [this] { RunActions::importTensorBoard(this, compare_->runsDir(), [this] { compare_->reload(); }); });
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

  QMenu* run = menuBar()->addMenu(tr("&Run"));
  run->addAction(tr("&Start"), QKeySequence(Qt::Key_F5), train_, &TrainPage::start);
  run->addAction(tr("&Pause / Resume"), QKeySequence(Qt::Key_F6), train_, &TrainPage::togglePause);
  run->addAction(tr("Step &one batch"), QKeySequence(Qt::Key_F7), train_, &TrainPage::stepOneBatch);
  run->addAction(tr("S&top"), QKeySequence(Qt::SHIFT | Qt::Key_F5), train_, &TrainPage::stop);
  run->addSeparator();
  // The Train page's last run (the one the app was closed or killed on, after a restart).
  run->addAction(tr("&Resume Last Run"), QKeySequence(Qt::CTRL | Qt::Key_F5), this, [this] { resumeLastRun(false); });
  run->addAction(tr("Resume Last Run with &More Epochs…"), this, [this] { resumeLastRun(true); });
  run->addSeparator();
  run->addAction(tr("Rewind and &Fork…"), this, [this] {
    rewindAndFork(controller_->runDir().isEmpty() ? compare_->currentRunDir() : controller_->runDir(), -1);
  });
  run->addAction(tr("Try on &Camera or Video…"), this, &MainWindow::tryOnCamera);
  run->addAction(tr("Searc&h…"), this, &MainWindow::openSearchDialog);
  run->addAction(tr("Open Searc&h…"), this, &MainWindow::openSearchFolder);

  QMenu* go = menuBar()->addMenu(tr("&View"));
  for (int p = 0; p < PageCount; ++p)
    go->addAction(sidebar_->item(p)->text(), QKeySequence(Qt::CTRL | (Qt::Key_1 + p)), this,
                  [this, p] { showPage(static_cast<Page>(p)); });

  go->addSeparator();
  presentation_ = go->addAction(tr("&Presentation mode"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), this,
                                [this](bool on) { setPresentationMode(on); });
  presentation_->setCheckable(true);
  presentation_->setToolTip(tr("Larger fonts, thicker lines and a high-contrast plot theme, for a projector"));
  QAction* notifications =
      go->addAction(tr("&Desktop notifications"), this, [](bool on) { DesktopNotifier::setEnabled(on); });
  notifications->setCheckable(true);
  notifications->setChecked(DesktopNotifier::enabled());
  notifications->setToolTip(
      tr("Say when a run finishes, fails or trips the NaN guard while this window is not in front"));
  go->addSeparator();
  QMenu* language = go->addMenu(tr("&Language"));
  language->addAction("English", this, [this] { chooseLanguage("en"); });
  language->addAction(QString::fromUtf8("简体中文"), this, [this] { chooseLanguage("zh_CN"); });

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&Welcome"), this, &MainWindow::showWelcome);
  help->addAction(tr("&About Trainscope"), this, &MainWindow::showAbout);
}

void MainWindow::resumeLastRun(bool moreEpochs) {
  const QString dir = train_->lastRunDir();
  if (dir.isEmpty()) {
    showError(tr("Resume"), tr("No run to resume yet: start one (F5), or pick one on the Compare page."));
    return;
  }
  const RunEntry entry = readRunEntry(dir.toStdString());
  const ResumeOffer offer = resumeOffer(entry);
  const QString name = QString::fromStdString(entry.name);
  if (!moreEpochs && !offer.resumable) {
    showError(
        tr("Resume"),
        offer.extendable
            ? tr("%1 has trained all its epochs: use Resume Last Run with More Epochs to train it further.").arg(name)
            : tr("%1 cannot be resumed: %2").arg(name, QString::fromStdString(offer.why)));
    return;
  }
  const int64_t epochs = moreEpochs ? ResumeBanner::askEpochs(this, name, offer) : 0;
  if (moreEpochs && epochs == 0) return;
  train_->resumeRun(dir, epochs);
}

void MainWindow::showWelcome() {
  auto* welcome = new WelcomeDialog(compare_->runsDir(), this);
  welcome->setAttribute(Qt::WA_DeleteOnClose);
  connect(welcome, &WelcomeDialog::lessonsRequested, this, [this] { showPage(Lessons); });
  WelcomeDialog::markShown();
  welcome->open();
}

QString MainWindow::queueName() const { return queueTitle_.isEmpty() ? tr("Queue") : queueTitle_; }

void MainWindow::updateQueueStatus() {
  updateStatus();
  if (queue_->idle()) return;  // batchFinished says the last word
  const QString what = queueName();
  if (queue_->batchDone() == 0 && queue_->running() <= 1)  // the batch has just begun
    train_->clearLastRun(tr("%1 trains in the background, one run after another: its curves are on the Compare "
                            "page.")
                             .arg(what));
  train_->setQueueStatus(tr("%1: %2 of %3 runs done · training %4")
                             .arg(what)
                             .arg(queue_->batchDone())
                             .arg(queue_->batchSize())
                             .arg(queue_->runningLabels().join(", ")));
}

void MainWindow::openLessonComparison(const Lesson& lesson) {
  lessonRuns_.clear();
  queueTitle_ = tr("Lesson %1").arg(lesson.number);
  updateQueueStatus();  // its first run was queued before the lesson said its name
  compare_->selectRuns({});
  if (!lesson.metrics.empty()) compare_->setMetric(QString::fromStdString(lesson.metrics.front()));
  compare_->setXAxis(QString::fromStdString(lesson.x));
  compare_->setLogScale(lesson.log_scale);
  lesson_ = lesson;
  compare_->setGuide(lessonTitle(lesson), lessonExplanation(lesson));
  showPage(Compare);
  statusBar()->showMessage(tr("Lesson %1: %2 runs queued; also worth a look: %3")
                               .arg(lesson.number)
                               .arg(lesson.runs.size())
                               .arg(curveLabel(QString::fromStdString(
                                   lesson.metrics.size() > 1 ? lesson.metrics[1] : lesson.metrics.front()))),
                           15000);
}

QString MainWindow::lessonTitle(const Lesson& lesson) const {
  return tr("Lesson %1: %2")
      .arg(lesson.number)
      .arg(QString::fromStdString(lesson.titleIn(currentLanguage().toStdString())));
}

QString MainWindow::lessonExplanation(const Lesson& lesson) const {
  return QString::fromStdString(lesson.explanationIn(currentLanguage().toStdString()));
}

void MainWindow::openGridDialog() {
  GridDialog dialog(doc_->json(), this);
  if (dialog.exec() != QDialog::Accepted) return;
  queueGrid(dialog.runs(), dialog.twoAtOnce());
}

void MainWindow::queueGrid(const std::vector<GridRun>& runs, bool twoAtOnce) {
  lessonRuns_.clear();
  queueTitle_ = tr("Grid");
  lesson_.reset();
  compare_->setGuide({}, {});
  compare_->selectRuns({});
  queue_->setParallel(twoAtOnce ? 2 : 1);
  for (const auto& r : runs) queue_->enqueue(r.parsed, QString::fromStdString(r.label));
  compare_->setMetric("val_accuracy");
  compare_->setXAxis("epoch");
  showPage(Compare);
  statusBar()->showMessage(tr("%1 runs queued; they appear here as they start.").arg(runs.size()), 15000);
}

void MainWindow::setPresentationMode(bool on) {
  // Fonts grow through the application font (every widget without its own follows);
  // plots get their look from widgets/plot_theme.
  QFont font = baseFont_;
  if (on) font.setPointSizeF(baseFont_.pointSizeF() * widgets::kPresentationScale);
  QApplication::setFont(font);
  // A widget with a style sheet keeps the font it was polished with: polish it again.
  for (QWidget* w : findChildren<QWidget*>())
    if (!w->styleSheet().isEmpty()) w->setStyleSheet(w->styleSheet());
  widgets::applyPresentationLook(this, on);
  // Columns sized for the old font would cut names ("co…"): size them again, once the
  // new font has reached every view (it travels in events).
  QTimer::singleShot(0, this, [this] {
    for (QTableView* table : findChildren<QTableView*>()) table->resizeColumnsToContents();
    for (QTreeView* tree : findChildren<QTreeView*>())
      for (int c = 0; tree->model() && c < tree->model()->columnCount(); ++c) tree->resizeColumnToContents(c);
  });
  presentation_->setChecked(on);
  QSettings().setValue("presentation", on);
}

bool MainWindow::presentationMode() const { return presentation_ && presentation_->isChecked(); }

void MainWindow::chooseLanguage(const QString& language) {
  QSettings().setValue("language", language);
  lessons_->setLanguage(language);
  QMessageBox::information(this, tr("Language"), tr("The new language applies the next time Trainscope starts."));
}

void MainWindow::showPage(Page page) { sidebar_->setCurrentRow(page); }
QWidget* MainWindow::page(Page page) const { return pages_->widget(page); }

void MainWindow::showError(const QString& title, const QString& message) {
  statusBar()->showMessage(title + ": " + message, 10000);
  if (QApplication::platformName() == "offscreen") return;  // headless: no one to click OK
  QMessageBox::warning(this, title, message);
}

void MainWindow::updateStatus() {
  const RunState s = controller_->state();
  QString text = controller_->isActive() || (!controller_->runDir().isEmpty() && queue_->idle())
                     ? tr("Run %1").arg(statusName(QString::fromLatin1(toString(s))))
                 : !queue_->idle() ? tr("%1 training").arg(queueName())
                                   : tr("Ready");
  if (!doc_->isValid()) text += tr(" · the experiment has problems (see the Model page)");
  runState_->setText(text);
}

bool MainWindow::openExperiment(const QString& path) {
  QString error;
  if (!doc_->load(path, &error)) {
    showError(tr("Cannot open the experiment"), error);
    return false;
  }
  data_->importExperimentDataset();  // the experiment names its dataset: import it too
  QSettings().setValue("lastExperiment", path);
  return true;
}

void MainWindow::openExperimentDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open experiment"), QFileInfo(doc_->path()).absolutePath(),
                                                    tr("Experiments (*.json)"));
  if (!path.isEmpty()) openExperiment(path);
}

bool MainWindow::saveExperiment(const QString& path) {
  QString error;
  if (!doc_->save(path, &error)) {
    showError(tr("Cannot save the experiment"), error);
    return false;
  }
  QSettings().setValue("lastExperiment", path);
  statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
  return true;
}

void MainWindow::saveExperimentDialog() {
  // The file it came from, else one named after the experiment in the last folder used.
  QString start = doc_->path();
  if (start.isEmpty() || start.startsWith(":")) {
    const QString name = doc_->config() ? QString::fromStdString(doc_->config()->name) : QString("experiment");
    const QString folder = QFileInfo(QSettings().value("lastExperiment").toString()).absolutePath();
    start = QDir(folder.isEmpty() || !QFileInfo(folder).isDir() ? QDir::homePath() : folder).filePath(name + ".json");
  }
  const QString path = QFileDialog::getSaveFileName(this, tr("Save experiment"), start, tr("Experiments (*.json)"));
  if (!path.isEmpty()) saveExperiment(path);
}

void MainWindow::importLastOrDefaultDataset(const QString& requested) {
  data_->importPath(!requested.isEmpty() ? requested : QSettings().value("lastDataset", "fashion-mnist").toString());
}

void MainWindow::showAbout() {
  const LibraryVersions v = libraryVersions();
  QMessageBox::about(this, tr("About Trainscope"),
                     tr("<h3>Trainscope %1</h3><p>A workbench for training and debugging neural networks.</p>"
                        "<p>LibTorch %2<br>Qt %3<br>OpenCV %4<br>HDF5 %5</p><p>Device: %6</p>")
                         .arg(QString::fromStdString(v.trainscope), QString::fromStdString(v.libtorch), qVersion(),
                              QString::fromStdString(v.opencv), QString::fromStdString(v.hdf5),
                              QString::fromStdString(availableDevice())));
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (controller_->isActive() && !controller_->following()) {
    if (confirmClose_ &&
        QMessageBox::question(this, tr("Stop training?"),
                              tr("A run is training. Stop it and quit? Its record and a checkpoint to resume from "
                                 "are kept.")) != QMessageBox::Yes) {
      event->ignore();
      return;
    }
    // The step in flight ends first (many seconds with a slow model): say so, keep the
    // window responsive, and close once the run has stopped and kept its checkpoint.
    if (!closeWhenStopped_) {
      closeWhenStopped_ = true;
      train_->stop();
      auto* wait = new QProgressDialog(
          tr("Stopping the run after its current step…\nTrainscope closes when the run has kept its checkpoint."),
          QString(), 0, 0, this);
      wait->setWindowTitle(tr("Quitting"));
      wait->setWindowModality(Qt::WindowModal);
      wait->setMinimumDuration(0);
      wait->show();
      // A resume still loading its checkpoint may fail instead of ending: quit then too.
      const auto closeNow = [this] {
        if (closeWhenStopped_) close();
      };
      connect(controller_, &TrainingController::ended, this, closeNow, Qt::SingleShotConnection);
      connect(controller_, &TrainingController::launchFailed, this, closeNow, Qt::SingleShotConnection);
    }
    event->ignore();
    return;
  }
  QSettings().setValue("geometry", saveGeometry());
  // The experiment as it stands, unsaved edits too: the next start goes on from it.
  QSettings().setValue("workingExperiment", QString::fromStdString(doc_->json().dump()));
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const auto urls = event->mimeData()->urls();
  if (urls.size() == 1 && urls[0].isLocalFile() && QFileInfo::exists(urls[0].toLocalFile()))
    event->acceptProposedAction();  // a folder of images, or a table's file
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QString path = event->mimeData()->urls().value(0).toLocalFile();
  if (path.isEmpty()) return;
  showPage(Data);
  data_->importPath(path);
}

}  // namespace trainscope::ui
