// A scrolling grid of thumbnails with captions. Images are produced lazily, only for
// the items on screen, by a loader that runs on a thread pool; the GUI thread never
// decodes. Scrolling cancels the work queued for items that went off screen.
#pragma once

#include <QAbstractListModel>
#include <QCache>
#include <QHash>
#include <QImage>
#include <QPixmap>
#include <QSet>
#include <QStringList>
#include <QThreadPool>
#include <QWidget>

#include <functional>

class QListView;

namespace trainscope::widgets {

class ThumbnailModel : public QAbstractListModel {
  Q_OBJECT
 public:
  // Called on a pool thread. The image's text "tooltip" (QImage::setText), when set,
  // is the item's tooltip: what the loader learnt (file name, size) costs the GUI nothing.
  using Loader = std::function<QImage(int item)>;
  using Caption = std::function<QString(int item)>;  // called on the GUI thread

  explicit ThumbnailModel(QObject* parent = nullptr);
  ~ThumbnailModel() override;
  // The size of each item (its thumbnail and caption): the grid's cell, so that a
  // caption is elided only where the cell is too narrow for it.
  void setCellSize(QSize size) { cell_ = size; }
  void setItems(int count, Loader loader, Caption caption, QSize thumbnailSize);
  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  void cancelPending();
  int loadedCount() const { return loaded_; }

 signals:
  void thumbnailLoaded(int item);

 private:
  void request(int item) const;
  void deliver(quint64 generation, int item, const QImage& image, const QString& tooltip);

  int count_ = 0;
  Loader loader_;
  Caption caption_;
  QSize size_{64, 64};
  quint64 generation_ = 0;
  mutable QCache<int, QPixmap> cache_{4000};
  QHash<int, QString> tooltips_;
  mutable QSet<int> pending_;
  mutable QThreadPool pool_;
  QPixmap placeholder_;
  QSize cell_;
  int loaded_ = 0;
};

class ImageGrid : public QWidget {
  Q_OBJECT
 public:
  explicit ImageGrid(QWidget* parent = nullptr);
  // `captionSamples`: what captions are made of (every class name, say): the cells widen
  // to show the widest whole, up to three thumbnails wide; a longer one is elided, and
  // its tooltip has it in full.
  void setItems(int count, ThumbnailModel::Loader loader, ThumbnailModel::Caption caption,
                QSize thumbnailSize = {72, 72}, const QStringList& captionSamples = {});
  int itemCount() const;
  QListView* view() const { return view_; }
  ThumbnailModel* model() const { return model_; }

 signals:
  void itemSelected(int item);

 protected:
  void changeEvent(QEvent* event) override;  // a new font (presentation mode): cells fit again

 private:
  void updateGridSize();
  QListView* view_;
  QSize thumbnail_;
  QStringList captionSamples_;
  ThumbnailModel* model_;
};

}  // namespace trainscope::widgets
