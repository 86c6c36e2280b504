// Data: import a dataset (built-in Fashion-MNIST, a folder, or a folder dropped on the
// window; or a CSV table, shown by TableBrowser instead), browse it as thumbnails by split and class, see its class
// balance, image sizes and skipped files, preview the training augmentation, check its health (duplicates, leaks,
// outliers), and compute its mean/std for Normalize.
#pragma once

#include "engine/data/channel_stats.h"
#include "engine/data/dataset.h"

#include <nlohmann/json.hpp>

#include <QFutureWatcher>
#include <QImage>
#include <QWidget>

#include <map>
#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QStackedWidget;
class QTabWidget;
class QGridLayout;

namespace trainscope::widgets {
class ClassChart;
class ImageGrid;
}  // namespace trainscope::widgets

class QLayout;

namespace trainscope::ui {

class DatasetImporter;
class ProgressTicker;
class HealthPanel;
class TableBrowser;
class TextBrowser;
class ExperimentDocument;

class DataPage : public QWidget {
  Q_OBJECT
 public:
  DataPage(ExperimentDocument* document, QWidget* parent = nullptr);
  ~DataPage() override;

  void importFashionMnist();
  void importFolder(const QString& path);
  void chooseFolder();
  void importTable(const QString& path);                   // a CSV file, its target guessed
  void importTableSection(const nlohmann::json& section);  // a table as the experiment names it
  void chooseTable();
  void importText(const nlohmann::json& section);  // a text folder, or a CSV's text column
  void chooseTextFolder();
  void importExperimentDataset();        // what the experiment's dataset section names
  void importPath(const QString& path);  // "fashion-mnist", a folder or a table's file
  void computeMeanStd();

  // For tests and the status bar.
  bool importing() const;
  widgets::ClassChart* classChart() const { return chart_; }
  widgets::ImageGrid* grid() const { return grid_; }
  QTableWidget* skippedTable() const { return skipped_; }
  QLabel* statsLabel() const { return stats_; }
  QLabel* sourceLabel() const { return source_; }
  QLabel* recipeNoteLabel() const { return recipeNote_; }
  QLabel* normalizeLabel() const { return normalizeResult_; }
  int previewCount() const;
  // What a thumbnail's tooltip says: class, file name, real size in pixels and bytes.
  static QString thumbnailTooltip(const Dataset& data, int64_t index, QSize decoded, const std::string& error);
  // What the photo recipe chose for this folder, and why (under the dataset's name).
  static QString photoRecipeNote(const ExperimentConfig& config, int64_t trainImages);
  QPushButton* tryAugmentationButton() const { return tryAugmentation_; }
  HealthPanel* healthPanel() const { return health_; }
  TableBrowser* tableBrowser() const { return tableBrowser_; }
  TextBrowser* textBrowser() const { return textBrowser_; }
  bool showsTable() const;
  QTabWidget* tabs() const { return tabs_; }

 signals:
  void importFailed(const QString& message);
  void datasetReady(const QString& description);
  void previewShown();                               // the augmentation preview of the selected image is drawn
  void classifyRequested(const QString& imagePath);  // from a thumbnail's menu
  void tryTableRequested(std::map<std::string, std::string> row);  // a table's "Try the model…"
  void tryTextRequested(const QString& text);                      // text's "Try the model…"

 private:
  void showDataset();
  void applyFilter();
  void showPreview();
  void setBusy(bool busy, const QString& what = {});
  // The page's parts, built once by the constructor.
  QLayout* makeImportBar();
  QWidget* makeBrowser();
  QWidget* makeOverview();
  QWidget* makeSkippedTable();
  QWidget* makePreview();
  void connectImporter();
  void connectBrowser();
  void connectPreview();
  void connectMeanStd();
  void showThumbnailMenu(const QPoint& at);

  ExperimentDocument* doc_;
  DatasetImporter* importer_;
  QPushButton *fashion_, *folder_, *table_, *text_, *cancel_, *reroll_, *meanStd_;
  QStackedWidget* views_;  // the images' browser and tabs, a table's browser, or text's
  TableBrowser* tableBrowser_;
  TextBrowser* textBrowser_;
  QLabel* noRandom_;  // the training transforms draw nothing at random
  QPushButton* tryAugmentation_;
  QLabel *source_, *count_, *stats_, *normalizeResult_;
  QLabel* recipeNote_ = nullptr;  // what the import chose for the data (the photo recipe), under the buttons
  QProgressBar* progress_;
  QComboBox *split_, *classFilter_;
  widgets::ImageGrid* grid_;
  widgets::ClassChart* chart_;
  QTableWidget* skipped_;
  QTabWidget* tabs_;
  HealthPanel* health_;
  QGridLayout* previewGrid_;
  std::vector<int64_t> shown_;  // dataset indices behind the grid
  int previewItem_ = 0;
  uint64_t rerolls_ = 0;
  struct MeasuredStats {
    std::shared_ptr<const DatasetSplits> splits;
    ChannelStats stats;
    QString error;
  };
  void applyMeanStd();
  struct PreviewImages {
    quint64 generation = 0;
    std::vector<QImage> images;  // the original and the augmented versions, scaled for the cells
    std::vector<QSize> sizes;    // their sizes before scaling
    std::vector<double> mixes;   // MixUp's lam, minus CutMix's, 0 when not mixed
  };
  void applyPreview();
  QFutureWatcher<PreviewImages> previewing_;  // decoding and augmenting the selected image
  quint64 previewGeneration_ = 0;
  QFutureWatcher<MeasuredStats> measuring_;  // measuring the training images
  ProgressTicker* statsTicker_ = nullptr;    // measuring's progress and cancel
};

}  // namespace trainscope::ui
