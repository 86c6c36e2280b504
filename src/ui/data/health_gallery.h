// The images behind one health finding (a duplicate group, the blurry or dark images,
// ...), as thumbnails under the findings: what a check found is seen, not only listed.
// Thumbnails decode lazily on the grid's pool, as the Data page's grid does.
#pragma once

#include "engine/data/dataset.h"

#include <QWidget>

#include <memory>
#include <vector>

class QLabel;

namespace trainscope::widgets {
class ImageGrid;
}

namespace trainscope::ui {

struct GalleryImage {
  bool train = true;  // else validation
  int64_t index = 0;
  QString caption;  // under the thumbnail (its class, its score)
  QString tooltip;  // the file, the split
};

class HealthGallery : public QWidget {
  Q_OBJECT
 public:
  explicit HealthGallery(QWidget* parent = nullptr);
  void setDataset(std::shared_ptr<const DatasetSplits> splits);
  // Shows `images` under `title`; none: the hint.
  void showImages(const QString& title, std::vector<GalleryImage> images);
  int shownCount() const;
  widgets::ImageGrid* grid() const { return grid_; }

 private:
  std::shared_ptr<const DatasetSplits> splits_;
  QLabel* title_;
  widgets::ImageGrid* grid_;
};

}  // namespace trainscope::ui
