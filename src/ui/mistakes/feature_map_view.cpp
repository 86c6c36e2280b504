#include "ui/mistakes/feature_map_view.h"

#include "engine/inspect/embedding_layout.h"
#include "ui/image_convert.h"
#include "ui/mistakes/correction_book.h"
#include "ui/run/background.h"
#include "widgets/image_grid.h"
#include "widgets/palette.h"
#include "widgets/point_map.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace trainscope::ui {

namespace {
constexpr int kSimilar = 24;  // images a "similar" gallery shows
}  // namespace

FeatureMapView::FeatureMapView(CorrectionBook* book, QWidget* parent) : QWidget(parent), book_(book) {
  note_ = new QLabel(this);
  note_->setWordWrap(true);
  epoch_ = new QSlider(Qt::Horizontal, this);
  epoch_->setRange(1, 1);
  epoch_->setPageStep(1);
  epoch_->setToolTip(tr("The map after each epoch: watch the classes form"));
  colouring_ = new QComboBox(this);
  colouring_->addItems({tr("Colour by label"), tr("Colour by prediction"), tr("Right or wrong")});
  lasso_ = new QPushButton(tr("Lasso"), this);
  lasso_->setCheckable(true);
  lasso_->setToolTip(tr("Drag to select points (or hold Shift while dragging)"));
  map_ = new widgets::PointMap(this);
  hoverImage_ = new QLabel(map_);
  hoverImage_->setFrameShape(QFrame::Box);
  hoverImage_->setAutoFillBackground(true);
  hoverImage_->hide();
  galleryTitle_ = new QLabel(this);
  galleryTitle_->setWordWrap(true);
  relabelAs_ = new QComboBox(this);
  relabel_ = new QPushButton(tr("Relabel as"), this);
  exclude_ = new QPushButton(tr("Exclude"), this);
  relabel_->setToolTip(tr("Relabel the selected training images in the correction file (the next run trains on it)"));
  exclude_->setToolTip(tr("Leave the selected training images out of the next run (the correction file)"));
  gallery_ = new widgets::ImageGrid(this);

  auto* controls = new QHBoxLayout;
  epochLabel_ = new QLabel(tr("Epoch %1").arg(1), this);
  controls->addWidget(epochLabel_);
  controls->addWidget(epoch_, 1);
  controls->addWidget(colouring_);
  controls->addWidget(lasso_);
  auto* actions = new QHBoxLayout;
  actions->addWidget(galleryTitle_, 1);
  actions->addWidget(relabel_);
  actions->addWidget(relabelAs_);
  actions->addWidget(exclude_);
  auto* below = new QWidget(this);
  auto* belowLayout = new QVBoxLayout(below);
  belowLayout->setContentsMargins(0, 0, 0, 0);
  belowLayout->addLayout(actions);
  belowLayout->addWidget(gallery_, 1);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(map_);
  split->addWidget(below);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  auto* layout = new QVBoxLayout(this);
  legend_ = new QLabel(this);
  legend_->setWordWrap(true);
  layout->addWidget(note_);
  layout->addLayout(controls);
  layout->addWidget(legend_);
  layout->addWidget(split, 1);

  connectParts();
  showGallery({}, {});
}

// The controls, the map and the gallery, wired to each other.
void FeatureMapView::connectParts() {
  connect(epoch_, &QSlider::valueChanged, this, &FeatureMapView::showEpoch);
  connect(colouring_, &QComboBox::currentIndexChanged, this, [this] {
    map_->setColours(colours());
    showLegend();
  });
  connect(lasso_, &QPushButton::toggled, map_, &widgets::PointMap::setLasso);
  connect(map_, &widgets::PointMap::lassoed, this, &FeatureMapView::selectPoints);
  connect(map_, &widgets::PointMap::clicked, this, [this](int point) {
    if (point < 0) return;
    if (datasetOf(point)) emit sampleChosen(sampleOf(point));  // the run's data holds it still
    showSimilar(point);
  });
  connect(map_, &widgets::PointMap::hovered, this, &FeatureMapView::hover);
  connect(gallery_, &widgets::ImageGrid::itemSelected, this, [this](int item) {
    if (item >= 0 && item < static_cast<int>(shown_.size()) && datasetOf(shown_[item]))
      emit sampleChosen(sampleOf(shown_[item]));
  });
  connect(relabel_, &QPushButton::clicked, this, [this] {
    QString error;
    if (!relabelSelection(relabelAs_->currentText(), &error)) galleryTitle_->setText(error);
  });
  connect(exclude_, &QPushButton::clicked, this, [this] {
    QString error;
    if (!excludeSelection(&error)) galleryTitle_->setText(error);
  });
}

void FeatureMapView::setDiagnosis(std::shared_ptr<const RunDiagnosis> diagnosis) {
  const bool sameRun = diagnosis_ && diagnosis && diagnosis_->run_dir == diagnosis->run_dir;
  diagnosis_ = std::move(diagnosis);
  hovered_ = -1, hoverImage_->hide();
  if (!sameRun) {  // another run: its maps are another's; a new epoch of this one keeps them
    ++generation_;
    layouts_.clear(), record_.reset(), map_->setPoints({}, {}), showGallery({}, {});
  }
  const uint64_t generation = generation_;
  const std::string file = diagnosis_ ? diagnosis_->run_dir + "/embeddings.h5" : "";
  if (file.empty() || !std::filesystem::exists(file)) {
    note_->setText(tr("No feature map yet: a run records embeddings.h5 at the end of each epoch."));
    return;
  }
  runInBackground(
      this,
      [file]() -> std::pair<std::shared_ptr<const EmbeddingRecord>, QString> {
        try {
          return {std::make_shared<const EmbeddingRecord>(readEmbeddingFile(file)), {}};
        } catch (const std::exception& e) {
          return {nullptr, QString::fromStdString(e.what())};
        }
      },
      [this, generation, sameRun](std::pair<std::shared_ptr<const EmbeddingRecord>, QString> read) {
        if (generation != generation_) return;
        if (!read.first) return note_->setText(tr("embeddings.h5: %1").arg(read.second));
        if (record_ && record_->points() != read.first->points()) layouts_.clear();
        record_ = std::move(read.first);
        relabelAs_->clear();
        for (const auto& c : record_->class_names) relabelAs_->addItem(QString::fromStdString(c));
        const int epochs = static_cast<int>(record_->epochs.size());
        const bool followLast = !sameRun || epoch_->value() == epoch_->maximum();
        epoch_->setRange(1, std::max(1, epochs));
        if (followLast) epoch_->setValue(epochs);
        description_ = tr("%1 samples (validation, and training ones) placed by the features of layer %2: near "
                          "each other when the model sees them alike. Click a point for it and its most similar "
                          "images; lasso points to relabel or exclude them.")
                           .arg(record_->points())
                           .arg(QString::fromStdString(record_->layer));
        showEpoch();
        layOutNext();
      });
}

// One map at a time: the newest epoch without one first, then each earlier one, each
// started from the nearest map already laid out (the one after it, else before it).
void FeatureMapView::layOutNext() {
  if (!record_ || layingOut_) return;
  size_t index = record_->epochs.size();
  while (index-- > 0 && layouts_.count(record_->epochs[index])) {
  }
  if (index == static_cast<size_t>(-1)) return;
  const int64_t wanted = record_->epochs[index];
  std::shared_ptr<const std::vector<float>> start;
  for (auto it = layouts_.upper_bound(wanted); !start && it != layouts_.end(); ++it)
    if (!it->second.empty()) start = std::make_shared<const std::vector<float>>(it->second);
  for (auto it = layouts_.lower_bound(wanted); !start && it != layouts_.begin();)
    if (!(--it)->second.empty()) start = std::make_shared<const std::vector<float>>(it->second);
  layingOut_ = true;
  runInBackground(
      this,
      [record = record_, index, start]() -> std::vector<float> {
        try {
          const int64_t n = record->points(), k = record->pca_dims;
          std::vector<float> x(record->pcaOf(index, 0), record->pcaOf(index, 0) + n * k);
          LayoutOptions o;
          o.start = start.get();
          if (start) o.epochs = 100;  // a refinement of a map already laid out
          std::vector<float> layout = neighbourLayout(x, n, k, o);
          for (float v : layout)
            if (!std::isfinite(v)) return {};
          return layout;
        } catch (const std::exception&) {  // features of a diverged run, or out of memory
          return {};
        }
      },
      [this, wanted, generation = generation_, points = record_->points()](std::vector<float> layout) {
        layingOut_ = false;
        if (generation == generation_ && record_ && record_->points() == points) {
          layouts_[wanted] = std::move(layout);  // empty: it could not be laid out (said when shown)
          emit layoutReady(static_cast<int>(wanted));
          showEpoch();
        }
        layOutNext();
      });
}

void FeatureMapView::showEpoch() {
  if (!record_ || record_->epochs.empty()) return;
  const auto index = static_cast<size_t>(std::clamp<int>(epoch_->value() - 1, 0, record_->epochs.size() - 1));
  const int64_t number = record_->epochs[index];
  epochLabel_->setText(tr("Epoch %1").arg(number));
  const auto found = layouts_.find(number);
  if (found == layouts_.end()) return note_->setText(tr("Laying out the map of epoch %1…").arg(number));
  if (found->second.empty())
    return note_->setText(tr("The map of epoch %1 could not be laid out: its features are not finite numbers "
                             "(a diverged run?).")
                              .arg(number));
  note_->setText(description_);
  map_->setPoints(found->second, colours());
  showLegend();
}

// What the colours mean: a swatch per class, or right and wrong.
void FeatureMapView::showLegend() {
  const auto swatch = [](QColor c, const QString& name) {
    return QString("<span style=\"color:%1\">&#9632;</span>&nbsp;%2").arg(c.name(), name.toHtmlEscaped());
  };
  QStringList items;
  if (colouring_->currentIndex() == ByCorrectness) {
    items << swatch(QColor(44, 160, 44), tr("predicted right")) << swatch(QColor(214, 39, 40), tr("predicted wrong"));
  } else if (record_) {
    for (size_t c = 0; c < record_->class_names.size(); ++c)
      items << swatch(widgets::seriesColor(static_cast<int>(c)), QString::fromStdString(record_->class_names[c]));
  }
  legend_->setText(items.join("&nbsp;&nbsp; ") + "<br>" +
                   tr("Wheel: zoom · drag: pan · Shift+drag or Lasso: select · double-click: fit"));
}

std::vector<QRgb> FeatureMapView::colours() const {
  std::vector<QRgb> out;
  if (!record_) return out;
  const auto epoch = static_cast<size_t>(std::max(0, epoch_->value() - 1));
  const int64_t n = record_->points();
  for (int64_t i = 0; i < n; ++i) {
    const int64_t label = record_->labels[i];
    const int32_t predicted = record_->predicted[epoch * n + i];
    const int c = colouring_->currentIndex();
    out.push_back(c == ByLabel         ? widgets::seriesColor(static_cast<int>(label)).rgb()
                  : c == ByPrediction  ? widgets::seriesColor(predicted).rgb()
                  : predicted == label ? qRgb(44, 160, 44)
                                       : qRgb(214, 39, 40));
  }
  return out;
}

void FeatureMapView::selectPoints(const std::vector<int>& points) {
  map_->setSelection(points);
  int training = 0;
  for (int p : points) training += record_ && record_->split[p] == 1;
  showGallery(points, tr("%n selected (%1 of them training images, which the correction file can relabel or exclude)",
                         nullptr, static_cast<int>(points.size()))
                          .arg(training));
}

void FeatureMapView::showSimilar(int point) {
  if (!record_ || point < 0 || point >= record_->points()) return;
  const auto nearest = nearestPoints(record_->features.data() + point * record_->feature_dims, record_->features,
                                     record_->points(), record_->feature_dims, 2 * kSimilar, point);
  std::vector<int> points{point};
  const size_t last = (record_->epochs.size() - 1) * static_cast<size_t>(record_->points());
  for (const auto& [i, distance] : nearest)  // a sample the pass could not load has no features
    if (record_->predicted[last + i] >= 0 && points.size() <= static_cast<size_t>(kSimilar))
      points.push_back(static_cast<int>(i));
  map_->setSelection(points);
  showGallery(points, tr("%1 and the %2 images most similar to it in the model's features (the last epoch's)")
                          .arg(QString::fromStdString(record_->paths[point]))
                          .arg(points.size() - 1));
}

bool FeatureMapView::showSimilarTo(const GallerySample& sample) {
  for (int64_t p = 0; record_ && p < record_->points(); ++p)
    if (record_->split[p] == (sample.training ? 1 : 0) && record_->index[p] == sample.index) {
      showSimilar(static_cast<int>(p));
      return true;
    }
  galleryTitle_->setText(record_ ? tr("This image is not among the %1 the run recorded for the map (up to 10,000 "
                                      "validation and 1,000 training images).")
                                       .arg(record_->points())
                                 : tr("No feature map yet: a run records embeddings.h5 at the end of each epoch."));
  return false;
}

const Dataset* FeatureMapView::datasetOf(int point) const {
  if (!diagnosis_ || !diagnosis_->splits || !record_) return nullptr;
  const Dataset* d = record_->split[point] == 0 ? diagnosis_->splits->val.get() : diagnosis_->splits->train.get();
  const int64_t index = record_->index[point];
  // The run's dataset as opened now must still hold the recorded sample there.
  return index < d->size() && d->describe(index) == record_->paths[point] ? d : nullptr;
}

GallerySample FeatureMapView::sampleOf(int point) const {
  GallerySample s;
  s.training = record_->split[point] == 1;
  s.index = record_->index[point];
  s.label = record_->labels[point];
  s.predicted = record_->predicted[(record_->epochs.size() - 1) * record_->points() + point];
  // Its probability and loss as the run's other records give them (the last epoch's).
  const auto i = static_cast<size_t>(s.index);
  if (!diagnosis_) return s;
  const SampleDynamics& d = diagnosis_->dynamics;
  const ValidationPredictions& v = diagnosis_->predictions;
  if (s.training && d.epochs() > 0 && i < d.loss.back().size())
    s.p_label = d.p_label.back()[i], s.loss = d.loss.back()[i];
  if (!s.training && i < v.loss.size()) s.loss = v.loss[i], s.p_label = std::exp(-v.loss[i]);
  return s;
}

void FeatureMapView::showGallery(std::vector<int> points, const QString& title) {
  shown_ = std::move(points);
  galleryTitle_->setText(shown_.empty() ? tr("Lasso points, or click one, to see their images here.") : title);
  relabel_->setEnabled(!shown_.empty()), exclude_->setEnabled(!shown_.empty());
  auto items = std::make_shared<const std::vector<int>>(shown_);
  std::vector<const Dataset*> sets;
  for (int p : shown_) sets.push_back(datasetOf(p));
  auto datasets = std::make_shared<const std::vector<const Dataset*>>(std::move(sets));
  gallery_->setItems(
      static_cast<int>(shown_.size()),
      [datasets, diagnosis = diagnosis_, record = record_, items](int item) {  // on the grid's pool
        const Dataset* d = datasets->at(item);
        std::string error;
        return d ? toQImage(d->loadPreview(record->index[items->at(item)], 64, &error)) : QImage();
      },
      [record = record_, items](int item) {
        const int p = items->at(item);
        return QString::fromStdString(record->class_names.at(record->labels[p]));
      },
      QSize(64, 64));
}

void FeatureMapView::hover(int point, QPoint globalPos) {
  if (point == hovered_) return;
  hovered_ = point;
  const Dataset* d = point >= 0 ? datasetOf(point) : nullptr;
  if (!d) return hoverImage_->hide();
  const QPoint at = map_->mapFromGlobal(globalPos) + QPoint(12, 12);
  runInBackground(
      this,
      [diagnosis = diagnosis_, d, index = record_->index[point]] {
        std::string error;
        return toQImage(d->loadPreview(index, 96, &error));
      },
      [this, point, at, record = record_](QImage image) {
        if (point != hovered_ || record != record_ || image.isNull()) return;
        const QImage shown = image.width() < 96 ? image.scaled(96, 96, Qt::KeepAspectRatio) : image;
        hoverImage_->setPixmap(QPixmap::fromImage(shown));
        hoverImage_->setToolTip(QString::fromStdString(record->paths[point]));
        hoverImage_->adjustSize();
        hoverImage_->move(std::min(at.x(), map_->width() - hoverImage_->width()),
                          std::min(at.y(), map_->height() - hoverImage_->height()));
        hoverImage_->show();
      });
}

// The gallery's training images with `label` ("" excludes); validation images are never
// corrected (the correction file applies to the training split).
std::vector<LabelCorrection> FeatureMapView::correctionsOfGallery(const std::string& label) const {
  std::vector<LabelCorrection> out;
  for (int p : shown_)
    if (record_ && record_->split[p] == 1) out.push_back({record_->paths[p], label});
  return out;
}

bool FeatureMapView::relabelSelection(const QString& label, QString* error) {
  const auto corrections = correctionsOfGallery(label.toStdString());
  if (!book_->setAll(corrections, error)) return false;
  galleryTitle_->setText(
      tr("%n training image(s) relabelled as %1 in %2.", nullptr, static_cast<int>(corrections.size()))
          .arg(label, book_->path()));
  return true;
}

bool FeatureMapView::excludeSelection(QString* error) {
  const auto corrections = correctionsOfGallery("");
  if (!book_->setAll(corrections, error)) return false;
  galleryTitle_->setText(
      tr("%n training image(s) excluded from the next run in %1.", nullptr, static_cast<int>(corrections.size()))
          .arg(book_->path()));
  return true;
}

}  // namespace trainscope::ui
