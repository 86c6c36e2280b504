#include "engine/deploy/graph_layout.h"

#include <graphviz/gvc.h>

#include <memory>
#include <mutex>
#include <sstream>

namespace trainscope {

namespace {

std::mutex& graphvizLock() {
  static std::mutex lock;
  return lock;
}

// The graph laid out with dot and rendered as `format`; Graphviz's errors are collected
// instead of printed.
// Graphviz's error reporting pointed at `collected` while it works, and put back as it
// was afterwards (it is process-wide state).
class CollectedErrors {
 public:
  explicit CollectedErrors(std::string& collected) {
    messages() = &collected;
    oldWriter_ = agseterrf([](char* text) -> int {
      if (messages()) *messages() += text;
      return 0;
    });
    oldLevel_ = agseterr(AGERR);
  }
  ~CollectedErrors() {
    agseterrf(oldWriter_);
    agseterr(oldLevel_);
    agreseterrors();
    messages() = nullptr;
  }

 private:
  static std::string*& messages() {
    static std::string* m = nullptr;
    return m;
  }
  agusererrf oldWriter_;
  agerrlevel_t oldLevel_;
};

// The graph laid out with dot and rendered as `format`.
std::string render(const std::string& dot, const char* format, std::string* error) {
  std::lock_guard<std::mutex> hold(graphvizLock());
  std::string collected;
  CollectedErrors errors(collected);
  std::unique_ptr<GVC_t, int (*)(GVC_t*)> gvc(gvContext(), gvFreeContext);
  std::unique_ptr<Agraph_t, int (*)(Agraph_t*)> g(agmemread(dot.c_str()), agclose);
  if (!g) {
    *error = collected.empty() ? "Graphviz cannot read the graph" : collected;
    return {};
  }
  if (gvLayout(gvc.get(), g.get(), "dot") != 0) {
    *error = collected.empty() ? "Graphviz's dot layout is not available (libgvc6's plugins)" : collected;
    return {};
  }
  std::string out;
  char* data = nullptr;
  unsigned int length = 0;
  if (gvRenderData(gvc.get(), g.get(), format, &data, &length) == 0 && data)
    out.assign(data, length);
  else
    *error = collected.empty() ? std::string("Graphviz cannot write ") + format : collected;
  if (data) gvFreeRenderData(data);
  gvFreeLayout(gvc.get(), g.get());
  return out;
}

int nodeIndex(const std::string& name) {
  if (name.size() < 2 || name[0] != 'n') return -1;
  try {
    return std::stoi(name.substr(1));
  } catch (const std::exception&) {
    return -1;
  }
}

// Graphviz's "plain" format: inches, y up.
void parsePlain(const std::string& plain, GraphLayout& layout) {
  std::istringstream in(plain);
  std::string line;
  constexpr double kPoints = 72;
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::string kind;
    row >> kind;
    if (kind == "graph") {
      double scale = 1;
      row >> scale >> layout.width >> layout.height;
      layout.width *= kPoints, layout.height *= kPoints;
    } else if (kind == "node") {
      std::string name;
      GraphLayout::Box box;
      row >> name >> box.x >> box.y >> box.width >> box.height;
      const int i = nodeIndex(name);
      if (i < 0) continue;
      if (static_cast<size_t>(i) >= layout.nodes.size()) layout.nodes.resize(i + 1);
      box.x *= kPoints, box.y = layout.height - box.y * kPoints;
      box.width *= kPoints, box.height *= kPoints;
      layout.nodes[i] = box;
    } else if (kind == "edge") {
      std::string tail, head;
      int count = 0;
      row >> tail >> head >> count;
      GraphLayout::Curve curve{nodeIndex(tail), nodeIndex(head), {}};
      for (int k = 0; k < count; ++k) {
        double x = 0, y = 0;
        row >> x >> y;
        curve.points.emplace_back(x * kPoints, layout.height - y * kPoints);
      }
      layout.edges.push_back(std::move(curve));
    }
  }
}

}  // namespace

GraphLayout layoutDot(const std::string& dot) {
  GraphLayout layout;
  const std::string plain = render(dot, "plain", &layout.error);
  if (plain.empty()) return layout;
  parsePlain(plain, layout);
  layout.ok = true;
  return layout;
}

std::string renderDot(const std::string& dot, const std::string& format, std::string* error) {
  std::string ignored;
  return render(dot, format.c_str(), error ? error : &ignored);
}

}  // namespace trainscope
