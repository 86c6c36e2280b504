#include "widgets/image_grid.h"

#include <algorithm>

#include <QEvent>
#include <QListView>
#include <QPainter>
#include <QScrollBar>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace trainscope::widgets {

ThumbnailModel::ThumbnailModel(QObject* parent) : QAbstractListModel(parent) {
  pool_.setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
}

ThumbnailModel::~ThumbnailModel() {
  pool_.clear();
  ++generation_;
  pool_.waitForDone();
}

void ThumbnailModel::setItems(int count, Loader loader, Caption caption, QSize thumbnailSize) {
  beginResetModel();
  cancelPending();
  ++generation_;  // results of the previous items are dropped on arrival
  count_ = count;
  loader_ = std::move(loader);
  caption_ = std::move(caption);
  size_ = thumbnailSize;
  cache_.clear();
  tooltips_.clear();
  loaded_ = 0;
  placeholder_ = QPixmap(size_);
  placeholder_.fill(QColor(235, 235, 235));
  endResetModel();
}

int ThumbnailModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : count_; }

QVariant ThumbnailModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= count_) return {};
  const int item = index.row();
  if (role == Qt::DisplayRole) return caption_ ? caption_(item) : QString();
  if (role == Qt::DecorationRole) {
    if (const QPixmap* p = cache_.object(item)) return *p;
    request(item);
    return placeholder_;
  }
  if (role == Qt::ToolTipRole) {  // the caption in full (a cell may elide it), then what the loader said
    const QString caption = caption_ ? caption_(item) : QString();
    const QString tip = tooltips_.value(item);
    return tip.contains(caption) ? tip : tip.isEmpty() ? caption : caption + "\n" + tip;
  }
  if (role == Qt::SizeHintRole) return cell_.isValid() ? cell_ : QSize(size_.width() + 12, size_.height() + 24);
  return {};
}

void ThumbnailModel::request(int item) const {
  if (pending_.contains(item) || !loader_) return;
  pending_.insert(item);
  const quint64 generation = generation_;
  Loader loader = loader_;
  const QSize size = size_;
  auto* self = const_cast<ThumbnailModel*>(this);
  (void)QtConcurrent::run(&pool_, [self, loader, generation, item, size] {
    QImage img = loader(item);
    const QString tooltip = img.text("tooltip");
    if (!img.isNull())
      img = img.scaled(size, Qt::KeepAspectRatio,
                       img.width() < size.width() ? Qt::FastTransformation : Qt::SmoothTransformation);
    QMetaObject::invokeMethod(
        self, [self, generation, item, img, tooltip] { self->deliver(generation, item, img, tooltip); },
        Qt::QueuedConnection);
  });
}

void ThumbnailModel::deliver(quint64 generation, int item, const QImage& image, const QString& tooltip) {
  if (generation != generation_) return;
  pending_.remove(item);
  if (!tooltip.isEmpty()) tooltips_.insert(item, tooltip);
  QPixmap pixmap(size_);
  pixmap.fill(Qt::transparent);
  if (!image.isNull()) {
    QPainter p(&pixmap);
    p.drawImage((size_.width() - image.width()) / 2, (size_.height() - image.height()) / 2, image);
  }
  cache_.insert(item, new QPixmap(pixmap));
  ++loaded_;
  const QModelIndex i = index(item);
  emit dataChanged(i, i, {Qt::DecorationRole});
  emit thumbnailLoaded(item);
}

void ThumbnailModel::cancelPending() {
  pool_.clear();  // queued, not started: dropped
  pending_.clear();
}

ImageGrid::ImageGrid(QWidget* parent) : QWidget(parent), view_(new QListView(this)), model_(new ThumbnailModel(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(view_);
  view_->setViewMode(QListView::IconMode);
  view_->setResizeMode(QListView::Adjust);
  view_->setMovement(QListView::Static);
  view_->setUniformItemSizes(true);
  view_->setLayoutMode(QListView::Batched);
  view_->setBatchSize(1000);
  view_->setSpacing(4);
  view_->setWordWrap(true);
  view_->setModel(model_);
  connect(view_->verticalScrollBar(), &QScrollBar::valueChanged, model_, [this] { model_->cancelPending(); });
  connect(view_->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& current) {
    if (current.isValid()) emit itemSelected(current.row());
  });
}

void ImageGrid::setItems(int count, ThumbnailModel::Loader loader, ThumbnailModel::Caption caption, QSize thumbnailSize,
                         const QStringList& captionSamples) {
  thumbnail_ = thumbnailSize;
  captionSamples_ = captionSamples;
  view_->setIconSize(thumbnailSize);
  updateGridSize();
  model_->setItems(count, std::move(loader), std::move(caption), thumbnailSize);
}

void ImageGrid::updateGridSize() {
  const QFontMetrics metrics = view_->fontMetrics();
  int caption = 0;
  for (const QString& s : captionSamples_) caption = std::max(caption, metrics.horizontalAdvance(s) + 6);
  const int width = std::max(thumbnail_.width(), std::min(caption, 3 * thumbnail_.width()));
  model_->setCellSize(QSize(width + 8, thumbnail_.height() + 8 + metrics.height()));   // each item fills its cell
  view_->setGridSize(QSize(width + 16, thumbnail_.height() + 12 + metrics.height()));  // lays the items out again
}

void ImageGrid::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::FontChange && thumbnail_.isValid()) updateGridSize();
}

int ImageGrid::itemCount() const { return model_->rowCount(); }

}  // namespace trainscope::widgets
