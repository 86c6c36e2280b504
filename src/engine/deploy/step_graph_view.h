// What the graph views draw from a StepGraph: the model graph (modules as nodes, as
// Netron draws a model; blocks collapsed until expanded) or the autograd graph (every
// grad_fn and leaf), and either as Graphviz DOT.
#pragma once

#include "engine/train/step_graph.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace trainscope {

struct GraphViewOptions {
  bool autograd = false;
  std::set<std::string> expanded;  // the model graph: module paths drawn by their parts
};

struct GraphViewNode {
  enum class Kind { Input, Module, Op, Leaf, Loss };
  Kind kind = Kind::Module;
  std::string title;   // "Conv2d conv1", "relu", "ConvolutionBackward0", "conv1.weight"
  std::string module;  // its module path ("layer1_0.conv1"); the input: ""
  std::string layer;   // the top-level layer, for Inspect ("" for the input and the loss)
  std::vector<int64_t> shape;
  int64_t parameters = 0;          // a module: its parameters' elements; a leaf: its own
  int64_t saved_bytes = 0;         // what its ops saved for backward, parameters not counted
  std::vector<SavedTensor> saved;  // the autograd graph: this grad_fn's saved tensors
  bool saved_known = true;
  bool expandable = false;  // a module with modules inside: a click draws its parts
  bool requires_grad = true;
};

struct GraphViewEdge {
  int from = 0, to = 0;
};

struct GraphView {
  std::vector<GraphViewNode> nodes;
  std::vector<GraphViewEdge> edges;
};

GraphView graphViewOf(const StepGraph& graph, const GraphViewOptions& options);

// A node's label lines; the default is English (the CLI's DOT and SVG).
using GraphLabeller = std::function<std::vector<std::string>(const GraphViewNode&)>;
std::vector<std::string> englishGraphLabel(const GraphViewNode& node);

// DOT for Graphviz: nodes "n<index>", top to bottom, each node's layer as its tooltip.
// (Cluster boxes per layer would make dot lay the layers out as a staircase.)
std::string graphDot(const GraphView& view, const std::string& title, const GraphLabeller& label = englishGraphLabel);

// A node's fill colour by kind ("#e3ecf8"), the same in the app as in DOT and SVG.
const char* graphNodeFill(GraphViewNode::Kind kind);

// "input, 4 × parameter*": a node's saved tensors by name, a parameter starred.
std::string savedNames(const std::vector<SavedTensor>& saved);

// "1.2 K", "3.4 M": a count for a label.
std::string compactCount(int64_t n);
// "640 B", "12.5 KB", "3.1 MB" (10^3 steps, as the model summary's MB).
std::string compactBytes(int64_t bytes);

}  // namespace trainscope
