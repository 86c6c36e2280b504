// Model ▸ Graph…: the experiment's model as a graph (modules as nodes with output
// shapes and parameter counts, skips drawn as they are, blocks opened by a double-click)
// and the autograd graph of one training step (every grad_fn, the leaf tensors, what
// each saved for backward), boxed by layer. Graphviz lays both out (engine/deploy);
// building the step and the layout run in the background.
#pragma once

#include "engine/config/config.h"
#include "engine/deploy/graph_layout.h"
#include "engine/deploy/step_graph_view.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPushButton;
class QTextBrowser;

namespace trainscope::widgets {
class GraphCanvas;
}

namespace trainscope::ui {

class GraphDialog : public QDialog {
  Q_OBJECT
 public:
  explicit GraphDialog(const ExperimentConfig& config, QWidget* parent = nullptr);

  bool ready() const { return ready_; }
  bool autograd() const { return options_.autograd; }
  void setAutograd(bool on);
  const GraphView& view() const { return view_; }
  const StepGraph& graph() const { return graph_; }
  widgets::GraphCanvas* canvas() const { return canvas_; }
  QTextBrowser* details() const { return details_; }
  // Selects a node as a click does; opens or closes a block as a double-click does.
  void selectNode(int node);
  void activateNode(int node);
  // The drawing as Graphviz writes it ("svg" or "dot"), labels as shown.
  std::string exported(const std::string& format) const;

 signals:
  void inspectRequested(const QString& layer);
  void laidOut();  // a layout arrived and is drawn

 private:
  QWidget* makeToolbar();
  QWidget* makeDetailPanel();
  void relayout();
  void showLayout(const GraphView& view, const GraphLayout& layout);
  void showDetail(int node);
  void toggleExpanded(const std::string& module);
  void save(const QString& format);
  std::string dotText(const GraphView& view) const;
  std::vector<std::string> labelOf(const GraphViewNode& node) const;
  QString selectedLayer() const;
  std::string openBlockAround(const std::string& module) const;

  std::string modelName_;
  StepGraph graph_;      // the step as configured: the autograd graph and its totals
  StepGraph structure_;  // without activation checkpointing: the model graph
  GraphView view_;
  GraphViewOptions options_;
  bool ready_ = false;
  bool fitNext_ = true;  // the next layout is fitted to the view's width (a new mode)
  int generation_ = 0;   // the latest layout asked for; older ones are dropped
  int selected_ = -1;
  QString keepLayer_;  // the layer to select again after a redraw
  QComboBox* mode_;
  QLabel *status_, *note_;
  QPushButton *expandAll_, *collapseAll_, *inspect_, *toggle_;
  widgets::GraphCanvas* canvas_;
  QTextBrowser* details_;
};

}  // namespace trainscope::ui
