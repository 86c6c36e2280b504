#include "ui/model/graph_dialog.h"

#include "engine/models/model_summary.h"
#include "engine/system/atomic_file.h"
#include "ui/run/background.h"
#include "widgets/graph_canvas.h"

#include <QComboBox>
#include <QFileDialog>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QMetaMethod>
#include <QPushButton>
#include <QScreen>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace trainscope::ui {

namespace {

using Kind = GraphViewNode::Kind;

QString shapeText(const std::vector<int64_t>& shape) { return QString::fromStdString(formatShape(shape)); }

QColor fillOf(Kind kind) { return QColor(graphNodeFill(kind)); }

struct LaidOut {
  GraphView view;
  GraphLayout layout;
};

}  // namespace

GraphDialog::GraphDialog(const ExperimentConfig& config, QWidget* parent)
    : QDialog(parent), modelName_(config.model.name) {
  setWindowTitle(tr("Graph of %1").arg(QString::fromStdString(config.model.name)));
  canvas_ = new widgets::GraphCanvas(this);
  auto* split = new QSplitter(this);
  split->addWidget(canvas_);
  split->addWidget(makeDetailPanel());
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  note_ = new QLabel(this);
  note_->setWordWrap(true);
  status_ = new QLabel(this);
  status_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(makeToolbar());
  layout->addWidget(note_);
  layout->addWidget(status_);
  layout->addWidget(split, 1);
  const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
  resize(std::min(1200, screen.width() * 9 / 10), std::min(900, screen.height() * 9 / 10));
  split->setSizes({width() * 2 / 3, width() / 3});
  connect(canvas_, &widgets::GraphCanvas::nodeClicked, this, &GraphDialog::selectNode);
  connect(canvas_, &widgets::GraphCanvas::nodeDoubleClicked, this, &GraphDialog::activateNode);
  status_->setText(tr("Building the model and running one forward pass…"));
  runInBackground(
      this, [config] { return stepGraphOf(config); },
      [this](StepGraphResult r) {
        if (!r.ok) {
          status_->setText(
              tr("No graph: %1 (%2).").arg(QString::fromStdString(r.error), QString::fromStdString(r.field)));
          return;
        }
        graph_ = std::move(r.graph);
        structure_ = std::move(r.structure);
        relayout();
      });
  setAutograd(false);
}

QWidget* GraphDialog::makeToolbar() {
  auto* bar = new QWidget(this);
  auto* row = new QHBoxLayout(bar);
  row->setContentsMargins(0, 0, 0, 0);
  mode_ = new QComboBox(bar);
  mode_->addItem(tr("Model graph"));
  mode_->addItem(tr("Autograd graph of one step"));
  expandAll_ = new QPushButton(tr("Open all blocks"), bar);
  collapseAll_ = new QPushButton(tr("Close all blocks"), bar);
  auto* fit = new QPushButton(tr("Fit"), bar);
  auto* svg = new QPushButton(tr("Save SVG…"), bar);
  auto* dot = new QPushButton(tr("Save DOT…"), bar);
  for (QWidget* w : std::initializer_list<QWidget*>{mode_, expandAll_, collapseAll_, fit, svg, dot}) row->addWidget(w);
  row->addStretch(1);
  connect(mode_, &QComboBox::activated, this, [this](int i) { setAutograd(i == 1); });
  connect(expandAll_, &QPushButton::clicked, this, [this] {
    options_.expanded = modulesWithParts(structure_);
    relayout();
  });
  connect(collapseAll_, &QPushButton::clicked, this, [this] {
    options_.expanded.clear();
    relayout();
  });
  connect(fit, &QPushButton::clicked, canvas_, [this] { canvas_->fitWidth(); });
  connect(svg, &QPushButton::clicked, this, [this] { save("svg"); });
  connect(dot, &QPushButton::clicked, this, [this] { save("dot"); });
  return bar;
}

QWidget* GraphDialog::makeDetailPanel() {
  auto* panel = new QWidget(this);
  auto* column = new QVBoxLayout(panel);
  column->setContentsMargins(0, 0, 0, 0);
  details_ = new QTextBrowser(panel);
  inspect_ = new QPushButton(tr("Show on Inspect"), panel);
  inspect_->setToolTip(tr("Open this layer on the Inspect page: its outputs, gradients and weights while it trains."));
  toggle_ = new QPushButton(panel);
  column->addWidget(details_, 1);
  column->addWidget(inspect_);
  column->addWidget(toggle_);
  connect(inspect_, &QPushButton::clicked, this, [this] {
    if (!selectedLayer().isEmpty()) emit inspectRequested(selectedLayer());
  });
  connect(toggle_, &QPushButton::clicked, this, [this] {
    if (selected_ < 0 || selected_ >= static_cast<int>(view_.nodes.size())) return;
    const auto& n = view_.nodes[selected_];
    keepLayer_ = QString::fromStdString(n.layer);
    const std::string block = n.expandable ? n.module : openBlockAround(n.module);
    if (!block.empty()) toggleExpanded(block);
  });
  inspect_->setEnabled(false);
  toggle_->setVisible(false);
  return panel;
}

void GraphDialog::setAutograd(bool on) {
  options_.autograd = on;
  mode_->setCurrentIndex(on ? 1 : 0);
  expandAll_->setEnabled(!on);
  collapseAll_->setEnabled(!on);
  note_->setText(
      on ? tr("The forward pass builds this graph; loss.backward() walks it from the loss (red) down to the leaf "
              "tensors (green): the parameters, which have requires_grad=True. Each grad_fn keeps what its "
              "derivative needs (saved for backward, freed by backward()); * marks a parameter, which costs no "
              "extra memory. AccumulateGrad adds into .grad rather than replacing it: that is why zero_grad() comes "
              "before each step. A click on a node frames the layer it belongs to.")
         : tr("Each box is a module, with the shape of its output for one batch and its parameter count; a "
              "double-click opens a block (+) to show its parts and skips, or shows a layer on Inspect."));
  keepLayer_ = selectedLayer();
  fitNext_ = true;
  if (!graph_.nodes.empty()) relayout();
}

std::vector<std::string> GraphDialog::labelOf(const GraphViewNode& n) const {
  auto s = [](const QString& q) { return q.toStdString(); };
  std::vector<std::string> lines{n.kind == Kind::Input ? s(tr("input")) : n.title};
  if (!n.shape.empty()) lines.push_back(s(shapeText(n.shape)));
  if (n.kind == Kind::Leaf) {
    lines.push_back(n.requires_grad ? "AccumulateGrad" : "requires_grad=False");
    return lines;
  }
  if (n.parameters > 0) lines.push_back(s(tr("%1 params").arg(QString::fromStdString(compactCount(n.parameters)))));
  const QString bytes = QString::fromStdString(compactBytes(n.saved_bytes));
  if (!n.saved.empty())
    lines.push_back(s(tr("saved %1: %2").arg(bytes, QString::fromStdString(savedNames(n.saved)))));
  else if (!n.saved_known)
    lines.push_back(s(tr("saved: not read")));
  else if (n.saved_bytes > 0)
    lines.push_back(s(tr("saved %1").arg(bytes)));
  return lines;
}

std::string GraphDialog::dotText(const GraphView& view) const {
  const QString title = options_.autograd ? tr("%1: the autograd graph of one step, batch %2")
                                                .arg(QString::fromStdString(modelName_))
                                                .arg(graph_.input_shape.empty() ? 0 : graph_.input_shape.front())
                                          : tr("%1: model graph").arg(QString::fromStdString(modelName_));
  return graphDot(view, title.toStdString(), [this](const GraphViewNode& n) { return labelOf(n); });
}

void GraphDialog::relayout() {
  if (graph_.nodes.empty()) return;  // the step is still being built, or could not be
  const GraphView view = graphViewOf(options_.autograd ? graph_ : structure_, options_);
  const std::string dot = dotText(view);
  const int generation = ++generation_;
  status_->setText(tr("Laying out %n node(s)…", "", static_cast<int>(view.nodes.size())));
  runInBackground(
      this,
      [view, dot] {
        return LaidOut{view, layoutDot(dot)};
      },
      [this, generation](LaidOut r) {
        if (generation != generation_) return;  // a newer layout is on its way
        if (!r.layout.ok) {
          status_->setText(tr("No layout: %1").arg(QString::fromStdString(r.layout.error)));
          return;
        }
        showLayout(r.view, r.layout);
      });
}

void GraphDialog::showLayout(const GraphView& view, const GraphLayout& layout) {
  view_ = view;
  widgets::GraphPicture picture;
  picture.size = QSizeF(layout.width, layout.height);
  QMap<QString, int> groups;
  for (size_t i = 0; i < view_.nodes.size() && i < layout.nodes.size(); ++i) {
    const auto& n = view_.nodes[i];
    const auto& b = layout.nodes[i];
    QStringList lines;
    for (const auto& line : labelOf(n)) lines << QString::fromStdString(line);
    picture.nodes.push_back(
        {QRectF(b.x - b.width / 2, b.y - b.height / 2, b.width, b.height), lines, fillOf(n.kind), n.expandable});
    if (!options_.autograd || n.layer.empty() || (n.kind != Kind::Op && n.kind != Kind::Leaf)) continue;
    const QString layer = QString::fromStdString(n.layer);
    if (!groups.contains(layer)) groups[layer] = picture.groups.size(), picture.groups.push_back({layer, {}});
    picture.groups[groups[layer]].members.push_back(static_cast<int>(i));
  }
  for (const auto& e : layout.edges) {
    widgets::GraphPicture::Edge edge;
    for (const auto& [x, y] : e.points) edge.spline.push_back(QPointF(x, y));
    picture.edges.push_back(edge);
  }
  canvas_->setPicture(picture);
  if (fitNext_) {
    canvas_->fitWidth(0.75);
    for (size_t i = 0; i < view_.nodes.size(); ++i)  // a wide graph: the column the loss ends
      if (view_.nodes[i].kind == Kind::Loss) canvas_->showTopAbove(static_cast<int>(i));
  }
  fitNext_ = false;
  ready_ = true;
  int leaves = 0;
  for (const auto& n : graph_.nodes) leaves += n.parameter.empty() ? 0 : 1;
  status_->setText(tr("%1 grad_fn nodes and %2 leaf tensors; %3 saved for backward at batch %4")
                       .arg(graph_.nodes.size() - leaves)
                       .arg(leaves)
                       .arg(QString::fromStdString(compactBytes(graph_.saved_bytes)))
                       .arg(graph_.input_shape.empty() ? 0 : graph_.input_shape.front()));
  selected_ = -1;
  int again = -1;  // the same layer as before the redraw
  for (size_t i = 0; i < view_.nodes.size() && !keepLayer_.isEmpty(); ++i)
    if (QString::fromStdString(view_.nodes[i].layer) == keepLayer_ && again < 0) again = static_cast<int>(i);
  if (again >= 0) {
    selectNode(again);
    canvas_->centerOnNode(again);
  } else {
    showDetail(-1);
  }
  emit laidOut();
}

// The innermost open block holding `module` ("" when none).
std::string GraphDialog::openBlockAround(const std::string& module) const {
  std::string inner;
  for (const auto& m : options_.expanded)
    if (moduleWithin(module, m) && m.size() > inner.size()) inner = m;
  return inner;
}

QString GraphDialog::selectedLayer() const {
  if (selected_ < 0 || selected_ >= static_cast<int>(view_.nodes.size())) return {};
  return QString::fromStdString(view_.nodes[selected_].layer);
}

void GraphDialog::selectNode(int node) {
  if (node < 0 || node >= static_cast<int>(view_.nodes.size())) return;
  selected_ = node;
  keepLayer_ = selectedLayer();
  canvas_->setSelection(node, options_.autograd ? keepLayer_ : QString());
  showDetail(node);
}

void GraphDialog::activateNode(int node) {
  if (node < 0 || node >= static_cast<int>(view_.nodes.size())) return;
  selectNode(node);
  const auto& n = view_.nodes[node];
  if (!options_.autograd && n.expandable) return toggleExpanded(n.module);
  if (!n.layer.empty()) emit inspectRequested(QString::fromStdString(n.layer));  // when the Model page listens
}

void GraphDialog::toggleExpanded(const std::string& module) {
  if (!options_.expanded.erase(module)) options_.expanded.insert(module);
  relayout();
}

void GraphDialog::showDetail(int node) {
  inspect_->setVisible(isSignalConnected(QMetaMethod::fromSignal(&GraphDialog::inspectRequested)));
  inspect_->setEnabled(node >= 0 && !view_.nodes[node].layer.empty());
  toggle_->setVisible(false);
  if (node < 0) {
    details_->setHtml(tr("<p>Click a node for its details.</p>"));
    return;
  }
  const auto& n = view_.nodes[node];
  QString html = "<h3>" + QString::fromStdString(n.title).toHtmlEscaped() + "</h3><p>";
  if (!n.module.empty() && n.kind != Kind::Loss)
    html += tr("Module: %1").arg(QString::fromStdString(n.module).toHtmlEscaped()) + "<br>";
  if (!n.layer.empty()) html += tr("Layer: %1").arg(QString::fromStdString(n.layer).toHtmlEscaped()) + "<br>";
  if (!n.shape.empty())
    html += (n.kind == Kind::Leaf ? tr("Shape: %1") : tr("Output: %1")).arg(shapeText(n.shape)) + "<br>";
  if (n.parameters > 0) html += tr("Parameters: %1").arg(n.parameters) + "<br>";
  if (n.kind == Kind::Leaf)
    html += (n.requires_grad ? tr("A leaf tensor with requires_grad=True: backward() adds its gradient into .grad.")
                             : tr("A leaf tensor with requires_grad=False: no gradient.")) +
            "<br>";
  html += "</p>";
  if (!n.saved.empty()) {
    html += "<p><b>" + tr("Saved for backward") + "</b></p><table cellspacing=4>";
    for (const auto& t : n.saved)
      html +=
          QString("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>")
              .arg(QString::fromStdString(t.name), shapeText(t.shape), QString::fromStdString(t.dtype),
                   t.parameter ? tr("a parameter: no extra memory") : QString::fromStdString(compactBytes(t.bytes)));
    html += "</table>";
  } else if (!n.saved_known) {
    html += "<p>" + tr("What this op saved for backward is not read here.") + "</p>";
  } else if (n.saved_bytes > 0) {
    html +=
        "<p>" + tr("Its ops saved %1 for backward.").arg(QString::fromStdString(compactBytes(n.saved_bytes))) + "</p>";
  }
  details_->setHtml(html);
  if (options_.autograd) return;
  const std::string block = n.expandable ? n.module : openBlockAround(n.module);
  if (block.empty()) return;
  toggle_->setText((n.expandable ? tr("Open %1") : tr("Close %1")).arg(QString::fromStdString(block)));
  toggle_->setVisible(true);
}

std::string GraphDialog::exported(const std::string& format) const {
  const std::string dot = dotText(view_);
  if (format == "dot") return dot;
  std::string error;
  return renderDot(dot, format, &error);
}

void GraphDialog::save(const QString& format) {
  if (!ready_) return;
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Save the graph"),
      QString::fromStdString(modelName_) + (options_.autograd ? "-autograd." : "-graph.") + format,
      format == "svg" ? tr("SVG (*.svg)") : tr("Graphviz DOT (*.dot)"));
  if (path.isEmpty()) return;
  const std::string dot = dotText(view_);
  runInBackground(
      this,
      [dot, format, path] {
        std::string error;
        const std::string text = format == "dot" ? dot : renderDot(dot, format.toStdString(), &error);
        if (!text.empty()) writeOutputFile(path.toStdString(), text, &error);
        return QString::fromStdString(error);
      },
      [this, path](QString error) {
        if (!error.isEmpty())
          QMessageBox::warning(this, tr("Save the graph"), tr("%1 was not saved: %2").arg(path, error));
        else
          status_->setText(tr("Saved %1").arg(path));
      });
}

}  // namespace trainscope::ui
