#include "ui/data/health_gallery.h"

#include "ui/image_convert.h"
#include "widgets/image_grid.h"

#include <QLabel>
#include <QListView>
#include <QVBoxLayout>

namespace trainscope::ui {

HealthGallery::HealthGallery(QWidget* parent) : QWidget(parent) {
  title_ = new QLabel(tr("Choose a finding to see its images."), this);
  title_->setWordWrap(true);
  grid_ = new widgets::ImageGrid(this);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(title_);
  layout->addWidget(grid_, 1);
}

void HealthGallery::setDataset(std::shared_ptr<const DatasetSplits> splits) {
  splits_ = std::move(splits);
  showImages({}, {});
}

void HealthGallery::showImages(const QString& title, std::vector<GalleryImage> images) {
  title_->setText(images.empty() ? tr("Choose a finding to see its images.") : title);
  const auto shown = std::make_shared<const std::vector<GalleryImage>>(std::move(images));
  const auto splits = splits_;
  if (!splits || !splits->train) {
    grid_->setItems(0, {}, {});
    return;
  }
  QStringList captions;
  for (const auto& g : *shown) captions << g.caption;
  grid_->setItems(
      static_cast<int>(shown->size()),
      [splits, shown](int item) {  // on the grid's pool
        const GalleryImage& g = shown->at(static_cast<size_t>(item));
        const Dataset& data = g.train ? *splits->train : *splits->val;
        std::string error;
        QImage image = toQImage(data.loadPreview(g.index, 96, &error));
        image.setText("tooltip", error.empty() ? g.tooltip : g.tooltip + "\n" + QString::fromStdString(error));
        return image;
      },
      [shown](int item) { return shown->at(static_cast<size_t>(item)).caption; }, QSize(88, 88), captions);
}

int HealthGallery::shownCount() const { return grid_->itemCount(); }

}  // namespace trainscope::ui
