#include "cli/graph_command.h"

#include "cli/cli_support.h"
#include "engine/deploy/graph_layout.h"
#include "engine/deploy/step_graph_view.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>

namespace trainscope::cli {

namespace {

nlohmann::json graphJson(const StepGraph& g) {
  nlohmann::json nodes = nlohmann::json::array();
  for (const auto& n : g.nodes) {
    nlohmann::json saved = nlohmann::json::array();
    for (const auto& s : n.saved)
      saved.push_back(
          {{"name", s.name}, {"shape", s.shape}, {"dtype", s.dtype}, {"bytes", s.bytes}, {"parameter", s.parameter}});
    nlohmann::json node{{"op", n.op},
                        {"module", n.module},
                        {"layer", n.layer},
                        {"module_type", n.module_type},
                        {"shape", n.shape},
                        {"saved", saved},
                        {"saved_known", n.saved_known}};
    if (!n.parameter.empty()) node["parameter"] = n.parameter, node["requires_grad"] = n.requires_grad;
    nodes.push_back(node);
  }
  nlohmann::json edges = nlohmann::json::array();
  for (const auto& e : g.edges) edges.push_back({e.from, e.to});
  return {{"model", g.model},   {"input_shape", g.input_shape},
          {"layers", g.layers}, {"layer_types", g.layer_types},
          {"nodes", nodes},     {"edges", edges},
          {"loss", g.loss},     {"saved_bytes", g.saved_bytes}};
}

std::set<std::string> expandedModules(const StepGraph& g, const std::vector<std::string>& asked) {
  std::set<std::string> expanded(asked.begin(), asked.end());
  return expanded.count("all") ? modulesWithParts(g) : expanded;
}

std::string formatOf(const GraphArgs& a) {
  if (!a.format.empty()) return a.format;
  const std::string ext = std::filesystem::path(a.out).extension().string();
  return ext == ".svg" ? "svg" : ext == ".json" ? "json" : "dot";
}

}  // namespace

int graphCommand(const GraphArgs& a) {
  return guarded([&] {
    const StepGraphResult r = a.run.empty() ? stepGraphOf(configFromFile(a.config, a.overrides, ""), a.batch)
                                            : stepGraphForRun(a.run, a.batch);
    if (!r.ok) {
      std::fprintf(stderr, "graph: %s%s%s\n", r.field.c_str(), r.field.empty() ? "" : ": ", r.error.c_str());
      return 2;
    }
    const StepGraph& g = r.graph;
    int leaves = 0;
    for (const auto& n : g.nodes) leaves += n.parameter.empty() ? 0 : 1;
    std::fprintf(stderr, "graph: %s, batch %lld: %zu grad_fn nodes and %d leaf tensors; %s saved for backward\n",
                 g.model.c_str(), static_cast<long long>(g.input_shape.front()), g.nodes.size() - leaves, leaves,
                 compactBytes(g.saved_bytes).c_str());
    const std::string format = formatOf(a);
    if (format == "json")
      return printOrWrite("graph", graphJson(g).dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n",
                          a.out, "JSON");
    GraphViewOptions options;
    options.autograd = a.autograd;
    options.expanded = expandedModules(r.structure, a.expand);
    const std::string title =
        g.model + (a.autograd ? ": the autograd graph of one step, batch " + std::to_string(g.input_shape.front())
                              : ": model graph");
    const std::string dot = graphDot(graphViewOf(a.autograd ? g : r.structure, options), title);
    if (format == "dot") return printOrWrite("graph", dot, a.out, "lay it out with Graphviz: dot -Tsvg");
    std::string error;
    const std::string svg = renderDot(dot, "svg", &error);
    if (svg.empty()) {
      std::fprintf(stderr, "graph: %s\n", error.c_str());
      return 1;
    }
    return printOrWrite("graph", svg, a.out, "open it in a browser");
  });
}

}  // namespace trainscope::cli
