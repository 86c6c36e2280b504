#include "ui/mistakes/mistakes_page.h"

#include "engine/data/table_encoding.h"
#include "engine/inspect/confusion_stats.h"
#include "engine/inspect/sample_ranking.h"
#include "engine/system/atomic_file.h"
#include "engine/system/install_paths.h"
#include "ui/experiment/experiment_document.h"
#include "ui/image_convert.h"
#include "ui/mistakes/correction_book.h"
#include "ui/mistakes/diagnosis_loader.h"
#include "ui/mistakes/feature_map_view.h"
#include "ui/mistakes/residuals_view.h"
#include "ui/mistakes/text_mistakes_view.h"
#include "ui/run/training_controller.h"
#include "widgets/confusion_matrix_view.h"
#include "widgets/data_map_plot.h"
#include "widgets/image_grid.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>

#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include "widgets/presentation_layout.h"

#include <algorithm>

namespace trainscope::ui {

namespace {
constexpr int kPairsShown = 20;

std::vector<GallerySample> gallerySamples(const std::vector<SampleVerdict>& verdicts, bool training) {
  std::vector<GallerySample> out;
  out.reserve(verdicts.size());
  for (const auto& v : verdicts) out.push_back({training, v.index, v.label, v.predicted, v.p_label, v.loss});
  return out;
}

// What a gallery's captions can be: "✎ → Ankle boot 0.93", for every class.
QStringList captionSamples(const std::vector<std::string>& classes) {
  QStringList out;
  for (const auto& c : classes) out << QStringLiteral("✎ → ") + QString::fromStdString(c) + " 0.00";
  return out;
}

QTableWidget* compactTable(const QStringList& headers, QWidget* parent) {
  auto* t = new QTableWidget(0, static_cast<int>(headers.size()), parent);
  t->setHorizontalHeaderLabels(headers);
  t->verticalHeader()->setVisible(false);
  t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
  t->setEditTriggers(QAbstractItemView::NoEditTriggers);
  t->setSelectionBehavior(QAbstractItemView::SelectRows);
  t->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  for (int c = 1; c < headers.size(); ++c)
    t->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
  return t;
}

// A number shown rounded, sorted by its value (1000 after 999).
class NumberItem : public QTableWidgetItem {
 public:
  NumberItem(const QString& text, double value) : QTableWidgetItem(text), value_(value) {
    setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  }
  bool operator<(const QTableWidgetItem& other) const override {
    const auto* number = dynamic_cast<const NumberItem*>(&other);
    return number ? value_ < number->value_ : QTableWidgetItem::operator<(other);
  }

 private:
  double value_;
};

QTableWidgetItem* numberItem(const QString& text, double value) { return new NumberItem(text, value); }
}  // namespace

MistakesPage::MistakesPage(TrainingController* controller, ExperimentDocument* document, QWidget* parent)
    : QWidget(parent),
      controller_(controller),
      doc_(document),
      loader_(new DiagnosisLoader(this)),
      book_(new CorrectionBook(document, this)) {
  run_ = new QLabel(tr("No run yet: train one, or open a run folder."), this);
  run_->setStyleSheet("font-weight: bold");
  open_ = new QPushButton(tr("Open run…"), this);
  open_->setToolTip(tr("Look at the mistakes of a run folder (one that trained for at least an epoch)."));
  status_ = new QLabel(this);
  status_->setWordWrap(true);

  tabs_ = new QTabWidget(this);
  tabs_->addTab(makeConfusionTab(), tr("Confusion matrix"));
  tabs_->addTab(makeGalleryTab(), tr("Mistakes"));
  tabs_->addTab(makeMapTab(), tr("Data map"));
  tabs_->addTab(makeSuspectTab(), tr("Suspect labels"));
  tabs_->addTab(featureMap_ = new FeatureMapView(book_, this), tr("Feature map"));
  detail_ = new SampleDetail(book_, this);
  detail_->setMinimumWidth(260);
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(tabs_);
  split->addWidget(detail_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  // A projector gives the matrix and its tables the width; the image panel unfolds when
  // an image is clicked.
  projector_ = new widgets::PresentationLayout(this);
  projector_->fold(split, 1);
  projector_->onChange([this](bool on) {
    for (QComboBox* c : {values_, order_})
      c->setSizeAdjustPolicy(on ? QComboBox::AdjustToContents : QComboBox::AdjustToMinimumContentsLengthWithIcon);
  });
  pageSplit_ = split;

  auto* header = new QHBoxLayout;
  header->addWidget(run_, 1);
  header->addWidget(newer_);
  header->addWidget(open_);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(header);
  layout->addWidget(status_);
  residuals_ = new ResidualsView(this);
  views_ = new QStackedWidget(this);  // a classification's tabs, or a regression's residuals
  views_->addWidget(split);
  views_->addWidget(residuals_);
  textMistakes_ = new TextMistakesView(this);
  views_->addWidget(textMistakes_);
  layout->addWidget(views_, 1);

  connectRunAndMatrix();
  connectSamples();
}

// The confusion matrix, its per-class scores and the most frequent confusions.
QWidget* MistakesPage::makeConfusionTab() {
  epoch_ = new QSpinBox(this);
  epoch_->setPrefix(tr("Epoch "));
  epoch_->setRange(1, 1);
  epoch_->setToolTip(tr("The matrix of any epoch: predictions.h5 keeps one per epoch."));
  values_ = new QComboBox(this);
  values_->addItem(tr("Counts"));
  values_->addItem(tr("Share of the true class"));
  order_ = new QComboBox(this);
  order_->addItem(tr("Classes in order"));
  order_->addItem(tr("Most confused side by side"));
  order_->setToolTip(tr("Reorder the rows and columns so the classes confused most with each other are neighbours."));
  auto* zoomOut = new QPushButton(tr("−"), this);
  auto* zoomIn = new QPushButton(tr("+"), this);
  auto* fit = new QPushButton(tr("Fit"), this);
  for (QPushButton* b : {zoomOut, zoomIn}) b->setFixedWidth(b->fontMetrics().height() * 2);
  zoomIn->setToolTip(tr("Zoom in (Ctrl+wheel over the matrix)"));
  zoomOut->setToolTip(tr("Zoom out (Ctrl+wheel over the matrix)"));
  export_ = new QPushButton(tr("Export CSV…"), this);
  export_->setToolTip(tr("The matrix with each class's support, precision, recall and F1, for a spreadsheet."));
  matrix_ = new widgets::ConfusionMatrixView(this);
  matrixArea_ = new QScrollArea(this);
  matrixArea_->setWidget(matrix_);
  matrixArea_->setWidgetResizable(false);
  matrixArea_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  scores_ = compactTable({tr("Class"), tr("Precision"), tr("Recall"), tr("F1"), tr("Images")}, this);
  scores_->setSortingEnabled(true);
  scores_->sortByColumn(3, Qt::AscendingOrder);  // the weakest classes first
  scores_->setToolTip(
      tr("Per class: precision (of the images predicted as it, the share that are), recall (of its "
         "images, the share found) and F1. Click a header to sort."));
  pairs_ = compactTable({tr("True → predicted"), tr("Images")}, this);
  pairs_->setToolTip(tr("The most frequent confusions; click one to see its images."));
  for (QComboBox* c : {values_, order_}) {  // narrow: the row must fit a 1024 px screen beside the image panel
    c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    c->setMinimumContentsLength(8);
  }
  auto* matrixTools = new QHBoxLayout;
  for (QWidget* w : std::initializer_list<QWidget*>{epoch_, values_, order_}) matrixTools->addWidget(w);
  matrixTools->addStretch();
  matrixTools->addWidget(export_);
  auto* zoomTools = new QHBoxLayout;  // under the matrix: the row above must fit a projector
  for (QWidget* w : std::initializer_list<QWidget*>{zoomOut, zoomIn, fit}) zoomTools->addWidget(w);
  zoomTools->addStretch();
  auto* matrixColumn = new QWidget(this);
  auto* matrixColumnLayout = new QVBoxLayout(matrixColumn);
  matrixColumnLayout->setContentsMargins(0, 0, 0, 0);
  matrixColumnLayout->addWidget(matrixArea_, 1);
  matrixColumnLayout->addLayout(zoomTools);
  auto* side = new QSplitter(Qt::Vertical, this);
  side->addWidget(scores_);
  side->addWidget(pairs_);
  auto* matrixSplit = new QSplitter(Qt::Horizontal, this);
  matrixSplit->addWidget(matrixColumn);
  matrixSplit->addWidget(side);
  matrixSplit->setStretchFactor(0, 3);
  matrixSplit->setStretchFactor(1, 2);
  matrixSplit->setSizes({520, 300});
  auto* confusionTab = new QWidget(this);
  auto* confusionLayout = new QVBoxLayout(confusionTab);
  confusionLayout->addLayout(matrixTools);
  confusionLayout->addWidget(matrixSplit, 1);
  connect(zoomIn, &QPushButton::clicked, this, [this] { matrix_->zoomBy(1); });
  connect(zoomOut, &QPushButton::clicked, this, [this] { matrix_->zoomBy(-1); });
  connect(fit, &QPushButton::clicked, this, [this] {
    const int room = std::min(matrixArea_->viewport()->width(), matrixArea_->viewport()->height());
    const int labels = matrix_->sizeHint().width() - matrix_->classCount() * matrix_->cellSize();
    matrix_->setCellSize((room - labels - 4) / std::max(1, matrix_->classCount()));
  });
  return confusionTab;
}

// The gallery of mistakes.
QWidget* MistakesPage::makeGalleryTab() {
  split_ = new QComboBox(this);
  split_->addItem(tr("Validation"));
  split_->addItem(tr("Training"));
  filter_ = new QComboBox(this);
  filter_->addItem(tr("Misclassified"));
  filter_->addItem(tr("Highest loss"));
  filter_->setToolTip(tr("Misclassified images (most confident mistakes first), or every image by its loss."));
  cellNote_ = new QLabel(this);
  gallery_ = new widgets::ImageGrid(this);
  // A new epoch never reshuffles the images under the user's pointer: it waits here.
  newer_ = new QPushButton(this);
  newer_->setToolTip(tr("The images as the latest epoch ranks them (the shown ones stay until you ask)."));
  newer_->hide();
  connect(newer_, &QPushButton::clicked, this, &MistakesPage::showHeldImages);
  auto* galleryTools = new QHBoxLayout;
  galleryTools->addWidget(split_);
  galleryTools->addWidget(filter_);
  galleryTools->addWidget(cellNote_, 1);
  auto* galleryTab = new QWidget(this);
  auto* galleryLayout = new QVBoxLayout(galleryTab);
  galleryLayout->addLayout(galleryTools);
  galleryLayout->addWidget(gallery_, 1);
  return galleryTab;
}

// The data map: confidence against variability over the epochs.
QWidget* MistakesPage::makeMapTab() {
  mapNote_ = new QLabel(tr("Each training image by how sure the model was of its label over the epochs (up) and how "
                           "much that changed (right). Bottom left: hard to learn, often mislabelled. Click a point."),
                        this);
  mapNote_->setWordWrap(true);
  dataMap_ = new widgets::DataMapPlot(this);
  auto* mapTab = new QWidget(this);
  auto* mapLayout = new QVBoxLayout(mapTab);
  mapLayout->addWidget(mapNote_);
  mapLayout->addWidget(dataMap_, 1);
  return mapTab;
}

// The suspect labels, ranked by the area under the margin.
QWidget* MistakesPage::makeSuspectTab() {
  suspectCount_ = new QSpinBox(this);
  suspectCount_->setRange(10, 100000);
  suspectCount_->setValue(100);
  suspectCount_->setPrefix(tr("Top "));
  suspectNote_ = new QLabel(this);
  suspectNote_->setWordWrap(true);
  clearCorrections_ = new QPushButton(tr("Clear corrections"), this);
  suspectGrid_ = new widgets::ImageGrid(this);
  auto* suspectTools = new QHBoxLayout;
  suspectTools->addWidget(suspectCount_);
  suspectTools->addWidget(suspectNote_, 1);
  suspectTools->addWidget(clearCorrections_);
  auto* suspectTab = new QWidget(this);
  auto* suspectLayout = new QVBoxLayout(suspectTab);
  suspectLayout->addLayout(suspectTools);
  suspectLayout->addWidget(suspectGrid_, 1);
  return suspectTab;
}

void MistakesPage::connectRunAndMatrix() {
  connect(open_, &QPushButton::clicked, this, &MistakesPage::chooseRun);
  connect(controller_, &TrainingController::started, this,
          [this](const RunStarted& info) { openRun(QString::fromStdString(info.run_dir)); });
  connect(controller_, &TrainingController::epochArrived, this, [this](const EpochMetrics&) {
    if (shownRun_ == controller_->runDir()) loader_->load(shownRun_);  // following the live run
  });
  connect(loader_, &DiagnosisLoader::loaded, this, &MistakesPage::showDiagnosis);
  connect(epoch_, &QSpinBox::valueChanged, this, &MistakesPage::showMatrix);
  connect(values_, &QComboBox::currentIndexChanged, this, [this](int i) { matrix_->setNormalised(i == 1); });
  connect(order_, &QComboBox::currentIndexChanged, this, &MistakesPage::showMatrix);
  connect(export_, &QPushButton::clicked, this, &MistakesPage::exportCsvDialog);
  connect(matrix_, &widgets::ConfusionMatrixView::cellClicked, this, &MistakesPage::showCell);
  connect(pairs_, &QTableWidget::cellClicked, this, [this](int row, int) {
    const QTableWidgetItem* item = pairs_->item(row, 0);
    if (item) showCell(item->data(Qt::UserRole).toInt(), item->data(Qt::UserRole + 1).toInt());
  });
}

// In the detail panel, unfolded if a projector had folded it.
void MistakesPage::showSample(const GallerySample& sample) {
  if (projector_->presentation() && pageSplit_->sizes().value(1) == 0) {
    const int width = pageSplit_->width();
    pageSplit_->setSizes({width - detail_->minimumWidth(), detail_->minimumWidth()});
  }
  detail_->showSample(sample);
}

// The galleries, the data map and the corrections: a sample picked shows in the detail panel.
void MistakesPage::connectSamples() {
  connect(featureMap_, &FeatureMapView::sampleChosen, this, &MistakesPage::showSample);
  connect(detail_, &SampleDetail::similarWanted, this, [this](const GallerySample& sample) {
    tabs_->setCurrentWidget(featureMap_);
    featureMap_->showSimilarTo(sample);
  });
  for (QComboBox* c : {split_, filter_})
    connect(c, &QComboBox::currentIndexChanged, this, [this] {
      cellTruth_ = cellPredicted_ = -1;
      showHeldImages();  // what was asked for, from the latest epoch
    });
  connect(tabs_, &QTabWidget::currentChanged, this, [this] {
    if (imagesHeld_ && !gallery_->isVisible() && !suspectGrid_->isVisible()) showHeldImages();  // nobody is pointing
  });
  connect(gallery_, &widgets::ImageGrid::itemSelected, this, [this](int i) {
    if (i >= 0 && i < static_cast<int>(galleryItems_.size())) showSample(galleryItems_[static_cast<size_t>(i)]);
  });
  connect(suspectGrid_, &widgets::ImageGrid::itemSelected, this, [this](int i) {
    if (i >= 0 && i < static_cast<int>(suspectItems_.size())) showSample(suspectItems_[static_cast<size_t>(i)]);
  });
  connect(dataMap_, &widgets::DataMapPlot::sampleClicked, this, [this](int sample) {
    if (!diagnosis_ || !diagnosis_->has_dynamics) return;
    const auto& d = diagnosis_->dynamics;
    const auto i = static_cast<size_t>(sample);
    showSample({true, sample, d.labels[i], d.predicted.back()[i], d.p_label.back()[i], d.loss.back()[i]});
  });
  connect(suspectCount_, &QSpinBox::valueChanged, this, &MistakesPage::showSuspects);
  connect(clearCorrections_, &QPushButton::clicked, this, [this] {
    QString error;
    if (!book_->clear(&error)) status_->setText(error);
  });
  connect(book_, &CorrectionBook::changed, this, [this] {
    const auto n = static_cast<int>(book_->corrections().items.size());
    clearCorrections_->setEnabled(n > 0);
    suspectNote_->setText(
        tr("Labels ranked by the area under the margin (how far below the best other class each label's score stayed "
           "over the epochs). %n correction(s) so far, in %1; the next run of this dataset trains on them.",
           nullptr, n)
            .arg(QDir::toNativeSeparators(book_->path())));
    suspectGrid_->view()->viewport()->update();  // the corrected mark in the captions
  });
  connect(detail_, &SampleDetail::correctionFailed, status_, &QLabel::setText);
}

void MistakesPage::chooseRun() {
  const auto runs = doc_->value(configField(&ExperimentConfig::runs_dir));
  const QString start = QString::fromStdString(runsFolder(runs.is_string() ? runs.get<std::string>() : ""));
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Open run"), start);
  if (!dir.isEmpty()) openRun(dir);
}

void MistakesPage::openRun(const QString& runDir) {
  status_->setText(tr("Reading %1…").arg(QDir::toNativeSeparators(runDir)));
  shownRun_ = runDir;
  loader_->load(runDir);
}

bool MistakesPage::showsResiduals() const { return views_->currentWidget() == residuals_; }

void MistakesPage::showDiagnosis(std::shared_ptr<const RunDiagnosis> d, double seconds) {
  const bool sameRun = diagnosis_ && diagnosis_->run_dir == d->run_dir;
  diagnosis_ = std::move(d);
  const RunDiagnosis& r = *diagnosis_;
  run_->setText(tr("Run: %1").arg(QString::fromStdString(r.run_name.empty() ? r.run_dir : r.run_name)));
  run_->setToolTip(QString::fromStdString(r.run_dir));
  if (!r.error.empty()) {
    status_->setText(tr("This run cannot be shown: %1").arg(QString::fromStdString(r.error)));
    diagnosis_.reset();
    detail_->setDiagnosis(nullptr);
    return;
  }
  if (r.has_saliency || !r.saliency_error.empty() || r.splits->text) {  // text: its mistakes, explained
    views_->setCurrentWidget(textMistakes_), textMistakes_->setDiagnosis(diagnosis_);
    status_->setText(TextMistakesView::statusText(r, seconds));
    return emit refreshed(seconds);
  }
  const bool regression = r.has_residuals || (r.splits->table && r.splits->table->task == "regression");
  views_->setCurrentIndex(regression ? 1 : 0);
  if (regression) {
    residuals_->setDiagnosis(diagnosis_);
    status_->setText(ResidualsView::statusText(r, seconds));
    emit refreshed(seconds);
    return;
  }
  book_->setDataset(r.dataset_kind, r.dataset_root);
  detail_->setDiagnosis(diagnosis_), featureMap_->setDiagnosis(diagnosis_);
  const int epochs = static_cast<int>(r.predictions.epochs());
  const bool followLast = !sameRun || epoch_->value() == epoch_->maximum();
  {
    const QSignalBlocker quiet(epoch_);
    epoch_->setRange(1, std::max(1, epochs));
    if (followLast) epoch_->setValue(std::max(1, epochs));
  }
  QStringList notes;
  if (!r.has_predictions)
    notes << (r.predictions_error.empty() ? tr("No predictions yet: they are written at the end of each epoch.")
                                          : tr("predictions.h5: %1").arg(QString::fromStdString(r.predictions_error)));
  else
    notes << tr("Epoch %1 of the run, read in %2 s.").arg(epochs).arg(seconds, 0, 'f', 2);
  if (!r.dynamics_error.empty()) notes << tr("samples.h5: %1").arg(QString::fromStdString(r.dynamics_error));
  status_->setText(notes.join(" "));
  showMatrix();
  if (!sameRun) cellTruth_ = cellPredicted_ = -1;
  showDataMap();
  // Images on screen stay where they are (a click meant for one must not land on
  // another); the new epoch's waits behind a button.
  const auto onScreen = [](const widgets::ImageGrid* g) { return g->isVisible() && g->itemCount() > 0; };
  if (sameRun && (onScreen(gallery_) || onScreen(suspectGrid_))) {
    newer_->setText(tr("Show the images of epoch %1").arg(epochs));
    newer_->show();
    imagesHeld_ = true;
  } else {
    showHeldImages();
  }
  if (!sameRun && r.has_predictions)  // a first look: about 320 px of cells, zoom from there
    matrix_->setCellSize(std::min(32, 320 / std::max<int>(1, static_cast<int>(r.predictions.classes))));
  emit refreshed(seconds);
}

const std::vector<int64_t>* MistakesPage::shownMatrix() const {
  if (!diagnosis_ || !diagnosis_->has_predictions || diagnosis_->predictions.epochs() == 0) return nullptr;
  const auto e = static_cast<size_t>(std::clamp<int64_t>(epoch_->value(), 1, diagnosis_->predictions.epochs()) - 1);
  return &diagnosis_->predictions.confusion[e];
}

void MistakesPage::showMatrix() {
  const std::vector<int64_t>* m = shownMatrix();
  export_->setEnabled(m != nullptr);
  scores_->setSortingEnabled(false);
  scores_->setRowCount(0);
  pairs_->setRowCount(0);
  if (!m) {
    matrix_->setMatrix({}, {});
    return;
  }
  const auto& p = diagnosis_->predictions;
  QStringList names;
  for (int64_t c = 0; c < p.classes; ++c)
    names << QString::fromStdString(
        c < static_cast<int64_t>(p.class_names.size()) ? p.class_names[static_cast<size_t>(c)] : std::to_string(c));
  matrix_->setMatrix(*m, names);
  if (order_->currentIndex() == 1) {
    const auto order = confusionOrder(*m, p.classes);
    matrix_->setOrder(std::vector<int>(order.begin(), order.end()));
  }
  const auto scores = classScores(*m, p.classes);
  scores_->setRowCount(static_cast<int>(p.classes));
  for (int c = 0; c < static_cast<int>(p.classes); ++c) {
    const ClassScore& s = scores[static_cast<size_t>(c)];
    scores_->setItem(c, 0, new QTableWidgetItem(names[c]));
    scores_->setItem(c, 1, numberItem(QString::number(s.precision, 'f', 3), s.precision));
    scores_->setItem(c, 2, numberItem(QString::number(s.recall, 'f', 3), s.recall));
    scores_->setItem(c, 3, numberItem(QString::number(s.f1, 'f', 3), s.f1));
    scores_->setItem(c, 4, numberItem(QString::number(s.support), static_cast<double>(s.support)));
  }
  scores_->setSortingEnabled(true);
  const auto pairs = confusedPairs(*m, p.classes);
  const int shown = std::min<int>(kPairsShown, static_cast<int>(pairs.size()));
  pairs_->setRowCount(shown);
  for (int i = 0; i < shown; ++i) {
    const ConfusedPair& pair = pairs[static_cast<size_t>(i)];
    auto* item =
        new QTableWidgetItem(names[static_cast<int>(pair.truth)] + " → " + names[static_cast<int>(pair.predicted)]);
    item->setData(Qt::UserRole, static_cast<int>(pair.truth));
    item->setData(Qt::UserRole + 1, static_cast<int>(pair.predicted));
    pairs_->setItem(i, 0, item);
    pairs_->setItem(i, 1, numberItem(QString::number(pair.count), static_cast<double>(pair.count)));
  }
}

void MistakesPage::showHeldImages() {
  imagesHeld_ = false;
  newer_->hide();
  showGallery();
  showSuspects();
}

void MistakesPage::showCell(int truth, int predicted) {
  if (!diagnosis_ || !diagnosis_->has_predictions) return;
  cellTruth_ = truth, cellPredicted_ = predicted;
  {
    const QSignalBlocker quiet(split_);
    split_->setCurrentIndex(0);  // the matrix is the validation split's
  }
  showHeldImages();  // the cell asked for, from the latest epoch
  tabs_->setCurrentIndex(GalleryTab);
}

void MistakesPage::showGallery() {
  galleryItems_.clear();
  cellNote_->clear();
  if (diagnosis_) {
    const RunDiagnosis& r = *diagnosis_;
    const bool training = split_->currentIndex() == 1, misclassified = filter_->currentIndex() == 0;
    if (cellTruth_ >= 0 && r.has_predictions) {
      galleryItems_ = gallerySamples(samplesInCell(r.predictions, cellTruth_, cellPredicted_), false);
      const auto& names = r.splits->val->classes();
      cellNote_->setText(
          tr("True %1, predicted %2 (last epoch): %n image(s)", nullptr, static_cast<int>(galleryItems_.size()))
              .arg(QString::fromStdString(names.at(static_cast<size_t>(cellTruth_))),
                   QString::fromStdString(names.at(static_cast<size_t>(cellPredicted_)))));
    } else if (training && r.has_dynamics) {
      galleryItems_ = gallerySamples(rankTrainingSamples(r.dynamics, misclassified), true);
    } else if (!training && r.has_predictions) {
      galleryItems_ = gallerySamples(rankValidationSamples(r.predictions, misclassified), false);
    }
    if (cellTruth_ < 0)
      cellNote_->setText(tr("%n image(s), from the last epoch", nullptr, static_cast<int>(galleryItems_.size())));
  }
  setGallery(gallery_, galleryItems_);
}

void MistakesPage::setGallery(widgets::ImageGrid* grid, const std::vector<GallerySample>& items) {
  if (!diagnosis_ || items.empty()) {
    grid->setItems(0, {}, {});
    return;
  }
  const auto shared = std::make_shared<std::vector<GallerySample>>(items);
  const auto splits = diagnosis_->splits;
  CorrectionBook* book = book_;
  grid->setItems(
      static_cast<int>(items.size()),
      [shared, splits](int item) {  // on the grid's pool
        const GallerySample& s = shared->at(static_cast<size_t>(item));
        const auto& data = s.training ? splits->train : splits->val;
        std::string error;
        QImage image = toQImage(data->loadPreview(s.index, 96, &error));
        const auto& names = data->classes();
        image.setText("tooltip", tr("Label: %1, predicted: %2, p(label) %3\n%4")
                                     .arg(QString::fromStdString(names.at(static_cast<size_t>(s.label))),
                                          QString::fromStdString(names.at(static_cast<size_t>(s.predicted))))
                                     .arg(s.p_label, 0, 'f', 3)
                                     .arg(QString::fromStdString(error.empty() ? data->describe(s.index) : error)));
        return image;
      },
      [shared, splits, book](int item) {
        const GallerySample& s = shared->at(static_cast<size_t>(item));
        const auto& names = splits->train->classes();
        const QString mark =
            s.training && book->find(splits->train->describe(s.index)) ? QStringLiteral("✎ ") : QString();
        // The prediction and p(label); the true class is in the tooltip (and the same
        // for a whole confusion cell).
        return mark + "→ " + QString::fromStdString(names.at(static_cast<size_t>(s.predicted))) + " " +
               QString::number(s.p_label, 'f', 2);
      },
      QSize(96, 96), captionSamples(splits->train->classes()));
}

void MistakesPage::showDataMap() {
  std::vector<widgets::DataMapPlot::Point> points;
  if (diagnosis_ && diagnosis_->has_dynamics) {
    const auto map = trainscope::dataMap(diagnosis_->dynamics);
    points.reserve(map.size());
    for (size_t i = 0; i < map.size(); ++i)
      if (map[i].seen)
        points.push_back({map[i].variability, map[i].confidence, map[i].correctness, static_cast<int>(i)});
  }
  dataMap_->setPoints(std::move(points));
}

void MistakesPage::showSuspects() {
  suspectItems_.clear();
  if (diagnosis_ && diagnosis_->has_dynamics && diagnosis_->dynamics.epochs() > 0) {
    const auto& d = diagnosis_->dynamics;
    for (const Suspect& s : rankSuspects(d, suspectCount_->value())) {
      const auto i = static_cast<size_t>(s.index);
      suspectItems_.push_back({true, s.index, s.label, s.predicted, s.p_label, d.loss.back()[i]});
    }
  }
  setGallery(suspectGrid_, suspectItems_);
}

}  // namespace trainscope::ui
