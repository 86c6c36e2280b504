// Inspect: inside the network while it trains. A layer (tree of the model) and a kind
// (output, its gradient, weights, their gradients): the distribution over time as a
// heatmap, the latest histogram, the per-step statistics; every layer's gradient norm
// on one log-scale plot; a health table that flags dead or saturated units, vanishing
// or exploding gradients and odd update ratios; and saving tensors to HDF5.
#pragma once

#include "engine/inspect/probe_history.h"
#include "engine/run/events.h"

#include <QWidget>

#include <deque>

class QComboBox;
class QLabel;
class QLayout;
class QPushButton;
class QTableWidget;
class QTreeWidget;
class QTabWidget;

namespace trainscope::widgets {
class DistributionHeatmap;
class HistogramPlot;
class LiveCurvePlot;
}  // namespace trainscope::widgets

namespace trainscope::ui {

class TrainingController;

class InspectPage : public QWidget {
  Q_OBJECT
 public:
  explicit InspectPage(TrainingController* controller, QWidget* parent = nullptr);

  // Selects a tensor: a layer or parameter name and a kind (activation, ...).
  void select(const QString& name, const QString& kind);
  QString selectedName() const { return name_; }
  QString selectedKind() const;

  const ProbeHistory& history() const { return history_; }
  widgets::DistributionHeatmap* heatmap() const { return heatmap_; }
  widgets::HistogramPlot* latestHistogram() const { return latest_; }
  widgets::LiveCurvePlot* statsPlot() const { return stats_; }
  widgets::LiveCurvePlot* gradNormPlot() const { return gradNorms_; }
  QTableWidget* healthTable() const { return health_; }
  QTreeWidget* layerTree() const { return tree_; }
  QPushButton* saveButton() const { return save_; }
  QLabel* statusLabel() const { return status_; }
  QLabel* probeCostLabel() const { return cost_; }
  QComboBox* kindBox() const { return kind_; }
  // Draws what arrived since the last tick (called by the controller's drain).
  void refresh();

 protected:
  // Plots skip drawing while hidden; what arrived meanwhile is drawn on showing.
  void showEvent(QShowEvent* event) override;

 private:
  // The page's parts, built once by the constructor.
  QLayout* makeToolbar();
  QWidget* makeDetail();
  QWidget* makeHealthTable();
  void onStarted(const RunStarted& info);
  void onSamples(const QVector<ProbeSample>& samples);
  void showProbeCost(const QVector<ProbeSample>& samples);
  void onHistograms(const QVector<Histogram>& histograms);
  void onSaved(const TensorsSaved& saved);
  void rebuildTree();
  void showSelection();  // everything about the selected tensor, from the history
  void updateHealth();
  void requestSave(bool allLayers);
  // The tensor the views show for the tree item and kind picked: a parameter's name
  // for weights, a layer's name for activations.
  std::string tensorName() const;

  TrainingController* controller_;
  ProbeHistory history_;
  QTreeWidget* tree_;
  QComboBox* kind_;
  QPushButton* save_;
  QLabel *status_, *title_;
  QLabel* cost_;                                 // what the probes cost, against their budget
  std::deque<std::pair<double, double>> costs_;  // the last samples' (cost, step time), ms
  widgets::DistributionHeatmap* heatmap_;
  widgets::HistogramPlot* latest_;
  widgets::LiveCurvePlot *stats_, *gradNorms_;
  QTableWidget* health_;
  QTabWidget* tabs_;
  QString name_;                           // the tree's selection: a layer or a parameter
  std::map<std::string, int> gradSeries_;  // layer -> series on the gradient-norm plot
  int meanSeries_ = -1, stdSeries_ = -1, minSeries_ = -1, maxSeries_ = -1, zeroSeries_ = -1, satSeries_ = -1;
  bool probesOn_ = false, healthDirty_ = false, latestDirty_ = false;
};

}  // namespace trainscope::ui
