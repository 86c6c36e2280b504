// Mistakes: why the model is wrong. The validation confusion matrix of any epoch
// (counts or row shares, classes in their order or the most confused side by side,
// zoom and hover at 100+ classes, per-class precision/recall/F1, CSV export; a click on
// a cell shows its images), the misclassified and highest-loss images of both splits,
// the data map of the training samples, and the suspect labels, with Grad-CAM, history
// and relabel/exclude for any image. Follows the run training now, refreshed after each
// epoch, or any run folder opened.
#pragma once

#include "engine/sample_report.h"
#include "ui/mistakes/sample_detail.h"

#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QSplitter;
class QSpinBox;
class QTableWidget;
class QStackedWidget;
class QTabWidget;

namespace trainscope::widgets {
class ConfusionMatrixView;
class DataMapPlot;
class ImageGrid;
class PresentationLayout;
}  // namespace trainscope::widgets

namespace trainscope::ui {

class FeatureMapView;
class ResidualsView;
class TextMistakesView;

class CorrectionBook;
class DiagnosisLoader;
class ExperimentDocument;
class TrainingController;

class MistakesPage : public QWidget {
  Q_OBJECT
 public:
  enum Tab { ConfusionTab, GalleryTab, DataMapTab, SuspectsTab, FeatureMapTab };
  MistakesPage(TrainingController* controller, ExperimentDocument* document, QWidget* parent = nullptr);

  // Shows a run folder (the controller's runs are followed by themselves).
  void openRun(const QString& runDir);
  void chooseRun();
  // The gallery of one confusion cell (what a click on it does).
  void showCell(int truth, int predicted);
  bool exportCsv(const QString& path, QString* error);

  // For tests.
  std::shared_ptr<const RunDiagnosis> diagnosis() const { return diagnosis_; }
  DiagnosisLoader* loader() const { return loader_; }
  CorrectionBook* corrections() const { return book_; }
  widgets::ConfusionMatrixView* matrix() const { return matrix_; }
  QTableWidget* scores() const { return scores_; }
  QTableWidget* pairs() const { return pairs_; }
  widgets::ImageGrid* gallery() const { return gallery_; }
  widgets::ImageGrid* suspectGrid() const { return suspectGrid_; }
  widgets::DataMapPlot* dataMap() const { return dataMap_; }
  FeatureMapView* featureMap() const { return featureMap_; }
  SampleDetail* detail() const { return detail_; }
  QTabWidget* tabs() const { return tabs_; }
  ResidualsView* residualsView() const { return residuals_; }
  bool showsResiduals() const;
  TextMistakesView* textMistakesView() const { return textMistakes_; }
  QComboBox* orderChoice() const { return order_; }
  QComboBox* gallerySplit() const { return split_; }
  QComboBox* galleryFilter() const { return filter_; }
  QPushButton* newerImagesButton() const { return newer_; }
  QSpinBox* epochChoice() const { return epoch_; }
  const std::vector<GallerySample>& galleryItems() const { return galleryItems_; }
  const std::vector<GallerySample>& suspectItems() const { return suspectItems_; }
  QLabel* statusLabel() const { return status_; }

 signals:
  void refreshed(double seconds);  // a diagnosis is shown, `seconds` after it was asked for
  void exported(const QString& path);

 private:
  // The page's parts, built once by the constructor.
  QWidget* makeConfusionTab();
  QWidget* makeGalleryTab();
  QWidget* makeMapTab();
  QWidget* makeSuspectTab();
  void connectRunAndMatrix();
  void connectSamples();
  void showSample(const GallerySample& sample);
  void showDiagnosis(std::shared_ptr<const RunDiagnosis> d, double seconds);
  void showMatrix();
  void showGallery();
  // The galleries as the latest epoch ranks them (held while the user looked at them).
  void showHeldImages();
  void showDataMap();
  void showSuspects();
  void setGallery(widgets::ImageGrid* grid, const std::vector<GallerySample>& items);
  void exportCsvDialog();
  const std::vector<int64_t>* shownMatrix() const;

  TrainingController* controller_;
  ExperimentDocument* doc_;
  DiagnosisLoader* loader_;
  CorrectionBook* book_;
  std::shared_ptr<const RunDiagnosis> diagnosis_;
  QLabel *run_, *status_, *cellNote_, *mapNote_, *suspectNote_;
  QPushButton *open_, *export_, *clearCorrections_, *newer_;
  QTabWidget* tabs_;
  QStackedWidget* views_;  // the tabs and detail, or a regression's residuals
  ResidualsView* residuals_;
  TextMistakesView* textMistakes_;
  QSpinBox *epoch_, *suspectCount_;
  QComboBox *values_, *order_, *split_, *filter_;
  widgets::ConfusionMatrixView* matrix_;
  QScrollArea* matrixArea_;
  QTableWidget *scores_, *pairs_;
  widgets::ImageGrid *gallery_, *suspectGrid_;
  widgets::DataMapPlot* dataMap_;
  FeatureMapView* featureMap_;
  SampleDetail* detail_;
  QSplitter* pageSplit_;                    // the tabs | the detail panel
  widgets::PresentationLayout* projector_;  // folds the detail panel until an image is picked
  std::vector<GallerySample> galleryItems_, suspectItems_;
  QString shownRun_;                         // the run asked for last (a live run is followed while it is this)
  int cellTruth_ = -1, cellPredicted_ = -1;  // the gallery shows one cell, when set
  bool imagesHeld_ = false;                  // a newer epoch's images wait (newer_)
};

}  // namespace trainscope::ui
