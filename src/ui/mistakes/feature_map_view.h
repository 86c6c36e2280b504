// The Mistakes page's feature map: every sample embeddings.h5 recorded, placed by what
// the model's penultimate layer makes of it, one map per epoch (its principal
// components, then the neighbour-graph layout UMAP made standard; computed in the
// background, the last epoch first and each earlier one started from the map after it,
// so the slider shows the classes forming rather than jumping). Coloured by label,
// prediction or right/wrong. Hover shows a point's thumbnail; a click picks the sample
// (the detail panel) and lists its most similar images; a lasso selects points for the
// gallery below, to relabel or exclude them together (the correction file).
#pragma once

#include "engine/data/label_corrections.h"
#include "engine/record/embedding_file.h"
#include "engine/sample_report.h"
#include "ui/mistakes/sample_detail.h"

#include <QWidget>

#include <map>
#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;

namespace trainscope::widgets {
class ImageGrid;
class PointMap;
}  // namespace trainscope::widgets

namespace trainscope::ui {

class CorrectionBook;

class FeatureMapView : public QWidget {
  Q_OBJECT
 public:
  enum Colouring { ByLabel, ByPrediction, ByCorrectness };
  FeatureMapView(CorrectionBook* book, QWidget* parent = nullptr);
  // Reads the run's embeddings.h5 and lays it out in the background.
  void setDiagnosis(std::shared_ptr<const RunDiagnosis> diagnosis);
  // What a lasso does, and what a click does (for tests too).
  void selectPoints(const std::vector<int>& points);
  void showSimilar(int point);
  // The same for a sample of a gallery; false when embeddings.h5 did not record it.
  bool showSimilarTo(const GallerySample& sample);
  bool relabelSelection(const QString& label, QString* error);
  bool excludeSelection(QString* error);

  // For tests.
  widgets::PointMap* map() const { return map_; }
  QSlider* epochSlider() const { return epoch_; }
  QComboBox* colouring() const { return colouring_; }
  widgets::ImageGrid* gallery() const { return gallery_; }
  QLabel* note() const { return note_; }
  const std::vector<int>& galleryPoints() const { return shown_; }
  int layoutsReady() const { return static_cast<int>(layouts_.size()); }
  const EmbeddingRecord* record() const { return record_.get(); }

 signals:
  void sampleChosen(const GallerySample& sample);
  void layoutReady(int epoch);  // its number (1-based)

 private:
  void connectParts();
  void layOutNext();
  void showEpoch();
  void showLegend();
  std::vector<QRgb> colours() const;
  void showGallery(std::vector<int> points, const QString& title);
  void hover(int point, QPoint globalPos);
  GallerySample sampleOf(int point) const;
  std::vector<LabelCorrection> correctionsOfGallery(const std::string& label) const;
  const Dataset* datasetOf(int point) const;

  CorrectionBook* book_;
  std::shared_ptr<const RunDiagnosis> diagnosis_;
  std::shared_ptr<const EmbeddingRecord> record_;
  std::map<int64_t, std::vector<float>> layouts_;  // by epoch number; empty: could not be laid out
  uint64_t generation_ = 0;                        // another run makes older layouts moot
  bool layingOut_ = false;                         // one layout at a time
  QLabel *note_, *legend_, *epochLabel_, *galleryTitle_, *hoverImage_;
  QString description_;  // what the map shows, once a map is on screen
  QSlider* epoch_;
  QComboBox *colouring_, *relabelAs_;
  QPushButton *lasso_, *relabel_, *exclude_;
  widgets::PointMap* map_;
  widgets::ImageGrid* gallery_;
  std::vector<int> shown_;  // the gallery's points
  int hovered_ = -1;
};

}  // namespace trainscope::ui
