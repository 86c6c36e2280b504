// Graphviz's dot layout (libgvc) of a DOT text: where each node and edge goes, and
// the drawing as SVG. One process-wide lock: Graphviz keeps global state.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace trainscope {

struct GraphLayout {
  struct Box {
    double x = 0, y = 0, width = 0, height = 0;  // centre and size, points; y grows down
  };
  struct Curve {
    int from = 0, to = 0;                           // node indices (DOT names n<index>)
    std::vector<std::pair<double, double>> points;  // a cubic B-spline's control points
  };
  bool ok = false;
  std::string error;
  double width = 0, height = 0;  // points (1/72 inch)
  std::vector<Box> nodes;        // by index
  std::vector<Curve> edges;
};

// Lays out a DOT graph whose nodes are named n0, n1, ...
GraphLayout layoutDot(const std::string& dot);

// Renders a DOT graph in a Graphviz output format ("svg"); empty with `error` set when
// Graphviz refuses it.
std::string renderDot(const std::string& dot, const std::string& format, std::string* error);

}  // namespace trainscope
