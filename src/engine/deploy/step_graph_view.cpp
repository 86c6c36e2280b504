#include "engine/deploy/step_graph_view.h"

#include "engine/models/model_summary.h"
#include "engine/system/quoting.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <regex>

namespace trainscope {

namespace {

// "ReluBackward0" -> "Relu": an op as the forward pass called it.
std::string forwardName(const std::string& op) {
  static const std::regex backward("Backward[0-9]*$");
  return std::regex_replace(op, backward, "");
}

// The torch.nn criterion whose last op backward() starts from.
std::string criterionName(const std::string& op) {
  if (op == "NllLossBackward0") return "CrossEntropyLoss";  // log_softmax, then nll_loss
  if (op == "MseLossBackward0") return "MSELoss";
  if (op == "HuberLossBackward0") return "HuberLoss";
  return forwardName(op);
}

std::string lastPart(const std::string& path) {
  const size_t dot = path.rfind('.');
  return dot == std::string::npos ? path : path.substr(dot + 1);
}

// The node an op is drawn in: its module's shortest enclosing module that is not
// expanded; an op that sits directly in an expanded module is drawn by itself.
std::string groupKey(const StepGraphNode& n, size_t index, const std::set<std::string>& expanded) {
  std::string key;
  size_t start = 0;
  while (start <= n.module.size()) {
    const size_t dot = std::min(n.module.find('.', start), n.module.size());
    key = n.module.substr(0, dot);
    if (!expanded.count(key)) return key;
    start = dot + 1;
  }
  return key + "#" + std::to_string(index);
}

class ModelGraphBuilder {
 public:
  ModelGraphBuilder(const StepGraph& g, const GraphViewOptions& o) : g_(g), options_(o) {}

  GraphView build() {
    addLeadingLayers();
    std::vector<int> groupOf(g_.nodes.size(), -1);
    for (size_t i = 0; i < g_.nodes.size(); ++i)
      if (g_.nodes[i].parameter.empty()) groupOf[i] = groupFor(i);
    for (size_t i = 0; i < g_.nodes.size(); ++i) {
      const auto& n = g_.nodes[i];
      if (groupOf[i] >= 0) {
        for (const auto& s : n.saved) view_.nodes[groupOf[i]].saved_bytes += s.parameter ? 0 : s.bytes;
        continue;
      }
      for (auto& node : view_.nodes)  // a leaf: its parameters count in every module around it
        if (node.kind == GraphViewNode::Kind::Module && moduleWithin(n.module, node.module))
          node.parameters += elements(n.shape);
    }
    connect(groupOf);
    return std::move(view_);
  }

 private:
  static int64_t elements(const std::vector<int64_t>& shape) {
    int64_t e = 1;
    for (auto s : shape) e *= s;
    return e;
  }

  // Layers before the first op (a flatten of the input) make no grad_fn: drawn in a row.
  void addLeadingLayers() {
    GraphViewNode input;
    input.kind = GraphViewNode::Kind::Input;
    input.title = "input";
    input.shape = g_.input_shape;
    view_.nodes.push_back(input);
    for (size_t l = 0; l < g_.layers.size(); ++l) {
      const bool hasOps = std::any_of(g_.nodes.begin(), g_.nodes.end(), [&](const StepGraphNode& n) {
        return n.layer == g_.layers[l] && n.parameter.empty();
      });
      if (hasOps) break;
      GraphViewNode node;
      node.title = g_.layer_types[l] + " " + g_.layers[l];
      node.module = node.layer = g_.layers[l];
      view_.nodes.push_back(node);
      view_.edges.push_back({static_cast<int>(view_.nodes.size()) - 2, static_cast<int>(view_.nodes.size()) - 1});
    }
    chainEnd_ = static_cast<int>(view_.nodes.size()) - 1;
  }

  int groupFor(size_t i) {
    const StepGraphNode& n = g_.nodes[i];
    const std::string key = groupKey(n, i, options_.expanded);
    const auto found = groups_.find(key);
    if (found != groups_.end()) return found->second;
    GraphViewNode node;
    node.layer = n.layer == "loss" ? "" : n.layer;
    if (n.layer == "loss") {
      node.kind = GraphViewNode::Kind::Loss;
      node.title = g_.loss >= 0 ? criterionName(g_.nodes[g_.loss].op) : "loss";
      node.module = "loss";
    } else if (key.find('#') != std::string::npos) {
      node.kind = GraphViewNode::Kind::Op;
      node.title = forwardName(n.op);
      node.module = n.module;
    } else {
      const auto type = g_.module_types.find(key);
      node.title = (type == g_.module_types.end() ? std::string() : type->second + " ") + lastPart(key);
      node.module = key;
    }
    for (const auto& m : g_.nodes)
      if (m.parameter.empty() && m.module != key && moduleWithin(m.module, key)) node.expandable = true;
    groups_[key] = static_cast<int>(view_.nodes.size());
    view_.nodes.push_back(node);
    return groups_[key];
  }

  // Edges between nodes; a node's shape is that of the op whose output leaves it.
  void connect(const std::vector<int>& groupOf) {
    std::set<std::pair<int, int>> seen;
    std::vector<bool> fed(view_.nodes.size(), false);
    for (const auto& e : view_.edges) fed[e.to] = true;
    for (const auto& e : g_.edges) {
      const int a = groupOf[e.from], b = groupOf[e.to];
      if (a < 0 || b < 0 || a == b) continue;
      if (view_.nodes[a].shape.empty()) view_.nodes[a].shape = g_.nodes[e.from].shape;
      fed[b] = true;
      if (seen.insert({a, b}).second) view_.edges.push_back({a, b});
    }
    if (g_.loss >= 0 && groupOf[g_.loss] >= 0) view_.nodes[groupOf[g_.loss]].shape = g_.nodes[g_.loss].shape;
    for (size_t i = chainEnd_ + 1; i < view_.nodes.size(); ++i)
      if (!fed[i]) view_.edges.push_back({chainEnd_, static_cast<int>(i)});
  }

  const StepGraph& g_;
  const GraphViewOptions& options_;
  GraphView view_;
  std::map<std::string, int> groups_;
  int chainEnd_ = 0;  // the input, or the last op-less layer after it
};

GraphView autogradView(const StepGraph& g) {
  GraphView view;
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const auto& n = g.nodes[i];
    GraphViewNode node;
    node.kind = !n.parameter.empty()            ? GraphViewNode::Kind::Leaf
                : static_cast<int>(i) == g.loss ? GraphViewNode::Kind::Loss
                                                : GraphViewNode::Kind::Op;
    node.title = n.parameter.empty() ? n.op : n.parameter;
    node.module = n.module;
    node.layer = n.layer == "loss" ? "" : n.layer;
    node.shape = n.shape;
    node.saved = n.saved;
    node.saved_known = n.saved_known;
    node.requires_grad = n.requires_grad;
    for (const auto& s : n.saved) node.saved_bytes += s.parameter ? 0 : s.bytes;
    if (!n.parameter.empty()) {
      node.parameters = 1;
      for (auto s : n.shape) node.parameters *= s;
    }
    view.nodes.push_back(node);
  }
  for (const auto& e : g.edges) view.edges.push_back({e.from, e.to});
  return view;
}

}  // namespace

const char* graphNodeFill(GraphViewNode::Kind kind) {
  switch (kind) {
    case GraphViewNode::Kind::Input: return "#eeeeee";
    case GraphViewNode::Kind::Op: return "#fff4d6";
    case GraphViewNode::Kind::Leaf: return "#dff3e0";
    case GraphViewNode::Kind::Loss: return "#fbe0de";
    default: return "#e3ecf8";
  }
}

GraphView graphViewOf(const StepGraph& graph, const GraphViewOptions& options) {
  if (options.autograd) return autogradView(graph);
  return ModelGraphBuilder(graph, options).build();
}

std::string compactCount(int64_t n) {
  char buf[32];
  if (n < 1000) return std::to_string(n);
  if (n < 1000000)
    std::snprintf(buf, sizeof buf, "%.1f K", static_cast<double>(n) / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.2f M", static_cast<double>(n) / 1e6);
  return buf;
}

std::string compactBytes(int64_t bytes) {
  char buf[32];
  if (bytes < 1000) return std::to_string(bytes) + " B";
  if (bytes < 1000000)
    std::snprintf(buf, sizeof buf, "%.1f KB", static_cast<double>(bytes) / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(bytes) / 1e6);
  return buf;
}

std::string savedNames(const std::vector<SavedTensor>& saved) {
  std::vector<std::pair<std::string, int>> counted;  // in order of first appearance
  for (const auto& s : saved) {
    const std::string name = s.name + (s.parameter ? "*" : "");
    auto it = std::find_if(counted.begin(), counted.end(), [&](const auto& c) { return c.first == name; });
    if (it == counted.end())
      counted.emplace_back(name, 1);
    else
      ++it->second;
  }
  std::string text;
  for (const auto& [name, count] : counted)
    text += (text.empty() ? "" : ", ") + (count > 1 ? std::to_string(count) + " × " : std::string()) + name;
  return text;
}

std::vector<std::string> englishGraphLabel(const GraphViewNode& n) {
  std::vector<std::string> lines{n.title + (n.expandable ? " (+)" : "")};
  if (!n.shape.empty()) lines.push_back(formatShape(n.shape));
  if (n.kind == GraphViewNode::Kind::Leaf) {
    lines.push_back(n.requires_grad ? "AccumulateGrad" : "requires_grad=False");
    return lines;
  }
  if (n.parameters > 0) lines.push_back(compactCount(n.parameters) + " params");
  if (!n.saved.empty()) {
    lines.push_back("saved " + compactBytes(n.saved_bytes) + ": " + savedNames(n.saved));
  } else if (!n.saved_known) {
    lines.push_back("saved: not read");
  } else if (n.saved_bytes > 0) {
    lines.push_back("saved " + compactBytes(n.saved_bytes));
  }
  return lines;
}

std::string graphDot(const GraphView& view, const std::string& title, const GraphLabeller& label) {
  std::string dot = "digraph " + dotString(title) + " {\n";
  dot +=
      "  graph [rankdir=TB, nodesep=0.25, ranksep=0.3, fontname=\"Helvetica\", fontsize=10, label=" + dotString(title) +
      ", labelloc=t];\n";
  dot += "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10, color=\"#6b7f99\"];\n";
  dot += "  edge [color=\"#777777\", arrowsize=0.6];\n";
  for (size_t i = 0; i < view.nodes.size(); ++i) {
    const auto& n = view.nodes[i];
    std::string text;
    for (const auto& line : label(n)) text += (text.empty() ? "" : "\n") + line;
    dot += "  n" + std::to_string(i) + " [label=" + dotString(text) + ", fillcolor=\"" + graphNodeFill(n.kind) + "\"";
    if (!n.layer.empty()) dot += ", tooltip=" + dotString("layer " + n.layer);
    dot += "];\n";
  }
  // Heavy edges between ops keep the chain of the forward pass straight; leaves hang beside it.
  for (const auto& e : view.edges) {
    const bool leaf = view.nodes[e.from].kind == GraphViewNode::Kind::Leaf;
    dot += "  n" + std::to_string(e.from) + " -> n" + std::to_string(e.to) + (leaf ? ";\n" : " [weight=8];\n");
  }
  return dot + "}\n";
}

}  // namespace trainscope
