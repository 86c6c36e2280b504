// The Data page's health check: exact and near duplicates within and across the splits
// (validation leaking into training), images under two labels, class imbalance, the
// quality checks (blurry, dark, bright, low information, odd aspect or size, grey in
// colour) and unreadable files, as a tree a user can open finding by finding, with the
// chosen finding's images as thumbnails below. Runs on all cores off the GUI thread;
// cancellable.
#pragma once

#include "engine/data/dataset_health.h"
#include "ui/data/health_gallery.h"
#include "ui/run/background.h"

#include <QFutureWatcher>
#include <QHash>
#include <QWidget>

#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace trainscope::ui {

class HealthPanel : public QWidget {
  Q_OBJECT
 public:
  explicit HealthPanel(QWidget* parent = nullptr);
  ~HealthPanel() override;
  // A new dataset: the last result goes (it was another dataset's).
  void setDataset(std::shared_ptr<const DatasetSplits> splits);
  void check();
  void cancel();
  bool checking() const { return watcher_.isRunning(); }

  // For tests.
  QTreeWidget* findings() const { return tree_; }
  QLabel* summary() const { return summary_; }
  const DatasetHealth* result() const { return result_ ? result_.get() : nullptr; }
  HealthGallery* gallery() const { return gallery_; }

 signals:
  void checked();

 private:
  struct Outcome {
    std::shared_ptr<const DatasetHealth> health;
    QString error;
  };
  void showOutcome(const Outcome& outcome);
  QTreeWidgetItem* addFinding(const QString& title, const QString& why);
  void addGroups(QTreeWidgetItem* finding, const HealthFinding& f);
  void addQuality(const QualityFinding& f);
  void showGalleryOf(QTreeWidgetItem* item);

  std::shared_ptr<const DatasetSplits> splits_;
  std::shared_ptr<const DatasetHealth> result_;
  QFutureWatcher<Outcome> watcher_;
  ProgressTicker* ticker_;
  QPushButton *check_, *cancelButton_;
  QProgressBar* progress_;
  QLabel* summary_;
  QTreeWidget* tree_;
  HealthGallery* gallery_;
  QHash<QTreeWidgetItem*, std::vector<GalleryImage>> galleries_;  // a finding's or a group's images
};

}  // namespace trainscope::ui
