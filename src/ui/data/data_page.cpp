#include "ui/data/data_page.h"

#include "ui/run/background.h"

#include <QFileInfo>
#include <QListView>
#include <QLocale>
#include <QMenu>

#include "engine/data/channel_stats.h"
#include "engine/data/image_header.h"
#include "ui/data/dataset_importer.h"
#include "ui/data/health_panel.h"
#include "ui/data/table_browser.h"
#include "ui/data/text_browser.h"
#include "ui/experiment/experiment_document.h"
#include "ui/image_convert.h"
#include "ui/translation.h"
#include "widgets/class_chart.h"
#include "widgets/image_grid.h"
#include "widgets/presentation_layout.h"

#include <QComboBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <filesystem>
#include <memory>

namespace trainscope::ui {

namespace {
std::shared_ptr<const Dataset> splitOf(const DatasetSplits& s, int split) { return split == 0 ? s.train : s.val; }

QStringList classNames(const Dataset& data) {
  QStringList names;
  for (const auto& c : data.classes()) names << QString::fromStdString(c);
  return names;
}

QString jsonNumbers(const std::vector<double>& v) {
  QStringList parts;
  for (double x : v) parts << QString::number(x, 'f', 4);
  return "[" + parts.join(", ") + "]";
}
}  // namespace

DataPage::DataPage(ExperimentDocument* document, QWidget* parent)
    : QWidget(parent), doc_(document), importer_(new DatasetImporter(this)) {
  tabs_ = new QTabWidget(this);
  // Short tab names: all four fit beside the thumbnails, on a projector too.
  tabs_->addTab(makeOverview(), tr("Overview"));
  tabs_->addTab(makeSkippedTable(), tr("Skipped"));
  tabs_->addTab(makePreview(), tr("Augmentation"));
  health_ = new HealthPanel(this);
  tabs_->addTab(health_, tr("Health check"));
  tabs_->setTabToolTip(0, tr("Class balance per split, image sizes, mean/std"));
  tabs_->setTabToolTip(1, tr("The files the import skipped, and why"));
  tabs_->setTabToolTip(2, tr("A preview of the training augmentation on the selected image"));
  tabs_->setTabToolTip(3, tr("Duplicates, leaks between the splits, conflicting labels, outliers"));

  auto* splitter = new QSplitter(this);
  splitter->addWidget(makeBrowser());
  splitter->addWidget(tabs_);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);
  // A projector's larger tabs get the width they need (fewer thumbnails a row); the
  // split goes back when the mode is off.
  auto* projector = new widgets::PresentationLayout(this);
  projector->onChange([this, splitter, before = std::make_shared<QList<int>>()](bool on) {
    if (!on) {
      if (!before->isEmpty()) splitter->setSizes(*before);
      return;
    }
    *before = splitter->sizes();
    QTimer::singleShot(0, this, [this, splitter] {  // once the larger font has reached the tabs
      const int tabs = tabs_->tabBar()->sizeHint().width() + 24, total = splitter->width();
      if (splitter->sizes().value(1) < tabs) splitter->setSizes({std::max(0, total - tabs), tabs});
    });
  });

  tableBrowser_ = new TableBrowser(this);
  views_ = new QStackedWidget(this);
  views_->addWidget(splitter);
  views_->addWidget(tableBrowser_);
  textBrowser_ = new TextBrowser(this);
  views_->addWidget(textBrowser_);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(makeImportBar());
  layout->addWidget(views_, 1);
  setBusy(false);

  connectImporter();
  connectBrowser();
  connectPreview();
  connectMeanStd();
}

// The sources (Fashion-MNIST, a folder), what is loaded, and the progress of an import.
QLayout* DataPage::makeImportBar() {
  fashion_ = new QPushButton(tr("Fashion-MNIST (built in)"), this);
  fashion_->setToolTip(tr("70,000 small grayscale pictures of clothes in 10 classes: the classic first dataset."));
  folder_ = new QPushButton(tr("Open image folder…"), this);
  folder_->setToolTip(
      tr("A folder with one sub-folder per class (root/<class>/<image>), as torchvision's "
         "ImageFolder expects. You can also drop a folder on the window."));
  table_ = new QPushButton(tr("Open table (CSV)…"), this);
  table_->setToolTip(
      tr("A CSV file with a header row, one row per example: the model learns to predict one column from the "
         "others (a class, or a number). Separators , ; or tab."));
  text_ = new QPushButton(tr("Open text folder…"), this);
  text_->setToolTip(
      tr("A folder with one sub-folder per class holding .txt files, one document each "
         "(root/<class>/*.txt). A CSV with a column of text: open it as a table."));
  cancel_ = new QPushButton(tr("Cancel"), this);
  progress_ = new QProgressBar(this);
  source_ = new QLabel(tr("No dataset yet"), this);
  source_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  source_->setWordWrap(true);  // a long folder path or note must not widen the window:
  // a path is one word to wrapping, so the label takes the room left beside the buttons
  // (at 1024x768 in English, 150 px); the status bar says it whole.
  source_->setMinimumWidth(source_->fontMetrics().averageCharWidth() * 12);
  auto* top = new QHBoxLayout();
  top->addWidget(fashion_);
  top->addWidget(folder_);
  top->addWidget(table_);
  top->addWidget(text_);
  top->addWidget(source_, 1);
  // The progress of an import and its Cancel run under the buttons: beside them they
  // widened the window past a 1024x768 screen in presentation mode while a dataset loaded
  // (a window grows to its content's minimum and never shrinks back).
  auto* busy = new QHBoxLayout();
  busy->addWidget(progress_, 1);
  busy->addWidget(cancel_);
  // A note on what was chosen for the data (the photo recipe) runs the page's full
  // width under the buttons: beside them it was a narrow column hundreds of pixels tall
  // in presentation mode's larger font.
  recipeNote_ = new QLabel(this);
  recipeNote_->setWordWrap(true);
  recipeNote_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  recipeNote_->hide();
  auto* bar = new QVBoxLayout();
  bar->addLayout(top);
  bar->addLayout(busy);
  bar->addWidget(recipeNote_);
  return bar;
}

// The thumbnails, by split and class.
QWidget* DataPage::makeBrowser() {
  split_ = new QComboBox(this);
  split_->addItems({tr("Training split"), tr("Validation split")});
  split_->setSizeAdjustPolicy(QComboBox::AdjustToContents);  // in presentation mode's font too
  classFilter_ = new QComboBox(this);
  classFilter_->setMinimumContentsLength(12);
  count_ = new QLabel(this);
  grid_ = new widgets::ImageGrid(this);
  auto* filters = new QHBoxLayout();
  filters->addWidget(split_);
  filters->addWidget(classFilter_);
  filters->addStretch();
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addLayout(filters);
  leftLayout->addWidget(grid_, 1);
  leftLayout->addWidget(count_);  // under the thumbnails: the filters keep their width on a projector
  return left;
}

// Class balance, image sizes, mean/std.
QWidget* DataPage::makeOverview() {
  chart_ = new widgets::ClassChart(this);
  stats_ = new QLabel(this);
  stats_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  stats_->setWordWrap(true);  // a folder's size statistics must not widen the window
  meanStd_ = new QPushButton(tr("Compute mean/std"), this);
  meanStd_->setToolTip(
      tr("Measures the per-channel mean and standard deviation of the training images and "
         "writes them into the experiment's Normalize. ImageNet's values are a poor fit for "
         "data that does not look like ImageNet."));
  normalizeResult_ = new QLabel(this);
  normalizeResult_->setWordWrap(true);
  auto* overview = new QWidget(this);
  auto* ov = new QVBoxLayout(overview);
  ov->addWidget(chart_, 1);
  ov->addWidget(stats_);
  auto* ms = new QHBoxLayout();
  ms->addWidget(meanStd_);
  ms->addWidget(normalizeResult_, 1);
  ov->addLayout(ms);
  return overview;
}

QWidget* DataPage::makeSkippedTable() {
  skipped_ = new QTableWidget(0, 2, this);
  skipped_->setHorizontalHeaderLabels({tr("File"), tr("Why it was skipped")});
  skipped_->horizontalHeader()->setStretchLastSection(true);
  skipped_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  skipped_->verticalHeader()->setVisible(false);
  return skipped_;
}

void DataPage::connectImporter() {
  connect(fashion_, &QPushButton::clicked, this, &DataPage::importFashionMnist);
  connect(folder_, &QPushButton::clicked, this, &DataPage::chooseFolder);
  connect(table_, &QPushButton::clicked, this, &DataPage::chooseTable);
  connect(text_, &QPushButton::clicked, this, &DataPage::chooseTextFolder);
  connect(tableBrowser_, &TableBrowser::reimportRequested, this, &DataPage::importTableSection);
  connect(tableBrowser_, &TableBrowser::tryRequested, this, &DataPage::tryTableRequested);
  connect(textBrowser_, &TextBrowser::tryRequested, this, &DataPage::tryTextRequested);
  connect(cancel_, &QPushButton::clicked, this, [this] {
    importer_->cancel();
    statsTicker_->cancel();
  });
  connect(importer_, &DatasetImporter::progress, this, [this](qint64 done, qint64 total, const QString& file) {
    progress_->setRange(0, static_cast<int>(total));
    progress_->setValue(static_cast<int>(done));
    // A slow folder (network drive, big photos) says where it is.
    if (!file.isEmpty())
      source_->setText(tr("Checking %1 of %2: %3")
                           .arg(QLocale().toString(done), QLocale().toString(total),
                                QFileInfo(file).dir().dirName() + "/" + QFileInfo(file).fileName()));
  });
  connect(importer_, &DatasetImporter::finished, this,
          [this](std::shared_ptr<const DatasetSplits> splits, nlohmann::json config) {
            setBusy(false);
            doc_->setDataset(std::move(splits), config);
          });
  connect(importer_, &DatasetImporter::failed, this, [this](const QString& message) {
    setBusy(false);
    // When the experiment now names a dataset that is not loaded (an opened experiment
    // whose folder is gone), show none rather than the previous one, so nothing trains
    // on what the page does not show. A cancelled re-import keeps what was there.
    if (!doc_->datasetMatchesConfig()) doc_->clearDataset();
    source_->setText(doc_->dataset() ? translated(doc_->dataset()->label) : tr("No dataset: %1").arg(message));
    emit importFailed(message);
  });
}

void DataPage::connectMeanStd() {
  statsTicker_ = new ProgressTicker(
      [this](int64_t done, int64_t total, const QString&) {
        if (total <= 0) return;
        progress_->setRange(0, static_cast<int>(total));
        progress_->setValue(static_cast<int>(done));
      },
      this);
  connect(meanStd_, &QPushButton::clicked, this, &DataPage::computeMeanStd);
  connect(&measuring_, &QFutureWatcher<MeasuredStats>::finished, this, &DataPage::applyMeanStd);
}

void DataPage::connectBrowser() {
  connect(doc_, &ExperimentDocument::datasetChanged, this, &DataPage::showDataset);
  connect(split_, qOverload<int>(&QComboBox::currentIndexChanged), this, &DataPage::applyFilter);
  connect(classFilter_, qOverload<int>(&QComboBox::currentIndexChanged), this, &DataPage::applyFilter);
  // A thumbnail's menu: the latest trained model's top 5 for it (files of a folder).
  grid_->view()->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(grid_->view(), &QWidget::customContextMenuRequested, this, &DataPage::showThumbnailMenu);
  connect(grid_, &widgets::ImageGrid::itemSelected, this, [this](int item) {
    previewItem_ = item;
    showPreview();
  });
}

void DataPage::showThumbnailMenu(const QPoint& at) {
  const QModelIndex item = grid_->view()->indexAt(at);
  const auto splits = doc_->dataset();
  if (!item.isValid() || !splits || item.row() >= static_cast<int>(shown_.size())) return;
  const auto data = splitOf(*splits, split_->currentIndex());
  const QString path = QString::fromStdString(data->describe(shown_.at(static_cast<size_t>(item.row()))));
  QMenu menu;
  QAction* classify = menu.addAction(tr("Classify with the latest trained model"));
  classify->setEnabled(QFileInfo::exists(path));
  if (!classify->isEnabled()) classify->setToolTip(tr("Only images in files can be classified"));
  if (menu.exec(grid_->view()->viewport()->mapToGlobal(at)) == classify) emit classifyRequested(path);
}

DataPage::~DataPage() {
  statsTicker_->cancel();
  measuring_.waitForFinished();
  previewing_.waitForFinished();
}

bool DataPage::importing() const { return importer_->busy(); }

void DataPage::setBusy(bool busy, const QString& what) {
  progress_->setVisible(busy);
  cancel_->setVisible(busy);
  fashion_->setEnabled(!busy);
  folder_->setEnabled(!busy);
  table_->setEnabled(!busy);
  text_->setEnabled(!busy);
  tableBrowser_->setEnabled(!busy);  // a table's new target is read before another is chosen
  meanStd_->setEnabled(!busy && doc_->dataset() != nullptr);
  if (busy) {
    progress_->setRange(0, 0);  // busy indicator until the first progress report
    source_->setText(what);
  }
}

bool DataPage::showsTable() const { return views_->currentIndex() == 1; }

void DataPage::showDataset() {
  const auto splits = doc_->dataset();
  health_->setDataset(splits);
  if (!splits) {
    chart_->setCounts({}, {}, {});
    skipped_->setRowCount(0);
    stats_->clear();
    shown_.clear();
    grid_->setItems(0, {}, {});
    meanStd_->setEnabled(false);
    return;
  }
  source_->setText(translated(splits->label));
  recipeNote_->clear();
  recipeNote_->hide();
  views_->setCurrentIndex(splits->table ? 1 : splits->text ? 2 : 0);
  if (splits->table || splits->text) {  // a table or text: its own browser, no image tabs
    if (splits->table) tableBrowser_->setDataset(splits, doc_->datasetSection());
    if (splits->text) textBrowser_->setDataset(splits);
    emit datasetReady(translated(splits->label));
    return;
  }
  if (doc_->photoRecipeJustApplied() && doc_->config()) {
    recipeNote_->setText(photoRecipeNote(*doc_->config(), splits->train->size()));
    recipeNote_->show();
  }
  const auto& classes = splits->train->classes();
  QStringList names;
  for (const auto& c : classes) names << QString::fromStdString(c);
  const auto train = classCounts(*splits->train), val = classCounts(*splits->val);
  chart_->setCounts(names, QVector<qint64>(train.begin(), train.end()), QVector<qint64>(val.begin(), val.end()));

  const ImageSizeStats& z = splits->sizes;
  QString sizes = z.measured == 0 ? tr("Image sizes are measured when a folder is imported.")
                                  : tr("%1 images. Width min/median/max: %2 / %3 / %4 px. Height: %5 / %6 / %7 px. "
                                       "Channels in the files: %8 grayscale, %9 RGB, %10 RGBA.")
                                        .arg(z.measured)
                                        .arg(z.min_width)
                                        .arg(z.median_width)
                                        .arg(z.max_width)
                                        .arg(z.min_height)
                                        .arg(z.median_height)
                                        .arg(z.max_height)
                                        .arg(z.grayscale)
                                        .arg(z.rgb)
                                        .arg(z.rgba);
  stats_->setText(tr("%1 classes, %2 training and %3 validation images.\n%4")
                      .arg(classes.size())
                      .arg(splits->train->size())
                      .arg(splits->val->size())
                      .arg(sizes));

  skipped_->setRowCount(static_cast<int>(splits->skipped.size()));
  for (int r = 0; r < static_cast<int>(splits->skipped.size()); ++r) {
    const QStringList texts{QString::fromStdString(splits->skipped[r].path), skipReason(splits->skipped[r].reason)};
    for (int c = 0; c < 2; ++c) {  // a long path or reason, cut by its column, is in its tooltip in full
      auto* item = new QTableWidgetItem(texts[c]);
      item->setToolTip(texts[c]);
      skipped_->setItem(r, c, item);
    }
  }
  skipped_->resizeColumnToContents(0);
  tabs_->setTabText(1, tr("Skipped (%1)").arg(splits->skipped.size()));

  QSignalBlocker block(classFilter_);
  classFilter_->clear();
  classFilter_->addItem(tr("All classes"));
  classFilter_->addItems(names);
  normalizeResult_->clear();
  meanStd_->setEnabled(true);
  previewItem_ = 0;
  applyFilter();
  emit datasetReady(translated(splits->label));
}

void DataPage::applyFilter() {
  const auto splits = doc_->dataset();
  if (!splits) return;
  const auto data = splitOf(*splits, split_->currentIndex());
  const int wanted = classFilter_->currentIndex() - 1;  // -1: all classes
  shown_.clear();
  for (int64_t i = 0; i < data->size(); ++i)
    if (wanted < 0 || data->label(i) == wanted) shown_.push_back(i);
  count_->setText(tr("%1 images").arg(shown_.size()));
  const auto indices = std::make_shared<std::vector<int64_t>>(shown_);
  const bool tiny = data->size() > 0 && splits->sizes.max_width > 0 && splits->sizes.max_width <= 32;
  grid_->setItems(
      static_cast<int>(shown_.size()),
      [data, indices, tiny](int item) {  // runs on the grid's thread pool; big photos decode reduced
        std::string error;
        const int64_t index = indices->at(item);
        QImage image = toQImage(data->loadPreview(index, tiny ? 56 : 96, &error));
        image.setText("tooltip", thumbnailTooltip(*data, index, image.size(), error));
        return image;
      },
      [data, indices](int item) { return QString::fromStdString(data->classes().at(data->label(indices->at(item)))); },
      tiny ? QSize(56, 56) : QSize(96, 96), classNames(*data));
  previewItem_ = 0;
  if (tabs_->currentIndex() == 2) showPreview();
}

QString DataPage::thumbnailTooltip(const Dataset& data, int64_t index, QSize decoded, const std::string& error) {
  // Runs on the grid's pool: the header read and the file size cost the GUI nothing.
  const QString label = QString::fromStdString(data.classes().at(data.label(index)));
  const std::string where = data.describe(index);
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(where, ec);
  if (ec)  // an IDX sample: its index is its name
    return tr("%1 · %2 · %3×%4 px")
        .arg(label, QString::fromStdString(where))
        .arg(decoded.width())
        .arg(decoded.height());
  ImageHeader header;
  std::string why;
  QSize size = decoded;  // a big JPEG's thumbnail is decoded reduced: the header has the real size
  if (readImageHeader(where, &header, &why, /*checkComplete=*/false) && header.width > 0)
    size = QSize(static_cast<int>(header.width), static_cast<int>(header.height));
  QString tip = tr("%1 · %2\n%3×%4 px, %5")
                    .arg(label, QString::fromStdString(std::filesystem::path(where).filename().string()))
                    .arg(size.width())
                    .arg(size.height())
                    .arg(QLocale().formattedDataSize(static_cast<qint64>(bytes)));
  if (!error.empty()) tip += "\n" + skipReason(error);
  return tip;
}

void DataPage::computeMeanStd() {
  const auto splits = doc_->dataset();
  const ExperimentConfig* cfg = doc_->config();
  if (!splits || !cfg || measuring_.isRunning()) return;
  setBusy(true, tr("Measuring the training images…"));
  const auto pipeline = cfg->val_transforms;
  measuring_.setFuture(runInBackground([splits, pipeline, progress = statsTicker_->follow()] {
    MeasuredStats m;
    m.splits = splits;
    try {
      m.stats = computeChannelStats(*splits->train, pipeline, 0,
                                    [progress](int64_t done, int64_t total) { return progress->report(done, total); });
    } catch (const std::exception& e) {
      m.error = QString::fromStdString(e.what());
    }
    return m;
  }));
}

void DataPage::applyMeanStd() {
  statsTicker_->stop();
  const MeasuredStats m = measuring_.result();
  const ChannelStats& stats = m.stats;
  setBusy(false);
  if (doc_->dataset() != m.splits) {  // another dataset came in meanwhile
    normalizeResult_->setText(tr("Not applied: the dataset changed while it was measured."));
    return;
  }
  source_->setText(translated(m.splits->label));
  if (!m.error.isEmpty()) {
    normalizeResult_->setText(tr("Not measured: %1").arg(m.error));
    return;
  }
  // Written into every Normalize of the experiment, rounded as people write them.
  std::vector<double> mean, std;
  for (size_t c = 0; c < stats.mean.size(); ++c) {
    mean.push_back(std::round(stats.mean[c] * 1e4) / 1e4);
    std.push_back(std::round(stats.std[c] * 1e4) / 1e4);
  }
  for (const bool train : {true, false}) {
    nlohmann::json list = doc_->pipeline(train);
    if (!list.is_array()) continue;
    for (auto& step : list)
      if (step.is_object() && step.value("name", "") == "Normalize") step["mean"] = mean, step["std"] = std;
    doc_->setPipeline(train, list);  // the whole list: never half an edit
  }
  QString text =
      tr("Normalize set to mean %1, std %2 (%3 images).").arg(jsonNumbers(mean), jsonNumbers(std)).arg(stats.samples);
  for (int c : stats.constant_channels) text += tr(" Channel %1 never varies: its std is set to 1.").arg(c);
  normalizeResult_->setText(text);
}

}  // namespace trainscope::ui
